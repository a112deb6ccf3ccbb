import { useTranslation } from 'react-i18next';
import type { AdminPlace } from '@store/contract/admin/places';
import { StatusPill } from '../shell/status-pill';

// Its own file: the list and the editor both show it, and the list opens the editor (issue 38).
/** Open now (timetable, store clock) and taking orders (online sales on, not paused). */
export function PlaceState({ place }: { place: AdminPlace }) {
  const { t } = useTranslation();
  const orders = place.orders_paused
    ? t('admin.places.paused')
    : place.taking_orders
      ? t('admin.places.taking')
      : t('admin.places.notSelling');
  return (
    <span className="admin-place-state">
      <StatusPill tone={place.open_now ? 'on' : 'off'} data-testid="place-open-now">
        {place.open_now ? t('admin.places.open') : t('admin.places.closed')}
      </StatusPill>
      <StatusPill tone={place.taking_orders ? 'on' : 'warn'} data-testid="place-taking-orders">
        {orders}
      </StatusPill>
    </span>
  );
}
