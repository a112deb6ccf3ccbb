import { useTranslation } from 'react-i18next';
import type { AreaSummary, PickupSchedule, Place } from '@store/contract/catalog/places';
import type { ClosedNow } from '@store/contract/orders/open-now';
import type { FormBinding } from '../form/form-binding';
import type { DeliveryFareQuery } from '../api/estimate-fare';
import { ClosedNowNote } from './closed-now-note';
import { DeliveryFields, type DeliveryField } from './delivery-fields';
import { PickupSlotFields } from './pickup-slot-fields';
import { ShippingTypeChoice } from './shipping-type-choice';
import { CheckoutSection } from './checkout-section';

type ShippingSectionProps = {
  binding: FormBinding<'shipping_type' | 'pickup_date' | 'pickup_start' | DeliveryField>;
  shippingType: string;
  closed: ClosedNow | null;
  /** The place delivers when open; `offersDelivery` says whether it does now. */
  deliversWhenOpen: boolean;
  offersDelivery: boolean;
  offersPickup: boolean;
  schedule: PickupSchedule | undefined;
  areas: readonly AreaSummary[] | undefined;
  deliveryAreaUids: readonly string[];
  place: Place | undefined;
  maxRadiusKm: number | null;
  fare: DeliveryFareQuery;
};

/** How the order gets to the member: pickup (a slot) or delivery (area, address, point, fare). */
export function ShippingSection({
  binding,
  shippingType,
  closed,
  deliversWhenOpen,
  offersDelivery,
  offersPickup,
  schedule,
  areas,
  deliveryAreaUids,
  place,
  maxRadiusKm,
  fare,
}: ShippingSectionProps) {
  const { t } = useTranslation();
  return (
    <CheckoutSection id="co-shipping" title={t('checkout.shipping')}>
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
      {shippingType === 'pickup' ? (
        <PickupSlotFields binding={binding} schedule={schedule} />
      ) : null}
      {shippingType === 'delivery' ? (
        <DeliveryFields
          binding={binding}
          // Only the areas the place delivers in (the server refuses another one).
          areas={(areas ?? []).filter((a) => deliveryAreaUids.includes(a.uid))}
          place={place}
          maxRadiusKm={maxRadiusKm}
          fare={fare}
        />
      ) : null}
    </CheckoutSection>
  );
}
