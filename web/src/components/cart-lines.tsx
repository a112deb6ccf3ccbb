import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../lib/money';
import { useCartDiscounts } from '../lib/discount-prices';
import { centsToMoney, moneyToCents } from '@store/contract/catalog/cents';
import {
  canIncrease,
  lineTotal,
  previewExtras,
  setLineQuantity,
  type StoredCart,
} from '../lib/cart-logic';
import {
  LOADING_AFTER_ZERO_MS,
  commitCart,
  flashCartLoading,
  readCart,
  type CartType,
} from '../lib/cart-store';
import { toastSuccess } from '../lib/toast';
import { QuantityControl } from './quantity-control';
import '../styles/catalog.css';

/**
 * The lines of a place's cart: title, extras (the first 8, then an ellipsis button that opens
 * the product popup), quantity control (plus disabled at stock; 0 removes the line) and total.
 */
export function CartLines({
  cart,
  onOpenProduct,
  type = 'cart',
}: {
  cart: StoredCart;
  onOpenProduct: (uid: string) => void;
  type?: CartType;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const discounts = useCartDiscounts(
    cart.place,
    cart.products.map((item) => ({
      productUid: item.uid,
      categoryUid: item.category_uid ?? null,
      quantity: item.quantity,
      totalCents: item.is_redeemable ? 0 : moneyToCents(lineTotal(item)),
    })),
  );

  const change = (id: string, quantity: number) => {
    void commitCart(
      {
        place: cart.place,
        products: setLineQuantity(readCart(cart.place, type).products, id, quantity),
      },
      type,
    );
    if (quantity <= 0) {
      flashCartLoading(LOADING_AFTER_ZERO_MS);
      toastSuccess(t('catalog.removed'));
    }
  };

  return (
    <ul className="cart-lines">
      {cart.products.map((item, index) => {
        const extras = previewExtras(item);
        const off = discounts?.lineDiscountCents[index] ?? 0;
        return (
          <li key={item.id} className="cart-line" data-line={item.id}>
            {item.image ? (
              <img className="cart-line__image" src={item.image} alt="" />
            ) : (
              <span className="cart-line__image" aria-hidden="true" />
            )}
            <div className="cart-line__main">
              <p className="cart-line__title">{item.title}</p>
              {extras.shown.length > 0 ? (
                <p className="cart-line__extras">
                  {extras.shown.join(', ')}
                  {extras.more ? (
                    <button
                      type="button"
                      className="cart-line__more"
                      onClick={() => onOpenProduct(item.uid)}
                      aria-label={t('catalog.moreExtras', { title: item.title })}
                    >
                      …
                    </button>
                  ) : null}
                </p>
              ) : null}
              <div className="cart-line__row">
                <QuantityControl
                  value={item.quantity}
                  onChange={(quantity) => change(item.id, quantity)}
                  plusDisabled={!canIncrease(item)}
                  label={t('catalog.quantityOf', { title: item.title })}
                />
                <span className="cart-line__total">
                  {item.is_redeemable && item.coin_price !== null
                    ? t('catalog.coins', { count: item.coin_price * item.quantity })
                    : off > 0
                      ? [
                          <s key="was" className="price-was">
                            {price(lineTotal(item))}
                          </s>,
                          ' ',
                          <span key="now" className="price-now" data-testid="cart-line-discounted">
                            {price(centsToMoney(moneyToCents(lineTotal(item)) - off))}
                          </span>,
                        ]
                      : price(lineTotal(item))}
                </span>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
