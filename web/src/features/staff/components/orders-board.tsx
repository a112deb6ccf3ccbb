import { useState } from 'react';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { orderStatus, type OrderStatus } from '@store/contract/orders/status';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { useFormatPrice } from '../../../lib/money';
import { SelectField } from '../../../components/form-fields';
import { OrderAlertsBar } from '../../../components/order-alerts-bar';
import { useFreshOrders, useOrderAlerts, type AnnouncedOrder } from '../../../lib/order-alerts';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useStaffOrders } from '../api/get-staff-orders';
import { useRecentOrders, useRefreshBoard } from '../api/get-recent-orders';
import { BOARD_FILTERS } from '../logic';
import { useStaff } from './staff-context';
import { StaffPager } from './staff-list';
import '../../../styles/checkout.css';
import { formatInstant } from '../../../lib/format';
import { OrderCard } from './order-card';

/** The board's filters from its query: an unknown status or a place not the staff's is no filter. */
function boardFilterOf(params: URLSearchParams, places: readonly { uid: string }[]) {
  const statusParam = params.get('status') ?? '';
  const placeParam = params.get('place_uid') ?? '';
  return {
    status: orderStatus.safeParse(statusParam).success ? (statusParam as OrderStatus) : undefined,
    placeUid: places.some((p) => p.uid === placeParam) ? placeParam : undefined,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/**
 * New orders announced while the board is open: a chime, a browser notification (with
 * permission) and the list read again at once (see lib/order-alerts.ts).
 */
function useNewOrderAlerts() {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const alerts = useOrderAlerts();
  const recent = useRecentOrders();
  const refresh = useRefreshBoard();
  const [last, setLast] = useState<string | null>(null);
  useFreshOrders(recent.data?.results, (fresh) => {
    refresh();
    const text = (o: AnnouncedOrder) => ({
      title: t('staff.alerts.newOrder', { number: o.number }),
      body: t('staff.alerts.newOrderBody', {
        place: o.place.name,
        total: o.coin_total
          ? t('checkout.coinOrderTotal', { count: o.coin_total })
          : price(o.total),
        shipping: t(`orders.shipping_${o.shipping_type}`),
      }),
    });
    alerts.announce(fresh, text);
    for (const o of fresh) {
      const { title, body } = text(o);
      toast.info(`${title} · ${body}`, { toastId: `order-${o.uid}` });
    }
    setLast(fresh.map((o) => text(o).title).join('. '));
  });
  return { ...alerts, last };
}

/** /staff/orders: the place's orders, newest first, polled so new ones appear; filtered by status. */
export function OrdersBoard() {
  const { t, i18n } = useTranslation();
  const { places } = useStaff();
  const alerts = useNewOrderAlerts();
  const [params, setParams] = useSearchParamsLatest();
  const { status, placeUid, page } = boardFilterOf(params, places);
  const orders = useStaffOrders({
    status,
    place_uid: placeUid,
    page,
    page_size: DEFAULT_PAGE_SIZE,
  });

  const setFilter = (next: { status?: string; page?: number; place_uid?: string }) =>
    setParams((latest) => {
      const current = boardFilterOf(latest, places);
      const search = new URLSearchParams();
      const s = next.status ?? current.status ?? '';
      const p = next.page ?? current.page;
      const place = next.place_uid ?? current.placeUid ?? '';
      if (s) search.set('status', s);
      if (place) search.set('place_uid', place);
      if (p > 1) search.set('page', String(p));
      return search;
    });
  const pages = pageCount(orders.data?.count ?? 0, DEFAULT_PAGE_SIZE);
  const updated = orders.dataUpdatedAt
    ? formatInstant(orders.dataUpdatedAt, i18n.language, { timeStyle: 'medium' })
    : null;

  return (
    <div className="staff-page">
      <div className="staff-board__head">
        <div>
          <h2 className="staff-panel__title">{t('staff.ordersTitle')}</h2>
          <p className="staff-muted" aria-live="off">
            {t('staff.autoRefresh')}
            {/* Its room is kept until the first answer: the time arriving after the board showed
                wrapped a line on a phone, and moved "Activar avisos" under a press (issue 38). */}
            <span className={updated ? undefined : 'staff-board__updated--pending'}>
              {` · ${t('staff.updatedAt', { time: updated ?? formatInstant(0, i18n.language, { timeStyle: 'medium' }) })}`}
            </span>
          </p>
        </div>
        {places.length > 1 ? (
          <SelectField
            className="staff-board__place"
            label={t('staff.place')}
            value={placeUid ?? ''}
            placeholder={t('staff.allPlaces')}
            options={places.map((p) => ({ value: p.uid, label: p.name }))}
            onChange={(e) => setFilter({ place_uid: e.target.value, page: 1 })}
          />
        ) : null}
      </div>
      <OrderAlertsBar
        className="staff-board__alerts"
        prefix="staff.alerts"
        sound={alerts.sound}
        onToggleSound={alerts.toggleSound}
        permission={alerts.permission}
        onAskPermission={() => void alerts.askPermission()}
        last={alerts.last}
      />
      <div className="staff-chips" role="group" aria-label={t('staff.filterStatus')}>
        {BOARD_FILTERS.map((s) => (
          <button
            key={s || 'all'}
            type="button"
            className={s === (status ?? '') ? 'staff-chip staff-chip--active' : 'staff-chip'}
            aria-pressed={s === (status ?? '')}
            onClick={() => setFilter({ status: s, page: 1 })}
          >
            {s ? t(`staff.status_${s}`) : t('staff.allStatuses')}
          </button>
        ))}
      </div>
      {orders.isError && orders.data ? (
        // A failed poll keeps the last list on screen (staff keep working) and says it may be old.
        <p className="form-alert form-alert--error" role="status" data-testid="orders-stale">
          {t('staff.refreshFailed')}
        </p>
      ) : null}
      {orders.isPending ? (
        <Loading />
      ) : !orders.data ? (
        <PageMessage title={t('staff.fetchError')}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void orders.refetch()}
          >
            {t('staff.retry')}
          </button>
        </PageMessage>
      ) : orders.data.results.length === 0 ? (
        <PageMessage title={t('staff.noOrders')} />
      ) : (
        <>
          <ul className="staff-orders" aria-busy={orders.isFetching}>
            {orders.data.results.map((order) => (
              <OrderCard key={order.uid} order={order} />
            ))}
          </ul>
          <StaffPager page={page} pages={pages} onPage={(next) => setFilter({ page: next })} />
        </>
      )}
    </div>
  );
}
