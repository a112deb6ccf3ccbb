import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../lib/money';
import { cartCount, cartSubtotal } from '../../../lib/cart-logic';
import { setCartType, useCartLoading, useStoredCart, type CartType } from '../../../lib/cart-store';
import { CartLines } from '../../../components/cart-lines';
import { cartCoinTotal, isCoinsCart } from '../../../lib/member-coins';

/**
 * The cart of the selected place beside the products (300 px at 1000 px and wider), with its
 * 'Cargando...' overlay and the confirm button; on narrower screens a bar that leads to /cart.
 */
export function CartPanel({
  placeUid,
  cartPath,
  onOpenProduct,
  cartType = 'cart',
}: {
  placeUid: string;
  cartPath: string;
  onOpenProduct: (uid: string) => void;
  cartType?: CartType;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const cart = useStoredCart(placeUid, cartType);
  // The cart page shows the cart this panel leads from.
  const toCart = () => setCartType(cartType);
  const loading = useCartLoading();
  const count = cart ? cartCount(cart.products) : 0;
  const subtotal = cart ? cartSubtotal(cart) : '0.00';
  return (
    <>
      <aside className="cart-panel" aria-labelledby="cart-panel-title" aria-busy={loading}>
        <h2 id="cart-panel-title" className="cart-panel__title">
          {cartType === 'subscription'
            ? t('subscription.mySubscriptionCart')
            : t('catalog.myOrder')}
        </h2>
        {cart && cart.products.length > 0 ? (
          <>
            <CartLines cart={cart} onOpenProduct={onOpenProduct} type={cartType} />
            <p className="cart-panel__subtotal">
              <span>{t('catalog.subtotal')}</span>
              <strong>
                {cart && isCoinsCart(cart.products)
                  ? t('catalog.coins', { count: cartCoinTotal(cart.products) })
                  : price(subtotal)}
              </strong>
            </p>
            <Link
              to={cartPath}
              className="button button--primary cart-panel__confirm"
              onClick={toCart}
            >
              {cartType === 'subscription' ? t('subscription.confirm') : t('catalog.confirm')}
            </Link>
          </>
        ) : (
          <p className="cart-panel__empty">{t('catalog.emptyCart')}</p>
        )}
        {loading ? (
          <div className="cart-panel__overlay" role="status">
            <span className="loading__spinner" aria-hidden="true" />
            <span>{t('common.loading')}</span>
          </div>
        ) : null}
      </aside>
      {count > 0 ? (
        <Link to={cartPath} className="cart-bar" onClick={toCart}>
          <span className="cart-bar__count">{count}</span>
          <span>{t('catalog.viewCart')}</span>
          <strong>{price(subtotal)}</strong>
        </Link>
      ) : null}
    </>
  );
}
