import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { storageKeys } from '@store/contract/constants';
import { storage } from '../../../lib/storage';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAreas } from '../../../api/get-areas';
import { useCityPlaces } from '../../../api/get-places';
import { usePrefetchCompanyAds } from '../../../api/get-company-ads';
import { usePlaceProducts } from '../../../api/get-place-products';
import { usePlaceCategories } from '../api/get-place-categories';
import { useCurrentCompany } from '../../../lib/current-company';
import { isHiddenForMembers } from '../../../lib/tenant';
import {
  selectPlace,
  useChooseCity,
  useSelectedAreaUid,
  useSelectedPlaceUid,
} from '../../../lib/place-selection';
import { useOpenProduct } from '../../../lib/use-open-product';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { setCartType, useServerCartSync, type CartType } from '../../../lib/cart-store';
import { ALL_CATEGORIES_UID, CategoryBar } from '../../../components/category-bar';
import { ProductGrid } from '../../../components/product-grid';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { CartTypeSwitch } from '../../../components/cart-type-switch';
import { CartPanel } from './cart-panel';
import { OpensSoon } from '../../../components/opens-soon';
import { CompanyAds } from '../../../components/company-ads';
import { compareNames } from '../../../lib/names';

const ProductPopup = lazy(() =>
  import('../../../components/product-popup').then((m) => ({ default: m.ProductPopup })),
);

const subscribeNothing = () => () => undefined;

/** Search waits until typing stops for this long (section 9). */
export const SEARCH_DEBOUNCE_MS = 800;

/** /subscription: the products of the places with subscriptions, added to the subscription cart. */

export function SubscriptionProductsPage() {
  return <ProductsPage cartType="subscription" />;
}

/**
 * /products: place and city selectors, category chips, search, the product grid and the cart
 * panel. With `cartType` 'subscription' it is the subscription screen: only places with
 * subscription_enabled, and products go to the place's subscription cart.
 */
export function ProductsPage({ cartType = 'cart' }: { cartType?: CartType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const company = useCurrentCompany();
  const placeUid = useSelectedPlaceUid();
  const areaUid = useSelectedAreaUid();
  const subscribing = cartType === 'subscription';
  // The banners load beside the cities and places, not after them: the first banner is the
  // page's largest paint on a phone.
  usePrefetchCompanyAds(company.uid, !subscribing);
  const areas = useAreas(company.uid);
  const multipleAreas = (areas.data?.length ?? 0) > 1;
  // The city filters the places only when there is a choice of cities.
  const places = useCityPlaces(company.uid, multipleAreas ? areaUid : null);
  const listed = [...(places.data ?? [])]
    .filter((p) => !subscribing || p.subscription_enabled)
    .sort((a, b) => compareNames(a.name, b.name));
  // No city chosen yet: the first place's city shows as chosen, as it will be once the effect
  // below takes that place (so the server's page and the hydrated one show the same).
  const shownArea = multipleAreas ? (areaUid ?? listed[0]?.locality.area.uid ?? null) : null;
  const placeList =
    areaUid || !shownArea ? listed : listed.filter((p) => p.locality.area.uid === shownArea);
  // The screen tells which cart is in use: the cart page then opens on it.
  useEffect(() => setCartType(cartType), [cartType]);
  const offersSubscriptions = company.subscription_enabled;
  const chosenPlace = placeList.find((p) => p.uid === placeUid) ?? null;
  // What shows is the chosen place, else the first one (the effect below makes it the chosen
  // one): the first render, the server's too, already lists its products.
  const place = chosenPlace ?? placeList[0] ?? null;

  // No place chosen yet (or not one of this city/company): the first one is taken. The choice is
  // read again here: one the shopper made between the render and this effect must stand.
  useEffect(() => {
    if (!places.isSuccess || placeList.length === 0 || chosenPlace) return;
    const chosen = storage.get(storageKeys.selectedPlaceUid);
    if (!placeList.some((p) => p.uid === chosen)) selectPlace(placeList[0]);
  }, [places.isSuccess, placeList, chosenPlace]);

  useServerCartSync(place?.uid ?? null);

  // The chosen category is kept in localStorage `sectionSearchProduct` (spec: selecting a
  // category stores its uid), so coming back to the products finds the same section.
  // Read as an external store so the server's render and its hydration both show All, and a
  // returning shopper's section follows in the next render (no hydration mismatch).
  const storedCategory = useSyncExternalStore(
    subscribeNothing,
    () => storage.get(storageKeys.sectionSearchProduct),
    () => null,
  );
  const [chosenCategory, setCategoryState] = useState<string | null>(null);
  const category = chosenCategory ?? (storedCategory || ALL_CATEGORIES_UID);
  const setCategory = (uid: string) => {
    storage.set(storageKeys.sectionSearchProduct, uid);
    setCategoryState(uid);
  };
  const [search, setSearch] = useState('');
  const searchRef = useTypedBeforeHydration(search, setSearch, 'products-search');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { openUid, open: setOpenUid, close: closeProduct } = useOpenProduct();
  // Another place has other categories: switching place goes back to All.
  // The chosen place, not the one shown meanwhile: a returning shopper's own place replacing the
  // server render's first place (after hydration) keeps the remembered category.
  const shownPlace = useRef(chosenPlace?.uid);
  useEffect(() => {
    if (!chosenPlace) return;
    if (shownPlace.current && shownPlace.current !== chosenPlace.uid)
      setCategory(ALL_CATEGORIES_UID);
    shownPlace.current = chosenPlace.uid;
  }, [chosenPlace?.uid]);

  const categories = usePlaceCategories(place?.uid ?? '', { enabled: Boolean(place) });
  // A remembered category this place does not have is forgotten.
  useEffect(() => {
    if (
      categories.isSuccess &&
      category !== ALL_CATEGORIES_UID &&
      !categories.data.some((c) => c.uid === category)
    )
      setCategory(ALL_CATEGORIES_UID);
  }, [categories.isSuccess, categories.data, category]);
  const filters = {
    product_category: category === ALL_CATEGORIES_UID ? undefined : category,
    search: term || undefined,
  };
  // On the store, coin-priced products have their own section (spec: the coin-redemption card)
  // above the money ones; both follow the chosen category and the search. The subscription
  // screen keeps one list, as before.
  const products = usePlaceProducts(
    place?.uid ?? '',
    subscribing ? filters : { ...filters, is_redeemable: false },
    { enabled: Boolean(place) },
  );
  const redeemable = usePlaceProducts(
    place?.uid ?? '',
    { ...filters, is_redeemable: true },
    { enabled: Boolean(place) && !subscribing },
  );
  const redeemableCount = subscribing ? 0 : (redeemable.data?.pages[0]?.count ?? 0);

  const chooseCity = useChooseCity();

  const cityId = useId();
  const placeId = useId();
  const searchId = useId();
  const redeemId = useId();
  const cartVisible = company.ecommerce_enabled && !isHiddenForMembers(company, 'cart');

  const cartSwitch = offersSubscriptions ? (
    <CartTypeSwitch
      placeUid={place?.uid ?? null}
      value={cartType}
      onChange={(type) => {
        if (type !== cartType)
          navigate(`${company.prefix}/${type === 'subscription' ? 'subscription' : 'products'}`);
      }}
    />
  ) : null;

  // The toolbar waits for the cities and places, so nothing below it jumps when they arrive (CLS).
  if (areas.isPending || places.isPending) return <Loading />;
  if (places.isSuccess && placeList.length === 0) {
    if (company.opensSoon && !subscribing) return <OpensSoon name={company.name} />;
    return (
      <PageMessage title={subscribing ? t('subscription.noPlaces') : t('catalog.noPlaces')}>
        {subscribing ? (
          <Link className="button button--primary" to={`${company.prefix}/products`}>
            {t('catalog.goShopping')}
          </Link>
        ) : null}
      </PageMessage>
    );
  }

  return (
    <div className={`products-page${cartVisible ? ' products-page--with-cart' : ''}`}>
      <div className="products-page__main">
        {subscribing ? null : <CompanyAds companyUid={company.uid} />}
        {cartSwitch}
        {subscribing ? (
          <div className="subscription-intro">
            <h1>{t('subscription.title')}</h1>
            <p>
              {t('subscription.intro')}{' '}
              <Link to={`${company.prefix}/subscription/me`}>
                {t('subscription.mySubscriptions')}
              </Link>
            </p>
          </div>
        ) : null}
        <div className="store-toolbar">
          {multipleAreas ? (
            <div className="store-toolbar__field">
              <label htmlFor={cityId}>{t('catalog.city')}</label>
              <select
                id={cityId}
                value={shownArea ?? ''}
                onChange={(event) => chooseCity(event.target.value)}
              >
                {!shownArea ? <option value="">{t('catalog.chooseCity')}</option> : null}
                {areas.data?.map((area) => (
                  <option key={area.uid} value={area.uid}>
                    {area.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="store-toolbar__field store-toolbar__field--wide">
            <label htmlFor={placeId}>{t('catalog.place')}</label>
            <select
              id={placeId}
              value={place?.uid ?? ''}
              onChange={(event) => {
                const chosen = placeList.find((p) => p.uid === event.target.value);
                if (chosen) selectPlace(chosen);
              }}
            >
              {!place ? <option value="">{t('catalog.choosePlace')}</option> : null}
              {placeList.map((p) => (
                <option key={p.uid} value={p.uid}>
                  {`${p.name} — ${p.address}`}
                </option>
              ))}
            </select>
          </div>
        </div>

        {place ? (
          <>
            <CategoryBar
              categories={categories.data ?? []}
              selected={category}
              onSelect={setCategory}
            />
            <div className="store-search">
              <label htmlFor={searchId} className="visually-hidden">
                {t('catalog.search')}
              </label>
              <svg
                className="store-search__icon"
                width="20"
                height="20"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <circle cx="11" cy="11" r="7" />
                <path d="M20 20l-3.5-3.5" />
              </svg>
              <input
                ref={searchRef}
                data-early-text="products-search"
                id={searchId}
                type="search"
                value={search}
                placeholder={t('catalog.searchPlaceholder')}
                onChange={(event) => setSearch(event.target.value)}
                maxLength={100}
              />
            </div>
            {redeemableCount > 0 ? (
              <section className="redeem-section" aria-labelledby={redeemId}>
                <h2 id={redeemId} className="redeem-section__title">
                  {t('catalog.redeemTitle')}
                </h2>
                <p className="redeem-section__text">{t('catalog.redeemText')}</p>
                <ProductGrid
                  data={redeemable.data}
                  isLoading={false}
                  hasNextPage={redeemable.hasNextPage}
                  isFetchingNextPage={redeemable.isFetchingNextPage}
                  fetchNextPage={redeemable.fetchNextPage}
                  onOpen={company.ecommerce_enabled ? setOpenUid : undefined}
                />
              </section>
            ) : null}
            <ProductGrid
              data={products.data}
              isLoading={products.isLoading || (!subscribing && redeemable.isLoading)}
              hasNextPage={products.hasNextPage}
              isFetchingNextPage={products.isFetchingNextPage}
              fetchNextPage={products.fetchNextPage}
              onOpen={company.ecommerce_enabled ? setOpenUid : undefined}
              // A search or a category that found nothing says so; a place with nothing to sell
              // says that instead, and the money list says nothing when coin products showed.
              emptyText={
                redeemableCount > 0
                  ? null
                  : term
                    ? t('common.noResultsFor', { term })
                    : category !== ALL_CATEGORIES_UID
                      ? t('common.noResults')
                      : t('catalog.noProducts')
              }
            />
          </>
        ) : (
          <Loading />
        )}
      </div>
      {cartVisible && place ? (
        <CartPanel
          placeUid={place.uid}
          cartPath={`${company.prefix}/cart`}
          onOpenProduct={setOpenUid}
          cartType={cartType}
        />
      ) : null}
      {openUid && place ? (
        <Suspense fallback={null}>
          <ProductPopup
            placeUid={place.uid}
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
