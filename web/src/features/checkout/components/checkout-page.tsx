import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAreas } from '../../../api/get-areas';
import { useCheckoutOptions } from '../../../api/get-checkout-options';
import { useMe } from '../../../api/get-me';
import { usePlaces } from '../../../api/get-places';
import { useCurrentCompany } from '../../../lib/current-company';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { useServerCartSync, useStoredCart } from '../../../lib/cart-store';
import { cartSubtotal, lineTotal, toCartInput } from '../../../lib/cart-logic';
import { useFormatPrice } from '../../../lib/money';
import { cartCoinTotal, isCoinsCart, useMemberCoins } from '../../../lib/member-coins';
import {
  billingAddressNeeded,
  paidLater,
  checkoutErrors,
  type CheckoutValues,
  type PaymentType,
} from '../../../lib/checkout-logic';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import '../../../styles/checkout.css';
import { messagesOf } from '../error-messages';
import { hookFormBinding } from '../form/form-binding';
import { useCoupon } from '../use-coupon';
import { useCheckoutDraft } from '../use-checkout-draft';
import { useCheckoutPrefill } from '../use-checkout-prefill';
import { useCheckoutSubmit } from '../use-checkout-submit';
import { useDeliveryFare } from '../api/estimate-fare';
import { usePickupSchedule } from '../api/get-pickup-schedule';
import { useOrderQuote } from '../api/quote-order';
import { BillingSection } from './billing-section';
import { ReceiptSection } from './receipt-section';
import { CheckoutSubmit } from './checkout-submit';
import { CommentsSection } from './comments-section';
import { CouponSection } from './coupon-section';
import { DeliveryGateNote, deliveryPointPending } from './delivery-gate';
import { OrderSummary } from './order-summary';
import { PaymentSection } from './payment-section';
import { PriceChangeDialog } from './price-change-dialog';
import { ShippingSection } from './shipping-section';
import { useClosedNow } from './closed-now-note';
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
  const { watch, setValue, formState } = form;
  const draft = useCheckoutDraft(form, placeUid);
  useCheckoutPrefill({
    form,
    draft,
    options,
    me,
    place,
    schedule,
    closed,
    coinsCart,
    methods,
    methodsRef,
  });

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

  const {
    sending,
    general,
    priceChange,
    setPriceChange,
    onSubmit,
    confirmNewPrices,
    tokenizer,
    yapeTokenizer,
    receiptReader,
  } = useCheckoutSubmit({
    form,
    t,
    navigate,
    company,
    placeUid,
    cart,
    products,
    coinsCart,
    coupon,
    fare,
    draft,
    priceNow,
    replaceShown,
    typeOf,
    providerOf,
  });

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
          <ShippingSection
            binding={binding}
            shippingType={values.shipping_type}
            closed={closed}
            deliversWhenOpen={deliversWhenOpen}
            offersDelivery={offersDelivery}
            offersPickup={offersPickup}
            schedule={schedule.data}
            areas={areas.data}
            deliveryAreaUids={opts.delivery_area_uids}
            place={place}
            maxRadiusKm={opts.delivery.max_radius_km}
            fare={fare}
          />

          <PaymentSection
            binding={binding}
            coinsCart={coinsCart}
            coinTotal={coinTotal}
            memberCoins={memberCoins}
            methods={methods}
            acceptsCards={acceptsCards}
            paymentType={paymentType}
            chosenMethod={chosenMethod}
            total={total}
            tokenizer={tokenizer}
            yapeTokenizer={yapeTokenizer}
          />

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
