import { lazy, Suspense, useEffect } from 'react';
import { useOpenProduct } from '../../../lib/use-open-product';
import { Link, useNavigate } from 'react-router';
import { storageKeys } from '@store/contract/constants';
import { storage } from '../../../lib/storage';
import { useTranslation } from 'react-i18next';
import { usePlaces } from '../../../api/get-places';
import { usePlaceDiscounts } from '../../../api/get-place-discounts';
import { useCurrentCompany } from '../../../lib/current-company';
import { isHiddenForMembers } from '../../../lib/tenant';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { useFormatPrice } from '../../../lib/money';
import { cartSubtotal } from '../../../lib/cart-logic';
import { cartCoinTotal, isCoinsCart } from '../../../lib/member-coins';
import {
  setCartType,
  useCartLoading,
  useCartType,
  useServerCartSync,
  useStoredCart,
  type CartType,
} from '../../../lib/cart-store';
import { CartLines } from '../../../components/cart-lines';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';
import { Loading } from '../../../components/loading';
import { CartTypeSwitch } from '../../../components/cart-type-switch';

const ProductPopup = lazy(() =>
  import('../../../components/product-popup').then((m) => ({ default: m.ProductPopup })),
);

/**
 * /cart: the selected place's lines with their prices (the server's when logged in, local ones
 * otherwise) and the subtotal. With subscriptions on, a switch shows the normal cart or the
 * subscription cart (`typeCart`); each keeps its lines and has its own checkout.
 */
export function CartPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const price = useFormatPrice();
  const placeUid = useSelectedPlaceUid();
  const places = usePlaces(company.uid);
  const place = places.data?.find((p) => p.uid === placeUid);
  const discounts = usePlaceDiscounts(placeUid);
  const chosenType = useCartType();
  const cartType: CartType =
    chosenType === 'subscription' && company.subscription_enabled ? 'subscription' : 'cart';
  const subscribing = cartType === 'subscription';
  const cart = useStoredCart(placeUid, cartType);
  const loading = useCartLoading();
  const { openUid, open: setOpenUid, close: closeProduct } = useOpenProduct();
  useServerCartSync(placeUid);

  // A direct purchase (skipBuyService, set by the product popup) skips the cart review: the
  // flag is consumed once and the checkout opens in the cart page's place in the history.
  const navigate = useNavigate();
  const hasLines = (cart?.products.length ?? 0) > 0;
  useEffect(() => {
    if (storage.get(storageKeys.skipBuyService) !== 'true' || subscribing) return;
    storage.remove(storageKeys.skipBuyService);
    if (hasLines) navigate(`${company.prefix}/checkout`, { replace: true });
  }, [hasLines, company.prefix, navigate, subscribing]);

  if (!company.ecommerce_enabled || isHiddenForMembers(company, 'cart')) return <NotFound />;
  const productsPath = `${company.prefix}/${subscribing ? 'subscription' : 'products'}`;
  const cartSwitch = company.subscription_enabled ? (
    <CartTypeSwitch placeUid={placeUid} value={cartType} onChange={setCartType} />
  ) : null;
  if (!placeUid || !cart || cart.products.length === 0) {
    return (
      <div className="cart-page">
        {cartSwitch}
        <PageMessage title={subscribing ? t('subscription.emptyCart') : t('catalog.emptyCart')}>
          <Link className="button button--primary" to={productsPath}>
            {subscribing ? t('subscription.goChoose') : t('catalog.goShopping')}
          </Link>
        </PageMessage>
      </div>
    );
  }
  // The place's line and the lines' discounts come after the stored lines. Drawn before them,
  // the card grew a line under a finger already on "Continuar con la compra": the press landed
  // on the button and the release on the subtotal, so nothing opened (a browser test under load
  // caught it, issue 38). The card waits for both (cached after the store's pages).
  if (places.isLoading || discounts.isLoading)
    return (
      <div className="cart-page">
        {cartSwitch}
        <Loading />
      </div>
    );
  return (
    <div className="cart-page">
      {cartSwitch}
      <div className="cart-page__card" aria-busy={loading}>
        <h1 className="cart-page__title">
          {subscribing ? t('subscription.cartTitle') : t('catalog.orderConfirmation')}
        </h1>
        {subscribing ? (
          <p className="subscription-summary__note">{t('subscription.cartNote')}</p>
        ) : null}
        {place ? (
          <p className="cart-page__place">
            <strong>{place.name}</strong> · {place.address}
          </p>
        ) : null}
        <CartLines cart={cart} onOpenProduct={setOpenUid} type={cartType} />
        <p className="cart-panel__subtotal">
          <span>{t('catalog.subtotal')}</span>
          <strong data-testid="cart-subtotal">
            {isCoinsCart(cart.products)
              ? t('catalog.coins', { count: cartCoinTotal(cart.products) })
              : price(cartSubtotal(cart))}
          </strong>
        </p>
        <Link
          className="button button--primary cart-page__checkout"
          to={`${company.prefix}/${subscribing ? 'subscription/checkout' : 'checkout'}`}
        >
          {subscribing ? t('subscription.goToCheckout') : t('checkout.goToCheckout')}
        </Link>
        <Link className="button button--ghost" to={productsPath}>
          {t('catalog.keepShopping')}
        </Link>
      </div>
      {openUid ? (
        <Suspense fallback={null}>
          <ProductPopup
            placeUid={placeUid}
            productUid={openUid}
            onClose={closeProduct}
            cartPath={`${company.prefix}/cart`}
            cartType={cartType}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
