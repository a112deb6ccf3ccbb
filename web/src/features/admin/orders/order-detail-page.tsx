import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@store/contract/admin/orders';
import { ApiError } from '../../../api/client';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useFormat } from '../../../lib/format';
import { useOrder } from './api/get-order';
import { OrderActions } from './order-actions';
import { OrderHistory } from './order-history';
import { OrderLines } from './order-lines';
import { OrderPayment } from './order-payment';
import { OrderReceipts } from './order-receipts';
import { StateLabel } from './order-state-label';
import './orders.css';
import { LocationFlagNote } from '../../../components/location-flag-note';

function OrderView({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="admin-order__grid">
      <OrderLines order={order} />
      <div className="admin-order__side">
        <section className="admin-panel" aria-labelledby="admin-order-client">
          <h2 id="admin-order-client" className="admin-panel__title">
            {t('admin.orders.clientTitle')}
          </h2>
          {order.client ? (
            <p className="admin-order__facts">
              <strong>
                {order.client.first_name} {order.client.last_name}
              </strong>
              {order.client.email ? <span>{order.client.email}</span> : null}
              {order.client.mobile_phone ? <span>{order.client.mobile_phone}</span> : null}
            </p>
          ) : (
            <p className="admin-empty">{order.name || t('admin.orders.noClient')}</p>
          )}
        </section>
        <section className="admin-panel" aria-labelledby="admin-order-shipping">
          <h2 id="admin-order-shipping" className="admin-panel__title">
            {t('admin.orders.shippingTitle')}
          </h2>
          {order.location_flag ? (
            <LocationFlagNote
              title={t('admin.orders.locationFlagTitle')}
              text={t(`admin.orders.locationFlag_${order.location_flag.reason}`, {
                area: order.location_flag.area ?? '',
                district: order.district ?? order.area?.name ?? '',
              })}
              phone={order.client?.mobile_phone || order.billing?.phone || null}
              callLabel={t('admin.orders.locationFlagCall', {
                phone: order.client?.mobile_phone || order.billing?.phone || '',
              })}
            />
          ) : null}
          <p className="admin-order__facts">
            <strong>
              {t(`admin.orders.shipping_${order.shipping_type}`)} · {order.place.name}
            </strong>
            {order.shipping_type === 'pickup' && order.pickup_date ? (
              <span>
                {order.pickup_start && order.pickup_end
                  ? t('admin.orders.pickupAt', {
                      date: format.day(order.pickup_date),
                      start: order.pickup_start,
                      end: order.pickup_end,
                    })
                  : t('admin.orders.pickupOn', { date: format.day(order.pickup_date) })}
              </span>
            ) : null}
            {order.address ? (
              <span>
                {order.address}
                {order.district ? `, ${order.district}` : ''}
              </span>
            ) : null}
            {order.reference ? (
              <span>{t('admin.orders.reference', { text: order.reference })}</span>
            ) : null}
            {order.comments ? (
              <span>{t('admin.orders.comments', { text: order.comments })}</span>
            ) : null}
          </p>
        </section>
        <OrderPayment order={order} />
        <OrderReceipts orderUid={order.uid} />
        <OrderHistory uid={order.uid} />
      </div>
    </div>
  );
}

/** What the status alone does not say: ready to collect since when, why the store canceled. */
function StatusFacts({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const format = useFormat();
  const facts = [
    order.ready_at && order.status === 'ACCEPTED'
      ? t('admin.orders.readySince', { date: format.instant(order.ready_at) })
      : null,
    order.status === 'CANCELED_BY_PLACE' && order.cancel_reason
      ? t('admin.orders.reasonShown', {
          reason:
            order.cancel_reason === 'other' && order.cancel_note
              ? order.cancel_note
              : `${t(`admin.orders.reason_${order.cancel_reason}`)}${order.cancel_note ? ` · ${order.cancel_note}` : ''}`,
        })
      : null,
  ].filter((f): f is string => f !== null);
  if (!facts.length) return null;
  return (
    <ul className="admin-order__status-facts" data-testid="admin-order-facts">
      {facts.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}

/** /admin/orders/:uid: one order in full, its whole workflow (the staff console's moves), and cancel-and-refund behind a confirmation with its reason. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { uid = '' } = useParams();
  const location = useLocation();
  const query = useOrder(uid);
  const back = (
    <div className="admin-order__links">
      <Link className="admin-order__back" to={`/admin/orders${location.search}`}>
        ← {t('admin.orders.back')}
      </Link>
      <Link className="admin-order__back" to="/staff/orders" data-testid="admin-to-board">
        {t('admin.orders.toBoard')} →
      </Link>
    </div>
  );
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <div className="admin-page">
        {back}
        <PageMessage
          title={
            query.error instanceof ApiError && query.error.status === 404
              ? t('admin.orders.notFound')
              : t('admin.fetchError')
          }
        >
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('admin.retry')}
          </button>
        </PageMessage>
      </div>
    );
  const order = query.data;
  return (
    <div className="admin-page" data-testid="admin-order">
      {back}
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">
            {t('admin.orders.detailTitle', { number: order.number })}
          </h1>
          <p className="admin-page__note">
            {t('admin.orders.placedAt', { date: format.instant(order.created_at) })}
          </p>
        </div>
        <span data-testid="admin-order-status">
          <StateLabel kind="status" value={order.status} />
        </span>
      </div>
      <StatusFacts order={order} />
      <OrderActions order={order} />
      <OrderView order={order} />
    </div>
  );
}
