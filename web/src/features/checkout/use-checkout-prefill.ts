import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Place } from '@store/contract/catalog/places';
import type { PaymentMethod } from '@store/contract/orders/schemas';
import type { useCheckoutOptions } from '../../api/get-checkout-options';
import type { useMe } from '../../api/get-me';
import type { CheckoutValues } from '../../lib/checkout-logic';
import type { usePickupSchedule } from './api/get-pickup-schedule';
import type { useClosedNow } from './components/closed-now-note';
import type { useCheckoutDraft } from './use-checkout-draft';

type PrefillInputs = {
  form: UseFormReturn<CheckoutValues>;
  draft: ReturnType<typeof useCheckoutDraft>;
  options: ReturnType<typeof useCheckoutOptions>;
  me: ReturnType<typeof useMe>;
  place: Place | undefined;
  schedule: ReturnType<typeof usePickupSchedule>;
  closed: ReturnType<typeof useClosedNow>;
  coinsCart: boolean;
  /** The payment methods the cart may use, and the same list as of the last render. */
  methods: readonly PaymentMethod[];
  methodsRef: RefObject<readonly PaymentMethod[]>;
};

/**
 * The checkout's fields filled for the member and kept consistent with the place: the defaults
 * once all is known, the first pickup day, pickup when the place closes, and a coins cart's
 * method and pickup.
 */
export function useCheckoutPrefill({
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
}: PrefillInputs) {
  const { setValue, getValues, reset } = form;
  const closedRef = useRef(closed);
  closedRef.current = closed;

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
}
