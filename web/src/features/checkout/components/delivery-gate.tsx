import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { messagesOf } from '../error-messages';
import type { DeliveryFareQuery } from '../api/estimate-fare';

/**
 * A delivery is paid only once the place has priced its point: while the fare is unknown or
 * refused (out of the delivery area), paying would send an order the server must refuse.
 */
export function deliveryPointPending(shippingType: string, fare: DeliveryFareQuery): boolean {
  return shippingType === 'delivery' && !fare.isSuccess;
}

/**
 * Beside the pay button, why it waits: the refusal of the point (the range it must fall in),
 * or that a point is needed. Nothing while the fare is on its way.
 */
export function DeliveryGateNote({
  shippingType,
  fare,
}: {
  shippingType: string;
  fare: DeliveryFareQuery;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (shippingType !== 'delivery' || fare.isSuccess || fare.isFetching) return null;
  const text = fare.isError
    ? errorText(messagesOf(fare.error)[0] ?? t('checkout.deliveryError'))
    : t('checkout.deliveryPointMissing');
  return (
    <p className="checkout-gate" role="status" data-testid="delivery-gate">
      {text}
    </p>
  );
}
