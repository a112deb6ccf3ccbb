import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { storageKeys } from '@store/contract/constants';
import { storage } from '../../../lib/storage';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { placesQuery } from '../../../api';
import { useCurrentCompany } from '../../../lib/current-company';
import { isHiddenForMembers, useTenant } from '../../../lib/tenant';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { useFormatPrice } from '../../../lib/money';
import { cartSubtotal } from '../../../lib/cart-logic';
import { useCartLoading, useServerCartSync, useStoredCart } from '../../../lib/cart-store';
import { CartLines } from '../../../components/cart-lines';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';

const ProductPopup = lazy(() =>
  import('../../../components/product-popup').then((m) => ({ default: m.ProductPopup })),
);

/**
 * /cart: the selected place's lines with their prices (the server's when logged in, local ones
 * otherwise) and the subtotal.
 */
export function CartPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const company = useCurrentCompany();
  const price = useFormatPrice();
  const placeUid = useSelectedPlaceUid();
  const places = useQuery(placesQuery(company.uid));
  const place = places.data?.find((p) => p.uid === placeUid);
  const cart = useStoredCart(placeUid);
  const loading = useCartLoading();
  const [openUid, setOpenUid] = useState<string | null>(null);
  useServerCartSync(placeUid);

  // A direct purchase (skipBuyService, set by the product popup) skips the cart review: the
  // flag is consumed once and the checkout opens in the cart page's place in the history.
  const navigate = useNavigate();
  const hasLines = (cart?.products.length ?? 0) > 0;
  useEffect(() => {
    if (storage.get(storageKeys.skipBuyService) !== 'true') return;
    storage.remove(storageKeys.skipBuyService);
    if (hasLines) navigate(`${company.prefix}/checkout`, { replace: true });
  }, [hasLines, company.prefix, navigate]);

  if (!company.ecommerce_enabled || isHiddenForMembers(app.company, 'cart')) return <NotFound />;
  const productsPath = `${company.prefix}/products`;
  if (!placeUid || !cart || cart.products.length === 0) {
    return (
      <PageMessage title={t('catalog.emptyCart')}>
        <Link className="button button--primary" to={productsPath}>
          {t('catalog.goShopping')}
        </Link>
      </PageMessage>
    );
  }
  return (
    <div className="cart-page">
      <div className="cart-page__card" aria-busy={loading}>
        <h1 className="cart-page__title">{t('catalog.orderConfirmation')}</h1>
        {place ? (
          <p className="cart-page__place">
            <strong>{place.name}</strong> · {place.address}
          </p>
        ) : null}
        <CartLines cart={cart} onOpenProduct={setOpenUid} />
        <p className="cart-panel__subtotal">
          <span>{t('catalog.subtotal')}</span>
          <strong data-testid="cart-subtotal">{price(cartSubtotal(cart))}</strong>
        </p>
        <Link
          className="button button--primary cart-page__checkout"
          to={`${company.prefix}/checkout`}
        >
          {t('checkout.goToCheckout')}
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
            onClose={() => setOpenUid(null)}
            cartPath={`${company.prefix}/cart`}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
