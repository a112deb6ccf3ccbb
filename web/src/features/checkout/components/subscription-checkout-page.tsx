import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Weekday } from '@store/contract/orders/subscriptions';
import { storageKeys } from '@store/contract/constants';
import { ApiError } from '../../../api';
import { useAreas } from '../../../api/get-areas';
import { useCheckoutOptions } from '../../../api/get-checkout-options';
import { usePlaces } from '../../../api/get-places';
import { useCreateSubscription } from '../api/create-subscription';
import { useCurrentCompany } from '../../../lib/current-company';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { clearSubscriptionCarts, setCartType, useStoredCart } from '../../../lib/cart-store';
import { cartSubtotal, lineTotal, toCartInput } from '../../../lib/cart-logic';
import { useFormatPrice } from '../../../lib/money';
import { storage } from '../../../lib/storage';
import { slotRange } from '../../../lib/checkout-logic';
import {
  WEEKDAYS,
  buildSubscriptionBody,
  hoursOn,
  parseRememberedOptions,
  rememberedOptions,
  subscriptionErrors,
  subscriptionFieldOfServerPath,
  subscriptionSlots,
  toggleWeekday,
  type SubscriptionField,
  type SubscriptionValues,
} from '../../../lib/subscription-logic';
import { FormAlert, SelectField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import '../../../styles/checkout.css';
import '../../../styles/subscriptions.css';
import { failureMessagesOf } from '../error-messages';
import { stateBinding } from '../form/form-binding';
import { useDeliveryFare } from '../api/estimate-fare';
import { CheckoutSubmit } from './checkout-submit';
import { DeliveryGateNote, deliveryPointPending } from './delivery-gate';
import { CommentsSection } from './comments-section';
import { DeliveryFields } from './delivery-fields';
import { PaymentMethodChoice } from './payment-method-choice';
import { ShippingTypeChoice } from './shipping-type-choice';
import { useErrorText } from '../../../lib/error-text';
import { CheckoutSection } from './checkout-section';

const emptyValues: SubscriptionValues = {
  weekdays: [],
  slot: '',
  shipping_type: '',
  area: '',
  address: '',
  reference: '',
  latitude: '',
  longitude: '',
  payment_method: '',
  comments: '',
};

/**
 * /subscription/checkout: the selected place's subscription cart as a standing order - the
 * weekdays (at least one), a half-hour slot open on every chosen day, pickup or delivery (area,
 * address, coordinates, fare) and a pay-on-delivery method. On success every subscription cart
 * is emptied and the member's subscriptions open.
 */
export function SubscriptionCheckoutPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const price = useFormatPrice();
  const navigate = useNavigate();
  const creation = useCreateSubscription();
  const company = useCurrentCompany();
  const placeUid = useSelectedPlaceUid();
  const cart = useStoredCart(placeUid, 'subscription');
  const places = usePlaces(company.uid);
  const place = places.data?.find((p) => p.uid === placeUid);
  const options = useCheckoutOptions(placeUid ?? '', { enabled: !!placeUid });
  const areas = useAreas(company.uid);

  // The last choices at this place (`infoSubscriptionOptions{placeUid}`) come back.
  const [values, setValues] = useState<SubscriptionValues>(() => ({
    ...emptyValues,
    ...(placeUid
      ? parseRememberedOptions(storage.get(storageKeys.infoSubscriptionOptions(placeUid)))
      : {}),
  }));
  const remembered = JSON.stringify(rememberedOptions(values));
  useEffect(() => {
    if (placeUid) storage.set(storageKeys.infoSubscriptionOptions(placeUid), remembered);
  }, [placeUid, remembered]);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SubscriptionField, string>>>({});
  const [tried, setTried] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  const set = <K extends SubscriptionField>(field: K, value: SubscriptionValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setGeneral([]);
  };

  // Subscriptions are paid on each delivery: online cards are not offered, nor coins (redeemable products only).
  const methods = useMemo(
    () =>
      (options.data?.payment_methods ?? []).filter(
        (m) => m.type !== 'ONLINE_CARD' && m.type !== 'COINS',
      ),
    [options.data],
  );

  // Defaults once the place and its options are known; never over a choice already made. A
  // layout effect, so the first frame painted shows them (see checkout-page.tsx).
  const prefilled = useRef(false);
  useLayoutEffect(() => {
    if (prefilled.current || !options.data || !place) return;
    prefilled.current = true;
    // A remembered choice the place no longer offers gives way to the default.
    const offered = (type: string) =>
      type === 'pickup'
        ? options.data.pickup
        : type === 'delivery'
          ? options.data.delivery.enabled
          : false;
    setValues((current) => ({
      ...current,
      shipping_type: offered(current.shipping_type)
        ? current.shipping_type
        : options.data.pickup
          ? 'pickup'
          : options.data.delivery.enabled
            ? 'delivery'
            : '',
      area: current.area || place.locality.area.uid,
      latitude:
        current.latitude ||
        (place.location.latitude !== null ? String(place.location.latitude) : ''),
      longitude:
        current.longitude ||
        (place.location.longitude !== null ? String(place.location.longitude) : ''),
      payment_method: methods.some((m) => m.uid === current.payment_method)
        ? current.payment_method
        : (methods[0]?.uid ?? ''),
    }));
  }, [options.data, place, methods]);

  const slots = useMemo(
    () => (place ? subscriptionSlots(place.opening_hours, values.weekdays) : []),
    [place, values.weekdays],
  );
  // A slot that no longer fits every chosen day is dropped.
  useEffect(() => {
    if (values.slot && values.weekdays.length > 0 && !slots.some((s) => s.start === values.slot))
      setValues((c) => ({ ...c, slot: '' }));
  }, [slots, values.slot, values.weekdays.length]);

  const fare = useDeliveryFare(
    placeUid,
    values.shipping_type,
    values.latitude,
    values.longitude,
    values.area,
  );

  const localErrors = subscriptionErrors(values, slots);
  const err = (field: SubscriptionField) =>
    serverErrors[field] ?? (tried ? localErrors[field] : undefined);
  const binding = stateBinding<Exclude<SubscriptionField, 'weekdays'>>(values, set, err);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingRef.current || !placeUid || !cart) return;
    setTried(true);
    setGeneral([]);
    if (Object.keys(localErrors).length > 0) {
      setGeneral([t('checkout.fixErrors')]);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      const subscription = await creation.mutateAsync({
        placeUid,
        body: buildSubscriptionBody(values, toCartInput(cart).products),
      });
      // Spec: after a successful subscription order, all subscription carts are cleared.
      clearSubscriptionCarts();
      setCartType('cart');
      toast.success(t('subscription.created', { place: subscription.place.name }));
      navigate(`${company.prefix}/subscription/me`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const mapped: Partial<Record<SubscriptionField, string>> = {};
        const rest: string[] = [];
        for (const [path, messages] of Object.entries(error.fieldErrors)) {
          const field = subscriptionFieldOfServerPath[path];
          if (field) mapped[field] ??= messages[0];
          else rest.push(...messages);
        }
        setServerErrors(mapped);
        setGeneral(rest.length ? rest : [t('checkout.fixErrors')]);
      } else {
        setGeneral(failureMessagesOf(error, t('checkout.genericError')));
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  if (!company.subscription_enabled) return <PageMessage title={t('subscription.notOffered')} />;
  if (!placeUid || !cart || cart.products.length === 0) {
    return (
      <PageMessage title={t('subscription.emptyCart')}>
        <Link className="button button--primary" to={`${company.prefix}/subscription`}>
          {t('subscription.goChoose')}
        </Link>
      </PageMessage>
    );
  }
  if (options.isError || places.isError) return <PageMessage title={t('checkout.fetchError')} />;
  if (!options.data || !place) return <Loading />;
  if (!place.subscription_enabled)
    return <PageMessage title={t('subscription.placeNotOffered', { place: place.name })} />;

  const opts = options.data;
  const noShipping = !opts.pickup && !opts.delivery.enabled;
  const subtotal = cartSubtotal(cart);
  const deliveryPrice = values.shipping_type === 'delivery' && fare.data ? fare.data.fare : null;
  const perDelivery =
    deliveryPrice !== null ? (Number(subtotal) + Number(deliveryPrice)).toFixed(2) : subtotal;
  return (
    <div className="checkout">
      <div className="checkout__head">
        <h1 className="checkout__title">{t('subscription.checkoutTitle')}</h1>
        <p className="checkout__place">
          <strong>{place.name}</strong> · {place.address}
        </p>
        <Link
          to={`${company.prefix}/cart`}
          className="checkout__back"
          onClick={() => setCartType('subscription')}
        >
          ← {t('checkout.backToCart')}
        </Link>
      </div>
      <form
        className="checkout__grid"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-busy={sending}
      >
        <div className="checkout__main">
          <CheckoutSection id="sub-days" title={t('subscription.days')}>
            <fieldset
              className="weekday-picker"
              aria-describedby={err('weekdays') ? 'sub-days-error' : undefined}
            >
              <legend className="visually-hidden">{t('subscription.days')}</legend>
              {WEEKDAYS.map((day: Weekday) => {
                const open = hoursOn(place.opening_hours, day).length > 0;
                const on = values.weekdays.includes(day);
                return (
                  <label
                    key={day}
                    className={`weekday${on ? ' weekday--on' : ''}${open ? '' : ' weekday--closed'}`}
                    title={open ? undefined : t('subscription.closed')}
                  >
                    <input
                      type="checkbox"
                      name="weekday"
                      value={day}
                      checked={on}
                      disabled={!open}
                      onChange={(e) =>
                        set('weekdays', toggleWeekday(values.weekdays, day, e.target.checked))
                      }
                    />
                    <span>{t(`subscriptions.day_${day}`)}</span>
                  </label>
                );
              })}
            </fieldset>
            {err('weekdays') ? (
              <p className="form-field__error" id="sub-days-error" role="alert">
                {errorText(err('weekdays')!)}
              </p>
            ) : null}
          </CheckoutSection>

          <CheckoutSection id="sub-slot" title={t('subscription.slot')}>
            <SelectField
              label={t('subscription.slotLabel')}
              placeholder={
                values.weekdays.length
                  ? t('checkout.chooseTime')
                  : t('subscription.chooseDaysFirst')
              }
              options={slots.map((s) => ({ value: s.start, label: slotRange(s) }))}
              value={values.slot}
              error={err('slot')}
              onChange={(e) => set('slot', e.target.value)}
            />
            {values.weekdays.length > 0 && slots.length === 0 ? (
              <p className="checkout-note">{t('subscription.noCommonSlot')}</p>
            ) : null}
          </CheckoutSection>

          <CheckoutSection id="sub-shipping" title={t('checkout.shipping')}>
            <ShippingTypeChoice
              binding={binding}
              offersPickup={opts.pickup}
              offersDelivery={opts.delivery.enabled}
            />
            {values.shipping_type === 'pickup' ? (
              <p className="checkout-note">{t('subscription.pickupNote', { place: place.name })}</p>
            ) : null}
            {values.shipping_type === 'delivery' ? (
              <DeliveryFields
                binding={binding}
                areas={(areas.data ?? []).filter((a) => opts.delivery_area_uids.includes(a.uid))}
                place={place}
                maxRadiusKm={opts.delivery.max_radius_km}
                fare={fare}
              />
            ) : null}
          </CheckoutSection>

          <CheckoutSection id="sub-payment" title={t('checkout.payment')}>
            <p className="checkout-note">{t('subscription.payOnDelivery')}</p>
            <PaymentMethodChoice binding={binding} methods={methods} />
          </CheckoutSection>

          <CommentsSection id="sub-comments" binding={binding} />
        </div>

        <aside className="checkout__aside">
          <section className="checkout-summary" aria-labelledby="sub-summary-title">
            <h2 id="sub-summary-title" className="checkout-section__title">
              {t('subscription.summary')}
            </h2>
            <ul className="checkout-summary__lines" aria-label={t('checkout.products')}>
              {cart.products.map((line) => (
                <li key={line.id} className="checkout-summary__line">
                  <span>
                    {line.quantity} × {line.title}
                    {line.option_groups.length > 0 ? (
                      <small className="checkout-summary__options">
                        {line.option_groups.flatMap((g) => g.options.map((o) => o.name)).join(', ')}
                      </small>
                    ) : null}
                  </span>
                  <span>{price(lineTotal(line))}</span>
                </li>
              ))}
            </ul>
            <dl className="checkout-summary__totals">
              <div>
                <dt>{t('checkout.subtotal')}</dt>
                <dd>{price(subtotal)}</dd>
              </div>
              {deliveryPrice !== null ? (
                <div>
                  <dt>{t('checkout.deliveryPrice')}</dt>
                  <dd>{price(deliveryPrice)}</dd>
                </div>
              ) : null}
              <div className="checkout-summary__total">
                <dt>{t('subscriptions.total')}</dt>
                <dd data-testid="subscription-total">{price(perDelivery)}</dd>
              </div>
            </dl>
            <p className="subscription-summary__note">
              {values.weekdays.length > 0
                ? t('subscription.deliveriesPerWeek', {
                    count: values.weekdays.length,
                    days: values.weekdays.map((d) => t(`subscriptions.day_${d}`)).join(', '),
                  })
                : t('subscription.chooseDaysFirst')}
            </p>
            <p className="subscription-summary__note">{t('subscription.priceNote')}</p>
          </section>
          <FormAlert messages={general} />
          <DeliveryGateNote shippingType={values.shipping_type} fare={fare} />
          <CheckoutSubmit
            sending={sending}
            disabled={noShipping || deliveryPointPending(values.shipping_type, fare)}
          >
            {t('subscription.submit')}
          </CheckoutSubmit>
        </aside>
      </form>
    </div>
  );
}
