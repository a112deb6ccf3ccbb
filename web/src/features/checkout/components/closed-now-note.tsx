import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closedNow, type ClosedNow } from '@store/contract/orders/open-now';
import type { AnyHours } from '@store/contract/orders/opening-hours';

/**
 * Whether the place is closed at this moment and when it opens again, on the store clock;
 * looked at again every minute, so a checkout left open sees the place open (or close).
 */
export function useClosedNow(hours: AnyHours | undefined): ClosedNow | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return hours ? closedNow(hours, new Date(now)) : null;
}

/**
 * "Cerrado ahora, abre a las 07:00" (issue 36 row 5), the day named when it is not today, and
 * what the buyer can do meanwhile: a delivery goes out as soon as possible, so it waits for the
 * place to open; a pickup is ordered for one of the next slots.
 */
export function ClosedNowNote({
  closed,
  deliveryOffered,
  pickupOffered,
}: {
  closed: ClosedNow;
  /** The place delivers when open (so the buyer is told why delivery is not offered now). */
  deliveryOffered: boolean;
  pickupOffered: boolean;
}) {
  const { t } = useTranslation();
  const title =
    closed.day === null
      ? t('checkout.closedNoOpening')
      : closed.day === 'today'
        ? t('checkout.closedNow', { time: closed.time })
        : closed.day === 'tomorrow'
          ? t('checkout.closedNowTomorrow', { time: closed.time })
          : t('checkout.closedNowOn', {
              day: t(`subscriptions.day_${closed.day}`),
              time: closed.time,
            });
  const advice = pickupOffered
    ? deliveryOffered
      ? t('checkout.closedDeliveryWaits')
      : t('checkout.closedPickupNext')
    : t('checkout.closedNothingNow');
  return (
    <div className="checkout-closed" role="status" data-testid="closed-now">
      <p className="checkout-closed__title">{title}</p>
      <p className="checkout-closed__text">{advice}</p>
    </div>
  );
}
