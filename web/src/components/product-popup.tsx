import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { storageKeys } from '@store/contract/constants';
import type { Product } from '@store/contract/catalog/products';
import { ApiError } from '../api/client';
import { useProduct, useRefreshPlaceCatalog } from '../api/get-product';
import { storage } from '../lib/storage';
import { useFormatPrice } from '../lib/money';
import { useDiscountedPrice } from '../lib/discount-prices';
import { isCoinsCart, useMemberCoins } from '../lib/member-coins';
import {
  canAdd,
  canSelectMore,
  coinsMissing,
  findLine,
  invalidGroups,
  isSingleChoice,
  lineTotal,
  removeLine,
  upsertLine,
  type CartItem,
} from '../lib/cart-logic';
import {
  LOADING_AFTER_ADD_MS,
  clearCart,
  commitCart,
  flashCartLoading,
  readCart,
  useStoredCart,
  type CartType,
} from '../lib/cart-store';
import { Modal } from './modal';
import { Loading } from './loading';
import { QuantityControl } from './quantity-control';

/** `cartType` 'subscription' (the /subscription screen) adds to the place's subscription cart instead. */
type Props = {
  placeUid: string;
  productUid: string;
  onClose: () => void;
  cartPath: string;
  cartType?: CartType;
};

/** The product popup: opened with a place uid and a product uid; loads the product. */
export function ProductPopup({
  placeUid,
  productUid,
  onClose,
  cartPath,
  cartType = 'cart',
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const product = useProduct(placeUid, productUid);
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="product-popup">
      {product.data ? (
        <ProductForm
          product={product.data}
          placeUid={placeUid}
          titleId={titleId}
          onClose={onClose}
          cartPath={cartPath}
          cartType={cartType}
        />
      ) : product.isError && isGone(product.error) ? (
        <ProductGone titleId={titleId} placeUid={placeUid} onClose={onClose} />
      ) : product.isError ? (
        <p id={titleId} className="product-popup__error">
          {t('catalog.loadError')}
        </p>
      ) : (
        <div id={titleId}>
          <Loading />
        </div>
      )}
    </Modal>
  );
}

/** The place no longer sells the product (hidden by the owner, or removed): a 404 of its answer. */
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * An old link to a product the store stopped selling (/products?product=uid): said in words,
 * and the place's lists are read again so the product leaves them too.
 */
function ProductGone({
  titleId,
  placeUid,
  onClose,
}: {
  titleId: string;
  placeUid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshPlaceCatalog(placeUid);
  useEffect(refresh, [refresh]);
  return (
    <div className="product-popup__gone" data-testid="product-gone">
      <h2 id={titleId}>{t('catalog.productGone')}</h2>
      <p>{t('catalog.productGoneHint')}</p>
      <button type="button" className="button button--primary" onClick={onClose}>
        {t('catalog.goShopping')}
      </button>
    </div>
  );
}

function initialSelection(line: CartItem | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const group of line?.option_groups ?? [])
    out[group.uid] = group.options.map((option) => option.uid);
  return out;
}

function ProductForm({
  product,
  placeUid,
  titleId,
  onClose,
  cartPath,
  cartType,
}: {
  product: Product;
  placeUid: string;
  titleId: string;
  onClose: () => void;
  cartPath: string;
  cartType: CartType;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const discounted = useDiscountedPrice(placeUid)(product);
  const navigate = useNavigate();
  const cart = useStoredCart(placeUid, cartType);
  const line = cart ? findLine(cart.products, product.uid) : undefined;
  // Quantity starts at 1 with no options, or with what the cart holds.
  const [quantity, setQuantity] = useState(line?.quantity ?? 1);
  const [selected, setSelected] = useState<Record<string, string[]>>(() => initialSelection(line));
  const groups = product.option_groups.filter(
    (group) => group.is_active && group.options.length > 0,
  );
  const invalid = invalidGroups(groups, selected);
  // The member's coins of the company's program (a visitor has none, so the full price is missing).
  const memberCoins = useMemberCoins();
  const paidWithCoins = isCoinsCart([product]);
  const missing =
    product.is_redeemable && !memberCoins.loading
      ? coinsMissing(product.coin_price, quantity, memberCoins.coins)
      : 0;
  // A cart is all-coins or all-money (the server refuses a mix), so the other kind cannot join it.
  const others = cart?.products.filter((l) => l.uid !== product.uid) ?? [];
  const mixed = cartType === 'cart' && others.length > 0 && isCoinsCart(others) !== paidWithCoins;
  const addable =
    canAdd(groups, selected, quantity) && missing === 0 && !mixed && !memberCoins.loading;
  const atStock = product.stock !== null && quantity >= product.stock;

  const toggle = (groupUid: string, optionUid: string, checked: boolean) => {
    setSelected((current) => {
      const list = current[groupUid] ?? [];
      return {
        ...current,
        [groupUid]: checked ? [...list, optionUid] : list.filter((uid) => uid !== optionUid),
      };
    });
  };

  const choose = (groupUid: string, optionUid: string | null) =>
    setSelected((current) => ({ ...current, [groupUid]: optionUid ? [optionUid] : [] }));

  const item = (): Omit<CartItem, 'id'> => ({
    uid: product.uid,
    title: product.title,
    image: product.image,
    quantity,
    direct_purchase: product.direct_purchase,
    is_redeemable: product.is_redeemable,
    coin_price: product.coin_price,
    stock: product.stock,
    unit_price: product.unit_price,
    category_uid: product.category?.uid ?? null,
    option_groups: groups
      .map((group) => ({
        uid: group.uid,
        name: group.name,
        options: group.options
          .filter((option) => selected[group.uid]?.includes(option.uid))
          .map((option) => ({ uid: option.uid, name: option.name, price: option.price })),
      }))
      .filter((group) => group.options.length > 0),
  });
  // What the line will cost with the options chosen, so the buyer sees it before adding.
  const runningTotal = lineTotal({ ...item(), id: '' });

  const submit = () => {
    storage.set(storageKeys.itemExchange, String(product.is_redeemable));
    // A subscription repeats its lines, so a direct-purchase product is an ordinary line there.
    if (product.direct_purchase && cartType === 'cart') {
      // A direct purchase is bought alone: the place's cart is cleared and the cart page opens.
      clearCart(placeUid);
      storage.set(storageKeys.skipBuyService, 'true');
      void commitCart({ place: placeUid, products: upsertLine([], item()) });
      // Replaces the popup's history entry: closing first would race its own 'back'.
      navigate(cartPath, { replace: true });
      return;
    }
    void commitCart(
      { place: placeUid, products: upsertLine(readCart(placeUid, cartType).products, item()) },
      cartType,
    );
    flashCartLoading(LOADING_AFTER_ADD_MS);
    toast.success(line ? t('catalog.updated') : t('catalog.added'), {
      toastId: `added-${product.uid}`,
    });
    onClose();
  };

  const remove = () => {
    void commitCart(
      { place: placeUid, products: removeLine(readCart(placeUid, cartType).products, product.uid) },
      cartType,
    );
    flashCartLoading(LOADING_AFTER_ADD_MS);
    toast.success(t('catalog.removed'));
    onClose();
  };

  return (
    <form
      className="product-popup__body"
      onSubmit={(event) => {
        event.preventDefault();
        if (addable) submit();
      }}
    >
      <div className="product-popup__media">
        {product.image ? (
          <img src={product.image} alt="" />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="product-popup__content">
        <h2 id={titleId} className="product-popup__title">
          {product.title}
        </h2>
        {product.short_description ? (
          <p className="product-popup__description">{product.short_description}</p>
        ) : null}
        <p className="product-popup__price">
          {product.is_redeemable && product.coin_price !== null
            ? t('catalog.coins', { count: product.coin_price })
            : discounted
              ? [
                  <s key="was" className="price-was">
                    {price(product.unit_price)}
                  </s>,
                  ' ',
                  <span key="now" className="price-now" data-testid="popup-discounted-price">
                    {price(discounted.price)}
                  </span>,
                  <span key="why" className="price-rule">
                    {discounted.name}
                  </span>,
                ]
              : price(product.unit_price)}
        </p>
        {paidWithCoins && memberCoins.known ? (
          <p className="product-popup__coins" data-coins={memberCoins.coins}>
            {t('catalog.yourCoins', { count: memberCoins.coins })}
          </p>
        ) : null}
        {missing > 0 ? (
          <p className="product-popup__warning" role="status">
            {t('catalog.coinsMissing', { count: missing })}
          </p>
        ) : null}
        {mixed ? (
          <p className="product-popup__warning" role="status">
            {t(paidWithCoins ? 'catalog.coinsCartOnlyMoney' : 'catalog.coinsCartOnlyCoins')}
          </p>
        ) : null}
        {groups.map((group) => {
          const chosen = selected[group.uid] ?? [];
          const more = canSelectMore(group, selected);
          const bad = invalid.includes(group.uid);
          return (
            <fieldset key={group.uid} className="option-group">
              <legend className="option-group__legend">
                <span>{group.name}</span>
                <span className={`option-group__rule${bad ? ' option-group__rule--bad' : ''}`}>
                  {ruleText(t, group.minimum_to_select, group.maximum_to_select)}
                </span>
              </legend>
              {isSingleChoice(group) && group.minimum_to_select === 0 ? (
                // An optional single choice: radios cannot be unticked, so 'none' is a choice too.
                <label className="option">
                  <input
                    type="radio"
                    name={`group-${group.uid}`}
                    checked={chosen.length === 0}
                    onChange={() => choose(group.uid, null)}
                  />
                  <span className="option__name">{t('catalog.noOption')}</span>
                </label>
              ) : null}
              {group.options
                .filter((option) => option.is_active)
                .map((option) => {
                  const checked = chosen.includes(option.uid);
                  return (
                    <label key={option.uid} className="option">
                      {isSingleChoice(group) ? (
                        <input
                          type="radio"
                          name={`group-${group.uid}`}
                          checked={checked}
                          onChange={() => choose(group.uid, option.uid)}
                        />
                      ) : (
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={!checked && !more}
                          onChange={(event) => toggle(group.uid, option.uid, event.target.checked)}
                        />
                      )}
                      <span className="option__name">{option.name}</span>
                      {Number(option.price) > 0 ? (
                        <span className="option__price">+ {price(option.price)}</span>
                      ) : null}
                    </label>
                  );
                })}
            </fieldset>
          );
        })}
      </div>
      <div className="product-popup__actions">
        {!paidWithCoins && quantity > 0 ? (
          <p className="product-popup__total" data-testid="popup-total" aria-live="polite">
            {t('catalog.lineTotal', { amount: price(runningTotal) })}
          </p>
        ) : null}
        <QuantityControl
          value={quantity}
          min={0}
          onChange={setQuantity}
          plusDisabled={atStock}
          label={t('catalog.quantity')}
        />
        {quantity === 0 && line ? (
          <button type="button" className="button button--danger" onClick={remove}>
            {t('catalog.remove')}
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary product-popup__add"
            disabled={!addable}
          >
            {line ? t('catalog.edit') : t('catalog.add')}
          </button>
        )}
      </div>
    </form>
  );
}

function ruleText(
  t: (key: string, options?: Record<string, unknown>) => string,
  min: number,
  max: number,
): string {
  if (min > 0 && min === max) return t('catalog.chooseExactly', { count: min });
  if (min > 0) return t('catalog.chooseBetween', { min, max });
  if (max > 0) return t('catalog.chooseUpTo', { count: max });
  return t('catalog.optional');
}
