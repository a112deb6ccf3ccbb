import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { OrderQuote } from '@store/contract/orders/schemas';
import { ApiError } from '../../../api';
import { useAreas } from '../../../api/get-areas';
import { useCheckoutOptions } from '../../../api/get-checkout-options';
import { useMe } from '../../../api/get-me';
import { usePlaces } from '../../../api/get-places';
import { useCurrentCompany } from '../../../lib/current-company';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { commitCart, useServerCartSync, useStoredCart } from '../../../lib/cart-store';
import { cartSubtotal, lineTotal, toCartInput } from '../../../lib/cart-logic';
import { useFormatPrice } from '../../../lib/money';
import { cartCoinTotal, isCoinsCart, useMemberCoins } from '../../../lib/member-coins';
import { clearStoredCoupon } from '../../../lib/coupon-store';
import { forgetInfluencerUid, readInfluencerUid } from '../../../lib/influencer';
import {
  attemptFor,
  billingAddressNeeded,
  buildOrderBody,
  paidLater,
  checkoutErrors,
  fieldOfServerPath,
  newIdempotencyKey,
  priceChangeOf,
  shippingPart,
  type Attempt,
  type CardToken,
  type CheckoutValues,
  type PaymentType,
} from '../../../lib/checkout-logic';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import '../../../styles/checkout.css';
import { failureMessagesOf, messagesOf } from '../error-messages';
import { hookFormBinding } from '../form/form-binding';
import { useCoupon } from '../use-coupon';
import { useCheckoutDraft } from '../use-checkout-draft';
import { useDeliveryFare } from '../api/estimate-fare';
import { usePickupSchedule } from '../api/get-pickup-schedule';
import { usePlaceOrder } from '../api/place-order';
import { useOrderQuote } from '../api/quote-order';
import { BillingSection } from './billing-section';
import {
  CardPaymentFields,
  CardTokenError,
  cardTokenOf,
  type CardTokenizer,
} from '../../../components/card-payment/card-payment-fields';
import { YapeFields, type YapeTokenizer } from '../../../components/card-payment/yape-fields';
import { ReceiptSection, type ReceiptReader } from './receipt-section';
import { CheckoutSubmit } from './checkout-submit';
import { CommentsSection } from './comments-section';
import { CouponSection } from './coupon-section';
import { DeliveryFields } from './delivery-fields';
import { DeliveryGateNote, deliveryPointPending } from './delivery-gate';
import { OrderSummary } from './order-summary';
import { PaymentMethodChoice } from './payment-method-choice';
import { PickupSlotFields } from './pickup-slot-fields';
import { PriceChangeDialog, type PriceChange } from './price-change-dialog';
import { ShippingTypeChoice } from './shipping-type-choice';
import { ClosedNowNote, useClosedNow } from './closed-now-note';
import { VerificationNote } from './verification-note';

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
  card_installments: '1',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  city: '',
  billing_address: '',
  comments: '',
};

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
  const company = useCurrentCompany();
  const placeUid = useSelectedPlaceUid();
  const cart = useStoredCart(placeUid);
  useServerCartSync(placeUid);

  const places = usePlaces(company.uid);
  const place = places.data?.find((p) => p.uid === placeUid);
  const options = useCheckoutOptions(placeUid ?? '', { enabled: !!placeUid });
  const schedule = usePickupSchedule(placeUid ?? '', {
    enabled: !!placeUid && options.data?.pickup === true,
  });
  const areas = useAreas(company.uid);
  const me = useMe();
  // Closed now: a delivery (sent as soon as possible) waits for the opening, so it is not
  // offered meanwhile (the server refuses it too); pickup offers the next slots (issue 36 row 5).
  const closed = useClosedNow(place?.opening_hours);
  const closedRef = useRef(closed);
  closedRef.current = closed;

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
  const providerOf = (uid: string): string | null =>
    methodsRef.current.find((m) => m.uid === uid)?.provider ?? null;

  const resolver: Resolver<CheckoutValues> = async (values) => {
    const errors = checkoutErrors(
      values,
      typeOf(values.payment_method),
      undefined,
      providerOf(values.payment_method),
    );
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
  const { watch, setValue, getValues, formState, setError, reset } = form;
  const draft = useCheckoutDraft(form, placeUid);

  // Defaults once the place, its options and the member are known; never over what was typed,
  // nor over the tab's draft (back, forward or a reload keep what was filled). A layout effect:
  // the first frame painted already shows them (a passive effect runs after the paint, and the
  // billing fields flashed empty, or were read empty, in between).
  const prefilled = useRef(false);
  useLayoutEffect(() => {
    if (prefilled.current || !options.data || !me.data || !place) return;
    prefilled.current = true;
    const { shipping_type: draftShipping, payment_method: draftMethod, ...kept } = draft.restore();
    const deliveryNow = options.data.delivery.enabled && !closedRef.current;
    const offered = (type: string | undefined) =>
      (type === 'pickup' && options.data.pickup) || (type === 'delivery' && deliveryNow);
    const current = {
      ...getValues(),
      ...kept,
      ...(offered(draftShipping)
        ? { shipping_type: draftShipping as CheckoutValues['shipping_type'] }
        : {}),
      ...(methodsRef.current.some((m) => m.uid === draftMethod)
        ? { payment_method: draftMethod! }
        : {}),
    };
    const shipping = options.data.pickup ? 'pickup' : deliveryNow ? 'delivery' : '';
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

  // The place closed while the checkout was open (or a draft chose delivery): pickup instead.
  const closedNowToo = closed !== null;
  useEffect(() => {
    if (!closedNowToo || !options.data || getValues('shipping_type') !== 'delivery') return;
    setValue('shipping_type', options.data.pickup ? 'pickup' : '');
  }, [closedNowToo, options.data, getValues, setValue]);

  // A coins cart is picked up and paid with the COINS method, whatever was chosen before.
  useEffect(() => {
    if (!coinsCart || !options.data) return;
    const coins = methods[0]?.uid;
    if (coins && getValues('payment_method') !== coins) setValue('payment_method', coins);
    if (getValues('shipping_type') !== 'pickup') setValue('shipping_type', 'pickup');
  }, [coinsCart, options.data, methods, getValues, setValue]);

  const values = watch();
  const paymentType = typeOf(values.payment_method);

  const couponState = useCoupon(company.uid);
  const { coupon } = couponState;
  const fare = useDeliveryFare(
    placeUid,
    values.shipping_type,
    values.latitude,
    values.longitude,
    values.area,
  );

  const products = useMemo(() => (cart ? toCartInput(cart).products : []), [cart]);
  const {
    quote,
    body: quoteBody,
    shown: shownQuote,
    priceNow,
    replaceShown,
  } = useOrderQuote({
    placeUid,
    products,
    values,
    couponCode: coupon?.code ?? null,
    fareFailed: fare.isError,
  });

  // Submitting.
  const placement = usePlaceOrder();
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const attemptRef = useRef<Attempt | null>(null);
  const tokenSalt = useRef(newIdempotencyKey().replace(/-/g, ''));
  const tokenizer = useRef<CardTokenizer | null>(null);
  // A Mercado Pago token whose order answer never came (network): a retry sends it again, so the
  // same body keeps the same Idempotency-Key and the card is charged once.
  const unansweredCard = useRef<CardToken | null>(null);
  const yapeTokenizer = useRef<YapeTokenizer | null>(null);
  const receiptReader = useRef<ReceiptReader | null>(null);
  const unansweredYape = useRef<{ token: string } | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const confirmedTotal = useRef<string | null>(null);

  /** A 400 answer on the form: each field's message on its field, the rest above the button. */
  const showRefusal = (error: ApiError) => {
    const rest: string[] = [];
    for (const [path, messages] of Object.entries(error.fieldErrors)) {
      const field = fieldOfServerPath[path];
      if (field) setError(field, { type: 'server', message: messages[0] });
      else rest.push(...messages);
    }
    setGeneral(rest.length ? rest : [t('checkout.fixErrors')]);
  };

  const send = async (form: CheckoutValues) => {
    if (!placeUid || !cart) return;
    setGeneral([]);
    if (deliveryPointPending(form.shipping_type, fare)) return;
    const body0 = shippingPart(form);
    if (!body0) return;
    let expected = confirmedTotal.current;
    let expectedCoins: number | undefined;
    if (!expected || coinsCart) {
      const usedCoupon = coinsCart ? null : (coupon?.code ?? null);
      try {
        const priced = await priceNow(placeUid, { ...body0, products, coupon: usedCoupon });
        expected = priced.total;
        expectedCoins = priced.coin_total;
      } catch (error) {
        // Pricing refused the order as filled (a point out of range, a closed slot): say why.
        if (error instanceof ApiError && error.status === 400) showRefusal(error);
        else setGeneral(failureMessagesOf(error, t('checkout.genericError')));
        return;
      }
    }
    const paymentType = typeOf(form.payment_method);
    let card: CardToken | undefined;
    if (paymentType === 'ONLINE_CARD') {
      try {
        card =
          unansweredCard.current ??
          (await cardTokenOf(
            { provider: providerOf(form.payment_method) },
            form,
            tokenizer,
            tokenSalt.current,
          ));
      } catch (error) {
        if (error instanceof CardTokenError && error.reason === 'unavailable') {
          setGeneral([t('checkout.cardFormUnavailable')]);
        } else {
          setError('card_number', { type: 'provider', message: t('checkout.cardCheck') });
          setGeneral([t('checkout.fixErrors')]);
        }
        return;
      }
    }
    // Coins orders take no receipt (nothing is sold for money).
    const receipt = coinsCart ? undefined : (receiptReader.current?.() ?? null);
    if (receipt === null) {
      setGeneral([t('checkout.fixErrors')]);
      return;
    }
    let yape: { token: string } | undefined;
    if (paymentType === 'YAPE') {
      // A retry after a lost answer sends the same token (the code is good for one payment).
      yape = unansweredYape.current ?? undefined;
      if (!yape) {
        if (!yapeTokenizer.current) {
          setGeneral([t('checkout.yapeFormUnavailable')]);
          return;
        }
        try {
          const made = await yapeTokenizer.current();
          if (!made) {
            setGeneral([t('checkout.fixErrors')]);
            return;
          }
          yape = made;
        } catch {
          setGeneral([t('checkout.yapeCheck')]);
          return;
        }
      }
    }
    unansweredCard.current = null;
    unansweredYape.current = null;
    const built = buildOrderBody(form, products, {
      expectedTotal: expected,
      coupon: coinsCart ? null : (coupon?.code ?? null),
      paymentType,
      influencerUid: readInfluencerUid(),
      card,
      yape,
      receipt,
    });
    const body = coinsCart ? { ...built, expected_coin_total: expectedCoins } : built;
    const attempt = attemptFor(attemptRef.current, body, newIdempotencyKey);
    attemptRef.current = attempt;
    try {
      const order = await placement.mutateAsync({ placeUid, body, idempotencyKey: attempt.key });
      confirmedTotal.current = null;
      draft.forget();
      await commitCart({ place: placeUid, products: [] }).catch(() => undefined);
      clearStoredCoupon(company.uid);
      if (body.influencer_uid) forgetInfluencerUid();
      toast.success(t('checkout.orderPlaced', { number: order.number }));
      navigate(`${company.prefix}/orders/${order.uid}`, { replace: true });
    } catch (error) {
      confirmedTotal.current = null;
      if (error instanceof ApiError) {
        const change = priceChangeOf<OrderQuote>(error.status, error.body);
        if (change) {
          setPriceChange({ ...change, previous: body.expected_total });
          replaceShown(change.quote);
          return;
        }
        if (error.status === 400) {
          showRefusal(error);
          return;
        }
      }
      if (card && !(error instanceof ApiError && error.status < 500)) unansweredCard.current = card;
      if (yape && !(error instanceof ApiError && error.status < 500)) unansweredYape.current = yape;
      setGeneral(failureMessagesOf(error, t('checkout.genericError')));
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
  const deliversWhenOpen = opts.delivery.enabled && !coinsCart;
  const offersDelivery = deliversWhenOpen && !closed;
  const offersPickup = opts.pickup;
  const noShipping = !offersDelivery && !offersPickup;
  const coinTotal = shownQuote?.coin_total ?? cartCoinTotal(cart.products);
  const acceptsCards =
    coinsCart ||
    opts.payment_methods.some((m) => m.type === 'ONLINE_CARD' || m.type === 'CARD_ON_DELIVERY');
  const total = shownQuote?.total;
  const chosenMethod = methods.find((m) => m.uid === values.payment_method);
  const binding = hookFormBinding(form, values, {
    // The billing address follows the delivery address until the member types one of its own.
    address: {
      onChange: (e: { target: { value: string } }) => {
        if (!formState.dirtyFields.billing_address && !draft.billingTyped.current)
          setValue('billing_address', e.target.value);
      },
    },
    pickup_date: { onChange: () => setValue('pickup_start', '') },
  });

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
        <VerificationNote email={me.data.email} verified={me.data.email_verified} />
      </div>
      <form className="checkout__grid" onSubmit={onSubmit} noValidate aria-busy={sending}>
        <div className="checkout__main">
          <section className="checkout-section" aria-labelledby="co-shipping">
            <h2 id="co-shipping" className="checkout-section__title">
              {t('checkout.shipping')}
            </h2>
            {closed ? (
              <ClosedNowNote
                closed={closed}
                deliveryOffered={deliversWhenOpen}
                pickupOffered={offersPickup}
              />
            ) : null}
            {closed && !offersPickup ? null : (
              <ShippingTypeChoice
                binding={binding}
                offersPickup={offersPickup}
                offersDelivery={offersDelivery}
              />
            )}
            {values.shipping_type === 'pickup' ? (
              <PickupSlotFields binding={binding} schedule={schedule.data} />
            ) : null}
            {values.shipping_type === 'delivery' ? (
              <DeliveryFields
                binding={binding}
                // Only the areas the place delivers in (the server refuses another one).
                areas={(areas.data ?? []).filter((a) => opts.delivery_area_uids.includes(a.uid))}
                place={place}
                maxRadiusKm={opts.delivery.max_radius_km}
                fare={fare}
              />
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
            <PaymentMethodChoice binding={binding} methods={methods} hidden={coinsCart} />
            {!acceptsCards ? <p className="checkout-note">{t('checkout.noCardPayments')}</p> : null}
            {paymentType === 'ONLINE_CARD' && chosenMethod ? (
              <CardPaymentFields
                method={chosenMethod}
                binding={binding}
                tokenizer={tokenizer}
                amount={total ?? null}
              />
            ) : null}
            {paymentType === 'YAPE' && chosenMethod ? (
              <YapeFields publicKey={chosenMethod.public_key ?? ''} tokenizer={yapeTokenizer} />
            ) : null}
          </section>

          <CouponSection
            state={couponState}
            refusal={quote.isError ? messagesOf(quote.error) : []}
            hidden={coinsCart}
          />
          <BillingSection
            binding={binding}
            withAddress={billingAddressNeeded(values.shipping_type, paymentType)}
          />
          {coinsCart ? null : (
            <ReceiptSection
              saved={me.data ? (me.data.receipt_preference ?? null) : undefined}
              profileDni={me.data?.document_type === 'NATIONAL_ID' ? me.data.document_number : null}
              reader={receiptReader}
            />
          )}
          <CommentsSection id="co-comments" binding={binding} />
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
            <PriceChangeDialog
              change={priceChange}
              onConfirm={confirmNewPrices}
              onCancel={() => setPriceChange(null)}
            />
          ) : null}
          <FormAlert messages={general} />
          <DeliveryGateNote shippingType={values.shipping_type} fare={fare} />
          <CheckoutSubmit
            sending={sending}
            disabled={noShipping || deliveryPointPending(values.shipping_type, fare)}
          >
            {coinsCart
              ? t('checkout.placeOrderCoins', { count: coinTotal })
              : total
                ? // Cash or card at the door is paid later: the button confirms, it does not pay.
                  t(
                    paidLater(paymentType)
                      ? 'checkout.confirmOrderTotal'
                      : 'checkout.placeOrderTotal',
                    {
                      total: price(total),
                    },
                  )
                : t('checkout.placeOrder')}
          </CheckoutSubmit>
        </aside>
      </form>
    </div>
  );
}
