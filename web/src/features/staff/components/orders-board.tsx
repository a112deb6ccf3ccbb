import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { orderStatus, type OrderStatus } from '@store/contract/orders/status';
import {
  staffActionStatus,
  staffActionsFor,
  type StaffOrder,
  type StaffOrderAction,
} from '@store/contract/staff/schemas';
import { errorMessages } from '@store/contract/messages';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { serverFormErrors } from '../../../lib/form-errors';
import { useFormatPrice } from '../../../lib/money';
import { FormAlert, SelectField } from '../../../components/form-fields';
import { ConfirmInline } from '../../../components/confirm-inline';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useStaffOrders } from '../api/get-staff-orders';
import { useOrderTransition } from '../api/transition-order';
import { BOARD_FILTERS } from '../logic';
import { useErrorText } from '../../../lib/error-text';
import { useStaff } from './staff-context';
import { RemoveOrderLine } from './remove-order-line';
import { orderLinesRemovable } from '@store/contract/orders/line-removal';
import { StaffPager } from './staff-list';
import '../../../styles/checkout.css';
import { formatDay, formatInstant } from '../../../lib/format';

/** /staff/orders: the place's orders, newest first, polled so new ones appear; filtered by status. */
export function OrdersBoard() {
  const { t, i18n } = useTranslation();
  const { places } = useStaff();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const placeParam = params.get('place_uid') ?? '';
  const placeUid = places.some((p) => p.uid === placeParam) ? placeParam : undefined;
  const status = orderStatus.safeParse(statusParam).success
    ? (statusParam as OrderStatus)
    : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const orders = useStaffOrders({
    status,
    place_uid: placeUid,
    page,
    page_size: DEFAULT_PAGE_SIZE,
  });

  const setFilter = (next: { status?: string; page?: number; place_uid?: string }) => {
    const search = new URLSearchParams();
    const s = next.status ?? statusParam;
    const p = next.page ?? page;
    const place = next.place_uid ?? placeUid ?? '';
    if (s) search.set('status', s);
    if (place) search.set('place_uid', place);
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };
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
            {updated ? ` · ${t('staff.updatedAt', { time: updated })}` : ''}
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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One order with every labelled field, its lines, billing data and the moves it allows now. */
function OrderCard({ order: o }: { order: StaffOrder }) {
  const { t, i18n } = useTranslation();
  const stm = useErrorText();
  const price = useFormatPrice();
  const transition = useOrderTransition();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // The server's list of actions is computed from the same contract state machine; both must agree.
  const actions = staffActionsFor(o.status, o.shipping_type).filter((a) => o.actions.includes(a));
  const removable = orderLinesRemovable(o);
  const date = formatInstant(o.created_at, i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const run = (action: StaffOrderAction) => {
    setErrors([]);
    transition.mutate(
      { uid: o.uid, action },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          toast.success(
            t('staff.orderMoved', {
              number: o.number,
              status: t(`staff.status_${staffActionStatus[action]}`),
            }),
          );
        },
        onError: (error) => {
          const parsed = serverFormErrors(error, []);
          const messages = parsed.general.map(stm);
          const shown = messages.length ? messages : [stm(errorMessages.updateFailed)];
          setErrors(shown);
          toast.error(shown[0]);
        },
      },
    );
  };

  return (
    <li
      className={`staff-order staff-order--${o.status.toLowerCase()}`}
      data-order={o.number}
      data-status={o.status}
    >
      <div className="staff-order__head">
        <strong>{t('staff.orderTitle', { number: o.number })}</strong>
        <span
          className={`order-badge order-badge--${o.status.toLowerCase()}`}
          data-testid="staff-order-status"
        >
          {t(`staff.status_${o.status}`)}
        </span>
        {/* A coins order's money amounts are 0: its total is the coins spent. */}
        <span className="staff-order__total" data-coin-total={o.coin_total || undefined}>
          {o.coin_total > 0
            ? t('checkout.coinOrderTotal', { count: o.coin_total })
            : price(o.total)}
        </span>
      </div>
      <dl className="staff-facts staff-facts--grid">
        <Field label={t('orders.orderNumber')}>{o.number}</Field>
        <Field label={t('orders.date')}>{date}</Field>
        <Field label={t('orders.name')}>{o.name || '—'}</Field>
        {o.client ? (
          <Field label={t('staff.client')}>
            {o.client.first_name} {o.client.last_name}
            {o.client.mobile_phone ? ` · ${o.client.mobile_phone}` : ''}
          </Field>
        ) : null}
        <Field label={t('orders.place')}>{o.place.name}</Field>
        <Field label={t('orders.shippingType')}>{t(`orders.shipping_${o.shipping_type}`)}</Field>
        {o.shipping_type === 'pickup' ? (
          <Field label={t('orders.pickupDateTime')}>
            <span data-testid="staff-pickup">
              {o.pickup_date
                ? // A store calendar day: named as that day whatever the device's zone.
                  formatDay(o.pickup_date, i18n.language, {
                    weekday: 'short',
                    day: 'numeric',
                    month: 'short',
                  })
                : '—'}{' '}
              {o.pickup_start ? `${o.pickup_start}${o.pickup_end ? `–${o.pickup_end}` : ''}` : ''}
            </span>
          </Field>
        ) : (
          <>
            <Field label={t('orders.district')}>{o.district ?? o.area?.name ?? '—'}</Field>
            <Field label={t('orders.address')}>{o.address ?? '—'}</Field>
            <Field label={t('orders.reference')}>{o.reference || '—'}</Field>
          </>
        )}
        <Field label={t('orders.paymentType')}>
          {o.payment_type}
          {o.card_last4 ? ` · ${t('orders.card', { last4: o.card_last4 })}` : ''} ·{' '}
          {t(`orders.payment_${o.payment_status}`)}
        </Field>
        {o.coupon ? <Field label={t('orders.coupon')}>{o.coupon}</Field> : null}
        <Field label={t('orders.comments')}>{o.comments || '—'}</Field>
      </dl>
      <details className="staff-order__more">
        <summary>
          {t('staff.orderDetail', { count: o.products.reduce((n, l) => n + l.quantity, 0) })}
        </summary>
        <table className="staff-table staff-table--compact">
          <thead>
            <tr>
              <th scope="col">{t('orders.products')}</th>
              <th scope="col">{t('orders.quantity')}</th>
              <th scope="col">{t('orders.price')}</th>
              {removable ? <th scope="col">{t('staff.lineActions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {o.products.map((line, index) => (
              <tr key={`${line.uid}-${index}`}>
                <td>
                  {line.title}
                  {line.options.length ? (
                    <small className="staff-muted">
                      {' '}
                      ({line.options.map((x) => x.name).join(', ')})
                    </small>
                  ) : null}
                </td>
                <td>{line.quantity}</td>
                <td>
                  {line.coin_price
                    ? t('checkout.coinOrderTotal', { count: line.coin_price * line.quantity })
                    : price(line.total)}
                </td>
                {removable ? (
                  <td>
                    <RemoveOrderLine order={o} line={line} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="staff-facts staff-facts--grid">
          <Field label={t('orders.subtotal')}>{price(o.subtotal)}</Field>
          <Field label={t('orders.discount')}>{price(o.discount)}</Field>
          <Field label={t('orders.price')}>{price(o.price)}</Field>
          <Field label={t('orders.deliveryPrice')}>{price(o.delivery_price)}</Field>
          <Field label={t('orders.taxes')}>{price(o.taxes)}</Field>
          <Field label={t('orders.total')}>
            {o.coin_total > 0
              ? t('checkout.coinOrderTotal', { count: o.coin_total })
              : price(o.total)}
          </Field>
        </dl>
        <h4 className="staff-panel__subtitle">{t('orders.billing')}</h4>
        {o.billing ? (
          <dl className="staff-facts staff-facts--grid">
            <Field label={t('staff.firstName')}>{o.billing.first_name}</Field>
            <Field label={t('staff.lastName')}>{o.billing.last_name}</Field>
            <Field label={t('staff.email')}>{o.billing.email}</Field>
            <Field label={t('staff.phone')}>{o.billing.phone}</Field>
            <Field label={t('staff.city')}>{o.billing.city}</Field>
            <Field label={t('orders.address')}>{o.billing.address}</Field>
          </dl>
        ) : (
          <p className="staff-muted">{t('staff.noBilling')}</p>
        )}
      </details>
      {actions.length ? (
        <div className="staff-order__actions">
          {confirmCancel ? (
            <ConfirmInline
              className="staff-order__confirm"
              question={t('staff.cancelConfirm')}
              yes={t('staff.cancelYes')}
              no={t('staff.cancelNo')}
              busy={transition.isPending}
              onYes={() => run('cancel')}
              onNo={() => setConfirmCancel(false)}
            />
          ) : (
            actions.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'cancel' ? 'button button--ghost' : 'button button--primary'}
                disabled={transition.isPending}
                onClick={() => (action === 'cancel' ? setConfirmCancel(true) : run(action))}
              >
                {t(`staff.action_${action}`)}
              </button>
            ))
          )}
        </div>
      ) : null}
      <FormAlert messages={errors} />
    </li>
  );
}
