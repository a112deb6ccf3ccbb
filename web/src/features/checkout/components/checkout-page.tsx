import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Coupon, OrderQuote } from '@store/contract/orders/schemas';
import {
  ApiError,
  areasQuery,
  checkoutOptionsQuery,
  estimateFare,
  meQuery,
  pickupScheduleQuery,
  placeOrder,
  placesQuery,
  quoteOrder,
  validateCode,
} from '../../../api';
import { useCurrentCompany } from '../../../lib/current-company';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { commitCart, useServerCartSync, useStoredCart } from '../../../lib/cart-store';
import { cartSubtotal, lineTotal, toCartInput } from '../../../lib/cart-logic';
import { useFormatPrice } from '../../../lib/money';
import { cartCoinTotal, isCoinsCart, useMemberCoins } from '../../../lib/member-coins';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { clearStoredCoupon, getStoredCoupon, storeCoupon } from '../../../lib/coupon-store';
import { forgetInfluencerUid, readInfluencerUid } from '../../../lib/influencer';
import {
  attemptFor,
  buildOrderBody,
  checkoutErrors,
  fieldOfServerPath,
  newIdempotencyKey,
  priceChangeOf,
  shippingPart,
  slotRange,
  type Attempt,
  type CheckoutField,
  type CheckoutValues,
  type PaymentType,
} from '../../../lib/checkout-logic';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { OrderSummary } from './order-summary';
import '../../../styles/checkout.css';
import { messagesOf } from '../error-messages';

// Leaflet comes only with the delivery map, in its own chunk.
const DeliveryMap = lazy(() => import('./delivery-map').then((m) => ({ default: m.DeliveryMap })));

const emptyValues: CheckoutValues = {
  shipping_type: '',
  area: '',
  address: '',
  reference: '',
  latitude: '',
  longitude: '',
  pickup_date: '',
  pickup_start: '',
  payment_method: '',
  card_holder: '',
  card_number: '',
  card_expiry: '',
  card_cvc: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  city: '',
  billing_address: '',
  comments: '',
};

const SANDBOX_CARDS = [
  { number: '4242 4242 4242 4242', approves: true },
  { number: '5555 5555 5555 4444', approves: true },
  { number: '4000 0000 0000 0002', approves: false },
];

/** The typed coordinates as numbers, or null while either is not a number. */
function numericPoint(
  latitude: string,
  longitude: string,
): { latitude: number; longitude: number } | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return { latitude: lat, longitude: lng };
}

/**
 * /checkout: the selected place's cart turned into an order - delivery (area, address,
 * coordinates, fare) or pickup (a slot), payment method (the SANDBOX card form for online
 * cards), coupon, billing data and comments, with the totals the server computes. One
 * Idempotency-Key per attempt makes a double click or a retry place one order.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = useCurrentCompany();
  const placeUid = useSelectedPlaceUid();
  const cart = useStoredCart(placeUid);
  useServerCartSync(placeUid);

  const places = useQuery(placesQuery(company.uid));
  const place = places.data?.find((p) => p.uid === placeUid);
  const options = useQuery({ ...checkoutOptionsQuery(placeUid ?? ''), enabled: !!placeUid });
  const schedule = useQuery({
    ...pickupScheduleQuery(placeUid ?? ''),
    enabled: !!placeUid && options.data?.pickup === true,
  });
  const areas = useQuery(areasQuery(company.uid));
  const me = useQuery(meQuery());

  // A cart of redeemable products is paid with COINS only; a money cart never offers COINS.
  const coinsCart = isCoinsCart(cart?.products ?? []);
  const memberCoins = useMemberCoins();
  const methods = useMemo(
    () => (options.data?.payment_methods ?? []).filter((m) => (m.type === 'COINS') === coinsCart),
    [options.data, coinsCart],
  );
  const methodsRef = useRef(methods);
  methodsRef.current = methods;
  const typeOf = (uid: string): PaymentType | null =>
    methodsRef.current.find((m) => m.uid === uid)?.type ?? null;

  const resolver: Resolver<CheckoutValues> = async (values) => {
    const errors = checkoutErrors(values, typeOf(values.payment_method));
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        entries.map(([field, message]) => [field, { type: 'validate', message }]),
      ),
    };
  };
  const form = useForm<CheckoutValues>({ resolver, defaultValues: emptyValues, mode: 'onTouched' });
  const { register, watch, setValue, getValues, formState, setError, reset } = form;
  const errors = formState.errors;
  const err = (field: CheckoutField) => errors[field]?.message;

  // Defaults once the place, its options and the member are known; never over what was typed.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !options.data || !me.data || !place) return;
    prefilled.current = true;
    const current = getValues();
    const shipping = options.data.pickup
      ? 'pickup'
      : options.data.delivery.enabled
        ? 'delivery'
        : '';
    reset({
      ...current,
      shipping_type: current.shipping_type || shipping,
      area: current.area || place.locality.area.uid,
      latitude:
        current.latitude ||
        (place.location.latitude !== null ? String(place.location.latitude) : ''),
      longitude:
        current.longitude ||
        (place.location.longitude !== null ? String(place.location.longitude) : ''),
      payment_method: current.payment_method || (methodsRef.current[0]?.uid ?? ''),
      first_name: current.first_name || me.data.first_name || '',
      last_name: current.last_name || me.data.last_name || '',
      email: current.email || me.data.email || '',
      phone: current.phone || me.data.mobile_number || '',
      city: current.city || place.locality.area.name,
      card_holder:
        current.card_holder || [me.data.first_name, me.data.last_name].filter(Boolean).join(' '),
    });
  }, [options.data, me.data, place, getValues, reset]);

  // The earliest pickup day is preselected; the time is the member's choice.
  useEffect(() => {
    const first = schedule.data?.days.find((d) => d.slots.length > 0);
    if (first && !getValues('pickup_date')) setValue('pickup_date', first.date);
  }, [schedule.data, getValues, setValue]);

  // A coins cart is picked up and paid with the COINS method, whatever was chosen before.
  useEffect(() => {
    if (!coinsCart || !options.data) return;
    const coins = methods[0]?.uid;
    if (coins && getValues('payment_method') !== coins) setValue('payment_method', coins);
    if (getValues('shipping_type') !== 'pickup') setValue('shipping_type', 'pickup');
  }, [coinsCart, options.data, methods, getValues, setValue]);

  const values = watch();
  const paymentType = typeOf(values.payment_method);

  // Coupon: the stored one (from /company/{uid}/code/{code}/) is checked and applied on arrival.
  const [couponInput, setCouponInput] = useState(() => getStoredCoupon(company.uid) ?? '');
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [couponBusy, setCouponBusy] = useState(false);
  const applyCoupon = async (code: string) => {
    const trimmed = code.trim();
    if (!trimmed) return;
    setCouponBusy(true);
    setCouponError(null);
    try {
      const found = await validateCode(company.uid, trimmed);
      setCoupon(found);
      storeCoupon(company.uid, found.code);
    } catch (error) {
      setCoupon(null);
      setCouponError(messagesOf(error)[0] ?? t('checkout.genericError'));
    } finally {
      setCouponBusy(false);
    }
  };
  const removeCoupon = () => {
    setCoupon(null);
    setCouponInput('');
    setCouponError(null);
    clearStoredCoupon(company.uid);
  };
  useEffect(() => {
    const stored = getStoredCoupon(company.uid);
    if (stored) void applyCoupon(stored);
  }, [company.uid]);

  // Delivery fare for the typed coordinates.
  const lat = useDebouncedValue(values.latitude, 400);
  const lng = useDebouncedValue(values.longitude, 400);
  const pointOk =
    values.shipping_type === 'delivery' &&
    lat.trim() !== '' &&
    lng.trim() !== '' &&
    Number.isFinite(Number(lat)) &&
    Number.isFinite(Number(lng));
  const fare = useQuery({
    queryKey: ['fare-estimate', placeUid, lat, lng],
    queryFn: ({ signal }) =>
      estimateFare(placeUid!, { latitude: Number(lat), longitude: Number(lng) }, signal),
    enabled: !!placeUid && pointOk,
    retry: false,
  });

  // The server's price of the order as filled so far.
  const products = useMemo(() => (cart ? toCartInput(cart).products : []), [cart]);
  const shippingValues = useDebouncedValue(
    {
      shipping_type: values.shipping_type,
      area: values.area,
      address: values.address,
      reference: values.reference,
      latitude: values.latitude,
      longitude: values.longitude,
      pickup_date: values.pickup_date,
      pickup_start: values.pickup_start,
    },
    400,
  );
  const shipping = shippingPart(shippingValues);
  const quoteBody =
    shipping && products.length > 0
      ? { ...shipping, products, coupon: coupon?.code ?? null }
      : null;
  const quote = useQuery({
    queryKey: ['order-quote', placeUid, quoteBody],
    queryFn: ({ signal }) => quoteOrder(placeUid!, quoteBody!, signal),
    enabled: !!placeUid && !!quoteBody && !(values.shipping_type === 'delivery' && fare.isError),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const shownQuote = quoteBody && !quote.isError ? quote.data : undefined;

  // Submitting.
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const attemptRef = useRef<Attempt | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [priceChange, setPriceChange] = useState<{
    detail: string;
    quote: OrderQuote;
    previous: string;
  } | null>(null);
  const confirmedTotal = useRef<string | null>(null);

  const send = async (form: CheckoutValues) => {
    if (!placeUid || !cart) return;
    setGeneral([]);
    const body0 = shippingPart(form);
    if (!body0) return;
    let expected = confirmedTotal.current;
    let expectedCoins: number | undefined;
    if (!expected || coinsCart) {
      const usedCoupon = coinsCart ? null : (coupon?.code ?? null);
      const priced = await queryClient.fetchQuery({
        queryKey: ['order-quote', placeUid, { ...body0, products, coupon: usedCoupon }],
        queryFn: () => quoteOrder(placeUid, { ...body0, products, coupon: usedCoupon }),
      });
      expected = priced.total;
      expectedCoins = priced.coin_total;
    }
    const built = buildOrderBody(form, products, {
      expectedTotal: expected,
      coupon: coinsCart ? null : (coupon?.code ?? null),
      paymentType: typeOf(form.payment_method),
      influencerUid: readInfluencerUid(),
    });
    const body = coinsCart ? { ...built, expected_coin_total: expectedCoins } : built;
    const attempt = attemptFor(attemptRef.current, body, newIdempotencyKey);
    attemptRef.current = attempt;
    try {
      const order = await placeOrder(placeUid, body, attempt.key);
      confirmedTotal.current = null;
      await commitCart({ place: placeUid, products: [] }).catch(() => undefined);
      clearStoredCoupon(company.uid);
      if (body.influencer_uid) forgetInfluencerUid();
      void queryClient.invalidateQueries({ queryKey: ['my-orders'] });
      queryClient.setQueryData(['my-order', order.uid], order);
      toast.success(t('checkout.orderPlaced', { number: order.number }));
      navigate(`${company.prefix}/orders/${order.uid}`, { replace: true });
    } catch (error) {
      confirmedTotal.current = null;
      if (error instanceof ApiError) {
        const change = priceChangeOf<OrderQuote>(error.status, error.body);
        if (change) {
          setPriceChange({ ...change, previous: body.expected_total });
          queryClient.setQueryData(['order-quote', placeUid, quoteBody], change.quote);
          return;
        }
        if (error.status === 400) {
          const rest: string[] = [];
          for (const [path, messages] of Object.entries(error.fieldErrors)) {
            const field = fieldOfServerPath[path];
            if (field) setError(field, { type: 'server', message: messages[0] });
            else rest.push(...messages);
          }
          setGeneral(rest.length ? rest : [t('checkout.fixErrors')]);
          return;
        }
      }
      const known = messagesOf(error);
      setGeneral(
        known.length && error instanceof ApiError && error.status < 500 && error.status > 0
          ? known
          : [t('checkout.genericError')],
      );
    }
  };

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    // A second click while the first is on its way does nothing (the key would make it harmless anyway).
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    void form
      .handleSubmit(send, () => setGeneral([t('checkout.fixErrors')]))()
      .finally(() => {
        sendingRef.current = false;
        setSending(false);
      });
  };

  const confirmNewPrices = () => {
    if (!priceChange) return;
    confirmedTotal.current = priceChange.quote.total;
    setPriceChange(null);
    onSubmit();
  };

  if (!placeUid || !cart) return <PageMessage title={t('checkout.emptyCart')} />;
  if (cart.products.length === 0) {
    return (
      <PageMessage title={t('checkout.emptyCart')}>
        <Link className="button button--primary" to={`${company.prefix}/products`}>
          {t('catalog.goShopping')}
        </Link>
      </PageMessage>
    );
  }
  if (options.isError) return <PageMessage title={t('checkout.fetchError')} />;
  if (!options.data || !me.data) return <Loading />;

  const opts = options.data;
  const offersDelivery = opts.delivery.enabled && !coinsCart;
  const offersPickup = opts.pickup;
  const noShipping = !offersDelivery && !offersPickup;
  const coinTotal = shownQuote?.coin_total ?? cartCoinTotal(cart.products);
  const acceptsCards =
    coinsCart ||
    opts.payment_methods.some((m) => m.type === 'ONLINE_CARD' || m.type === 'CARD_ON_DELIVERY');
  const days = schedule.data?.days.filter((d) => d.slots.length > 0) ?? [];
  const slots = days.find((d) => d.date === values.pickup_date)?.slots ?? [];
  const dateLabel = (iso: string) =>
    new Date(`${iso}T12:00:00`).toLocaleDateString(undefined, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
  const total = shownQuote?.total;

  const useMyLocation = () => {
    navigator.geolocation?.getCurrentPosition((position) => {
      setValue('latitude', position.coords.latitude.toFixed(6), { shouldValidate: true });
      setValue('longitude', position.coords.longitude.toFixed(6), { shouldValidate: true });
    });
  };

  return (
    <div className="checkout">
      <div className="checkout__head">
        <h1 className="checkout__title">{t('checkout.title')}</h1>
        {place ? (
          <p className="checkout__place">
            <strong>{place.name}</strong> · {place.address}
          </p>
        ) : null}
        <Link to={`${company.prefix}/cart`} className="checkout__back">
          ← {t('checkout.backToCart')}
        </Link>
      </div>
      <form className="checkout__grid" onSubmit={onSubmit} noValidate aria-busy={sending}>
        <div className="checkout__main">
          <section className="checkout-section" aria-labelledby="co-shipping">
            <h2 id="co-shipping" className="checkout-section__title">
              {t('checkout.shipping')}
            </h2>
            {noShipping ? (
              <FormAlert messages={[t('checkout.noShippingMethods')]} />
            ) : (
              <fieldset className="checkout-choices">
                <legend className="visually-hidden">{t('checkout.shippingType')}</legend>
                {offersPickup ? (
                  <label
                    className={`checkout-choice${values.shipping_type === 'pickup' ? ' checkout-choice--on' : ''}`}
                  >
                    <input type="radio" value="pickup" {...register('shipping_type')} />
                    <span>{t('checkout.pickup')}</span>
                  </label>
                ) : null}
                {offersDelivery ? (
                  <label
                    className={`checkout-choice${values.shipping_type === 'delivery' ? ' checkout-choice--on' : ''}`}
                  >
                    <input type="radio" value="delivery" {...register('shipping_type')} />
                    <span>{t('checkout.delivery')}</span>
                  </label>
                ) : null}
              </fieldset>
            )}
            {err('shipping_type') ? <FormAlert messages={[err('shipping_type')!]} /> : null}

            {values.shipping_type === 'pickup' ? (
              <div className="checkout-row">
                <SelectField
                  label={t('checkout.pickupDate')}
                  placeholder={t('checkout.chooseDate')}
                  options={days.map((d) => ({ value: d.date, label: dateLabel(d.date) }))}
                  error={err('pickup_date')}
                  {...register('pickup_date', { onChange: () => setValue('pickup_start', '') })}
                />
                <SelectField
                  label={t('checkout.pickupTime')}
                  placeholder={t('checkout.chooseTime')}
                  options={slots.map((s) => ({ value: s.start, label: slotRange(s) }))}
                  error={err('pickup_start')}
                  disabled={!values.pickup_date}
                  {...register('pickup_start')}
                />
                {schedule.data && days.length === 0 ? (
                  <p className="checkout-note">{t('checkout.noSlots')}</p>
                ) : null}
              </div>
            ) : null}

            {values.shipping_type === 'delivery' ? (
              <div className="checkout-delivery">
                <SelectField
                  label={t('checkout.area')}
                  placeholder={t('checkout.chooseArea')}
                  options={(areas.data ?? []).map((a) => ({ value: a.uid, label: a.name }))}
                  error={err('area')}
                  {...register('area')}
                />
                <TextField
                  label={t('checkout.address')}
                  autoComplete="street-address"
                  error={err('address')}
                  {...register('address', {
                    // The billing address follows the delivery address until the member types one of its own.
                    onChange: (e: { target: { value: string } }) => {
                      if (!formState.dirtyFields.billing_address)
                        setValue('billing_address', e.target.value);
                    },
                  })}
                />
                <TextField
                  label={t('checkout.reference')}
                  hint={t('checkout.referenceHint')}
                  error={err('reference')}
                  {...register('reference')}
                />
                <fieldset className="checkout-coords">
                  <legend className="form-field__label">{t('checkout.coordinates')}</legend>
                  <p className="form-field__hint">{t('checkout.coordinatesHint')}</p>
                  {place &&
                  place.location.latitude !== null &&
                  place.location.longitude !== null ? (
                    <Suspense
                      fallback={<div className="delivery-map__canvas" aria-hidden="true" />}
                    >
                      <DeliveryMap
                        point={numericPoint(values.latitude, values.longitude)}
                        store={{
                          latitude: place.location.latitude,
                          longitude: place.location.longitude,
                          name: place.name,
                        }}
                        maxRadiusKm={opts.delivery.max_radius_km}
                        onPick={(p) => {
                          setValue('latitude', String(p.latitude), {
                            shouldValidate: true,
                            shouldDirty: true,
                          });
                          setValue('longitude', String(p.longitude), {
                            shouldValidate: true,
                            shouldDirty: true,
                          });
                        }}
                        label={t('checkout.mapLabel')}
                        tilesFailedText={t('checkout.mapTilesFailed')}
                        storeLabel={t('checkout.mapStore')}
                      />
                    </Suspense>
                  ) : null}
                  <div className="checkout-row">
                    <TextField
                      label={t('checkout.latitude')}
                      inputMode="decimal"
                      error={err('latitude')}
                      {...register('latitude')}
                    />
                    <TextField
                      label={t('checkout.longitude')}
                      inputMode="decimal"
                      error={err('longitude')}
                      {...register('longitude')}
                    />
                  </div>
                  {typeof navigator !== 'undefined' && 'geolocation' in navigator ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={useMyLocation}
                    >
                      {t('checkout.useMyLocation')}
                    </button>
                  ) : null}
                </fieldset>
                <div
                  className="checkout-fare"
                  role="status"
                  aria-live="polite"
                  data-testid="delivery-fare"
                >
                  {fare.isFetching ? (
                    t('checkout.fareLoading')
                  ) : fare.isError ? (
                    <span className="checkout-fare__error">
                      {messagesOf(fare.error)[0] ?? t('checkout.deliveryError')}
                    </span>
                  ) : fare.data ? (
                    <>
                      <span>
                        {t('checkout.fare')}: <strong>{price(fare.data.fare)}</strong>
                      </span>
                      <small>
                        {t('checkout.fareDistance', {
                          km: fare.data.distance_km,
                          max: fare.data.max_radius_km,
                        })}
                      </small>
                    </>
                  ) : null}
                </div>
              </div>
            ) : null}
          </section>

          <section className="checkout-section" aria-labelledby="co-payment">
            <h2 id="co-payment" className="checkout-section__title">
              {t('checkout.payment')}
            </h2>
            {coinsCart ? (
              <div className="checkout-coins" data-coin-total={coinTotal}>
                <p>
                  <strong>{t('checkout.coinsPay', { count: coinTotal })}</strong>
                </p>
                {memberCoins.known ? (
                  <p className="checkout-note">
                    {t('checkout.coinsBalance', { count: memberCoins.coins })}
                  </p>
                ) : null}
                {!methods.length ? <FormAlert messages={[t('checkout.coinsUnavailable')]} /> : null}
              </div>
            ) : null}
            <fieldset className="checkout-methods" hidden={coinsCart}>
              <legend className="visually-hidden">{t('checkout.paymentMethod')}</legend>
              {methods.map((method) => (
                <label
                  key={method.uid}
                  className={`checkout-method${values.payment_method === method.uid ? ' checkout-method--on' : ''}`}
                >
                  <input type="radio" value={method.uid} {...register('payment_method')} />
                  <span>
                    <strong>{method.name}</strong>
                    <small>{t(`checkout.payment${method.type}`)}</small>
                  </span>
                </label>
              ))}
            </fieldset>
            {err('payment_method') ? <FormAlert messages={[err('payment_method')!]} /> : null}
            {!acceptsCards ? <p className="checkout-note">{t('checkout.noCardPayments')}</p> : null}
            {paymentType === 'ONLINE_CARD' ? (
              <div className="checkout-card">
                <div className="checkout-sandbox" role="note">
                  <strong>{t('checkout.sandboxTitle')}</strong>
                  <p>{t('checkout.sandboxText')}</p>
                  <ul>
                    {SANDBOX_CARDS.map((c) => (
                      <li key={c.number}>
                        <code>{c.number}</code> —{' '}
                        {c.approves ? t('checkout.sandboxApproves') : t('checkout.sandboxDeclines')}
                      </li>
                    ))}
                  </ul>
                </div>
                <TextField
                  label={t('checkout.cardHolder')}
                  autoComplete="cc-name"
                  error={err('card_holder')}
                  {...register('card_holder')}
                />
                <TextField
                  label={t('checkout.cardNumber')}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  error={err('card_number')}
                  {...register('card_number')}
                />
                <div className="checkout-row">
                  <TextField
                    label={t('checkout.cardExpiry')}
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="12/30"
                    error={err('card_expiry')}
                    {...register('card_expiry')}
                  />
                  <TextField
                    label={t('checkout.cardCvc')}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    error={err('card_cvc')}
                    {...register('card_cvc')}
                  />
                </div>
              </div>
            ) : null}
          </section>

          <section className="checkout-section" aria-labelledby="co-coupon" hidden={coinsCart}>
            <h2 id="co-coupon" className="checkout-section__title">
              {t('checkout.coupon')}
            </h2>
            {coupon ? (
              <div className="checkout-coupon checkout-coupon--on" role="status">
                <span>
                  <strong>{t('checkout.couponApplied', { code: coupon.code })}</strong>
                  <small>
                    {coupon.kind === 'PERCENT'
                      ? t('checkout.couponPercent', { value: Number(coupon.discount) })
                      : t('checkout.couponAmount', { value: price(coupon.discount) })}
                    {Number(coupon.min_subtotal) > 0
                      ? ` · ${t('checkout.couponMin', { min: price(coupon.min_subtotal) })}`
                      : ''}
                  </small>
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={removeCoupon}
                >
                  {t('checkout.removeCoupon')}
                </button>
              </div>
            ) : (
              <div className="checkout-coupon">
                <TextField
                  label={t('checkout.couponCode')}
                  value={couponInput}
                  autoCapitalize="characters"
                  onChange={(e) => setCouponInput(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void applyCoupon(couponInput);
                    }
                  }}
                  error={couponError ?? undefined}
                />
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => void applyCoupon(couponInput)}
                  disabled={couponBusy || !couponInput.trim()}
                >
                  {t('checkout.applyCoupon')}
                </button>
              </div>
            )}
            {quote.isError && coupon ? <FormAlert messages={messagesOf(quote.error)} /> : null}
          </section>

          <section className="checkout-section" aria-labelledby="co-billing">
            <h2 id="co-billing" className="checkout-section__title">
              {t('checkout.billing')}
            </h2>
            <div className="checkout-row">
              <TextField
                label={t('checkout.firstName')}
                autoComplete="given-name"
                error={err('first_name')}
                {...register('first_name')}
              />
              <TextField
                label={t('checkout.lastName')}
                autoComplete="family-name"
                error={err('last_name')}
                {...register('last_name')}
              />
            </div>
            <div className="checkout-row">
              <TextField
                label={t('checkout.email')}
                type="email"
                autoComplete="email"
                error={err('email')}
                {...register('email')}
              />
              <TextField
                label={t('checkout.phone')}
                type="tel"
                autoComplete="tel"
                error={err('phone')}
                {...register('phone')}
              />
            </div>
            <div className="checkout-row">
              <TextField
                label={t('checkout.city')}
                autoComplete="address-level2"
                error={err('city')}
                {...register('city')}
              />
              <TextField
                label={t('checkout.billingAddress')}
                autoComplete="street-address"
                error={err('billing_address')}
                {...register('billing_address')}
              />
            </div>
          </section>

          <section className="checkout-section" aria-labelledby="co-comments">
            <h2 id="co-comments" className="checkout-section__title">
              {t('checkout.comments')}
            </h2>
            <div className="form-field">
              <label className="visually-hidden" htmlFor="co-comments-input">
                {t('checkout.comments')}
              </label>
              <textarea
                id="co-comments-input"
                className="form-field__control checkout-comments"
                rows={3}
                placeholder={t('checkout.commentsHint')}
                {...register('comments')}
              />
            </div>
          </section>
        </div>

        <aside className="checkout__aside">
          {coinsCart ? (
            <div className="checkout-summary checkout-coins-summary">
              <ul>
                {cart.products.map((line) => (
                  <li key={line.id}>
                    {line.quantity} × {line.title}:{' '}
                    {t('catalog.coins', { count: (line.coin_price ?? 0) * line.quantity })}
                  </li>
                ))}
              </ul>
              <p className="checkout-coins-summary__total" data-coin-total={coinTotal}>
                {t('checkout.coinTotal')}:{' '}
                <strong>{t('catalog.coins', { count: coinTotal })}</strong>
              </p>
            </div>
          ) : (
            <OrderSummary
              quote={shownQuote}
              cartSubtotal={cartSubtotal(cart)}
              cartLines={cart.products.map((line) => ({
                id: line.id,
                title: line.title,
                quantity: line.quantity,
                total: lineTotal(line),
                options: line.option_groups.flatMap((g) => g.options.map((o) => o.name)),
              }))}
              loading={quote.isFetching}
              pendingShipping={!quoteBody}
            />
          )}
          {priceChange ? (
            <div
              className="checkout-price-change"
              role="alertdialog"
              aria-labelledby="co-price-title"
              aria-describedby="co-price-text"
            >
              <h2 id="co-price-title">{t('checkout.priceChangedTitle')}</h2>
              <p id="co-price-text">{priceChange.detail}</p>
              <ul>
                {priceChange.quote.products.map((line) => (
                  <li key={line.uid}>
                    {line.quantity} × {line.title}: {price(line.total)}
                  </li>
                ))}
              </ul>
              <p>
                {t('checkout.previousTotal')}: <s>{price(priceChange.previous)}</s> ·{' '}
                {t('checkout.newTotal')}: <strong>{price(priceChange.quote.total)}</strong>
              </p>
              <div className="checkout-price-change__actions">
                <button type="button" className="button button--primary" onClick={confirmNewPrices}>
                  {t('checkout.priceChangedConfirm')}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setPriceChange(null)}
                >
                  {t('checkout.priceChangedCancel')}
                </button>
              </div>
            </div>
          ) : null}
          <FormAlert messages={general} />
          <button
            type="submit"
            className="button button--primary checkout__submit"
            disabled={sending || noShipping}
            aria-disabled={sending || noShipping}
          >
            {sending ? (
              <>
                <span className="loading__spinner checkout__spinner" aria-hidden="true" />{' '}
                {t('checkout.sending')}
              </>
            ) : coinsCart ? (
              t('checkout.placeOrderCoins', { count: coinTotal })
            ) : total ? (
              t('checkout.placeOrderTotal', { total: price(total) })
            ) : (
              t('checkout.placeOrder')
            )}
          </button>
        </aside>
      </form>
    </div>
  );
}
