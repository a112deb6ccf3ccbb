import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminOrder } from '@store/contract/admin/orders';
import { ApiError } from '../../../api/client';
import { ConfirmInline } from '../../../components/confirm-inline';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney, useFormat } from '../../../lib/format';
import { serverFormErrors } from '../../../lib/form-errors';
import { useTransitionOrder, type AdminOrderMove } from './api/transition-order';
import { CancelOrderForm } from '../../../components/cancel-order-form';
import { FormAlert } from '../../../components/form-fields';
import { useRemoveOrderLine } from './api/remove-line';
import { orderLinesRemovable } from '@store/contract/orders/line-removal';
import { useOrder } from './api/get-order';
import { useOrderHistory } from './api/get-order-history';
import { OrderReceipts } from './order-receipts';
import './orders.css';
import { LocationFlagNote } from '../../../components/location-flag-note';

function StateLabel({ kind, value }: { kind: 'status' | 'payment' | 'refund'; value: string }) {
  const { t } = useTranslation();
  const tone = /CANCELED|REJECTED/.test(value)
    ? 'bad'
    : /DELIVERED|PAID|REFUNDED|DONE/.test(value)
      ? 'good'
      : 'wait';
  return (
    <span className={`admin-badge admin-badge--${tone}`} data-state={value}>
      {t(`admin.orders.${kind}_${value}`)}
    </span>
  );
}

/** The moves the order allows now, in the order a shift makes them (cancel last, apart). */
const forward = ['accept', 'ready', 'ship', 'deliver'] as const;

/**
 * The order's workflow: the store's next moves (the server lists them from the contract's state
 * machine, the staff console's own), and cancel (with its reason, and a card payment refunded)
 * behind an "are you sure?" that says what goes back.
 */
function OrderActions({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const stm = useErrorText();
  const move = useTransitionOrder();
  const [asking, setAsking] = useState(false);
  const [errors, setErrors] = useState<{
    reason?: string;
    reason_note?: string;
    general?: string[];
  }>({});
  const moves = forward.filter((a) => order.actions.includes(a));
  const canCancel = order.actions.includes('cancel');
  if (!moves.length && !canCancel) return null;
  const paidByCard = order.payment_status === 'PAID';
  const run = (body: Omit<AdminOrderMove, 'uid'>) => {
    setErrors({});
    move.mutate(
      { uid: order.uid, ...body },
      {
        onSuccess: (done) => {
          setAsking(false);
          const refund = done.refunds.at(-1);
          toast.success(
            body.action === 'cancel'
              ? refund
                ? t('admin.orders.canceledRefund', {
                    number: done.number,
                    state: t(`admin.orders.refund_${refund.status}`),
                  })
                : t('admin.orders.canceled', { number: done.number })
              : body.action === 'ready'
                ? t('admin.orders.readyDone', { number: done.number })
                : t('admin.orders.moved', {
                    number: done.number,
                    status: t(`admin.orders.status_${done.status}`),
                  }),
          );
        },
        onError: (err) => {
          const parsed = serverFormErrors(err, ['reason', 'reason_note']);
          const general = parsed.general.length
            ? parsed.general
            : Object.keys(parsed.fields).length
              ? []
              : [t('admin.orders.moveError')];
          setErrors({
            reason: parsed.fields.reason,
            reason_note: parsed.fields.reason_note,
            general,
          });
          if (body.action !== 'cancel' && general[0]) toast.error(stm(general[0]));
        },
      },
    );
  };
  return (
    <section className="admin-order__actions" aria-label={t('admin.orders.actionsTitle')}>
      {asking ? (
        <CancelOrderForm
          prefix="admin.orders"
          className="admin-order__cancel"
          question={
            paidByCard
              ? t('admin.orders.cancelQuestionCard', {
                  number: order.number,
                  amount: formatMoney(order.total, i18n.language),
                })
              : t('admin.orders.cancelQuestion', { number: order.number })
          }
          yes={t('admin.orders.cancelYes')}
          no={t('admin.orders.cancelNo')}
          busy={move.isPending}
          errors={errors}
          onConfirm={(reason) => run({ action: 'cancel', ...reason })}
          onBack={() => {
            setAsking(false);
            setErrors({});
          }}
        />
      ) : (
        <div className="admin-order__buttons">
          {moves.map((action) => (
            <button
              key={action}
              type="button"
              className="button button--primary"
              disabled={move.isPending}
              onClick={() => run({ action })}
            >
              {t(`admin.orders.action_${action}`)}
            </button>
          ))}
          {canCancel ? (
            <button
              type="button"
              className="button button--danger"
              disabled={move.isPending}
              onClick={() => setAsking(true)}
            >
              {t('admin.orders.cancel')}
            </button>
          ) : null}
        </div>
      )}
      {!asking && errors.general?.length ? <FormAlert messages={errors.general} /> : null}
    </section>
  );
}

/** "Quitar" on one line, behind an "are you sure?" that says a card payment is refunded. */
function RemoveLine({ order, line }: { order: AdminOrder; line: AdminOrder['products'][number] }) {
  const { t, i18n } = useTranslation();
  const stm = useErrorText();
  const remove = useRemoveOrderLine();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (line.position === undefined) return null;
  const position = line.position;
  const values = { quantity: line.quantity, title: line.title, number: order.number };
  const onYes = () => {
    setError(null);
    remove.mutate(
      { uid: order.uid, position },
      {
        onSuccess: (done) => {
          const refund = done.refunds.at(-1);
          const total = formatMoney(done.total, i18n.language);
          toast.success(
            order.payment_status === 'PAID' && refund
              ? t('admin.orders.removedRefund', {
                  total,
                  state: t(`admin.orders.refund_${refund.status}`),
                })
              : t('admin.orders.removed', { total }),
          );
        },
        onError: (err) => {
          const parsed = serverFormErrors(err, []);
          const first = parsed.general[0] ?? Object.values(parsed.fields)[0];
          setError(
            first
              ? stm(first)
              : err instanceof ApiError && err.detailMessage
                ? stm(err.detailMessage)
                : t('admin.orders.removeError'),
          );
        },
        onSettled: () => setAsking(false),
      },
    );
  };
  return (
    <div className="admin-order__remove">
      {asking ? (
        <ConfirmInline
          className="admin-order__remove-confirm"
          question={
            order.payment_status === 'PAID'
              ? t('admin.orders.removeQuestionCard', values)
              : t('admin.orders.removeQuestion', values)
          }
          yes={t('admin.orders.removeYes')}
          no={t('admin.orders.cancelNo')}
          busy={remove.isPending}
          onYes={onYes}
          onNo={() => setAsking(false)}
        />
      ) : (
        <button
          type="button"
          className="button button--small"
          aria-label={t('admin.orders.removeLineLabel', { title: line.title })}
          onClick={() => setAsking(true)}
        >
          {t('admin.orders.removeLine')}
        </button>
      )}
      {error ? (
        <p role="alert" className="form-alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the back office did to the order (the audit log's lines about it). */
function History({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useOrderHistory(uid);
  return (
    <section className="admin-panel" aria-labelledby="admin-order-history">
      <h2 id="admin-order-history" className="admin-panel__title">
        {t('admin.orders.historyTitle')}
      </h2>
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <p className="admin-empty">{t('admin.fetchError')}</p>
      ) : !history.data.results.length ? (
        <p className="admin-empty">{t('admin.orders.historyEmpty')}</p>
      ) : (
        <ul className="admin-order__facts" data-testid="admin-order-history">
          {history.data.results.map((line) => (
            <li key={line.uid}>
              <strong>{format.instant(line.at)}</strong>{' '}
              {line.after?.ready === true
                ? t('admin.orders.historyReady', {
                    who: line.actor.name || line.actor.email || '—',
                    role: t(`admin.role_${line.actor.role}`),
                  })
                : line.after && 'removed' in line.after
                  ? t('admin.orders.historyRemoved', {
                      who: line.actor.name || line.actor.email || '—',
                      role: t(`admin.role_${line.actor.role}`),
                      quantity: line.after.removed,
                      title: (line.after.line as { title?: string } | undefined)?.title ?? '',
                    })
                  : t('admin.orders.historyLine', {
                      who: line.actor.name || line.actor.email || '—',
                      role: t(`admin.role_${line.actor.role}`),
                      status: t(`admin.orders.status_${String(line.after?.status ?? '')}`, {
                        defaultValue: String(line.after?.status ?? ''),
                      }),
                    })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderView({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const money = (v: string) => formatMoney(v, i18n.language);
  const removable = orderLinesRemovable(order);
  return (
    <div className="admin-order__grid">
      <section className="admin-panel" aria-labelledby="admin-order-lines">
        <h2 id="admin-order-lines" className="admin-panel__title">
          {t('admin.orders.products')}
        </h2>
        <ul className="admin-order__lines">
          {order.products.map((line) => (
            <li key={line.uid} className="admin-order__line">
              <span>
                {line.quantity} × {line.title}
                {line.options.length ? (
                  <ul className="admin-order__options">
                    {line.options.map((o) => (
                      <li key={`${o.group}-${o.name}`}>
                        {o.group}: {o.name}
                        {Number(o.price) ? ` (+${money(o.price)})` : ''}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </span>
              <span>
                {line.coin_price ? `${line.coin_price * line.quantity}` : money(line.total)}
              </span>
              {removable ? <RemoveLine order={order} line={line} /> : null}
            </li>
          ))}
        </ul>
        {order.removed_lines?.length ? (
          <>
            <h3 className="admin-order__subtitle">{t('admin.orders.removedTitle')}</h3>
            <ul className="admin-order__facts" data-testid="admin-order-removed">
              {order.removed_lines.map((r) => (
                <li key={r.uid}>
                  {t('admin.orders.removedLine', {
                    quantity: r.quantity,
                    title: r.title,
                    amount: money(r.amount),
                    date: format.instant(r.created_at),
                  })}{' '}
                  {r.refund_status ? <StateLabel kind="refund" value={r.refund_status} /> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <dl className="admin-order__totals">
          <dt>{t('admin.orders.subtotal')}</dt>
          <dd>{money(order.subtotal)}</dd>
          {Number(order.discount) ? (
            <>
              <dt>
                {order.coupon
                  ? t('admin.orders.coupon', { code: order.coupon })
                  : t('admin.orders.discount')}
              </dt>
              <dd>−{money(order.discount)}</dd>
            </>
          ) : null}
          {order.shipping_type === 'delivery' ? (
            <>
              <dt>{t('admin.orders.delivery')}</dt>
              <dd>{money(order.delivery_price)}</dd>
            </>
          ) : null}
          <dt>{t('admin.orders.taxes', { name: order.tax.name })}</dt>
          <dd>{money(order.taxes)}</dd>
          {order.coin_total ? (
            <>
              <dt>{t('admin.orders.coins')}</dt>
              <dd>{order.coin_total}</dd>
            </>
          ) : null}
          <dt className="admin-order__total">{t('admin.orders.total')}</dt>
          <dd className="admin-order__total">{money(order.total)}</dd>
        </dl>
      </section>
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
        <section className="admin-panel" aria-labelledby="admin-order-payment">
          <h2 id="admin-order-payment" className="admin-panel__title">
            {t('admin.orders.paymentTitle')}
          </h2>
          <p className="admin-order__facts">
            <span>
              {order.payment_type} <StateLabel kind="payment" value={order.payment_status} />
            </span>
            {order.card_last4 ? (
              <span>{t('admin.orders.card', { last4: order.card_last4 })}</span>
            ) : null}
          </p>
          <h3 className="admin-order__subtitle">{t('admin.orders.refundsTitle')}</h3>
          {order.refunds.length ? (
            <ul className="admin-order__facts" data-testid="admin-order-refunds">
              {order.refunds.map((r) => (
                <li key={r.uid}>
                  <StateLabel kind="refund" value={r.status} />{' '}
                  {t('admin.orders.refundLine', {
                    amount: money(r.amount),
                    date: format.instant(r.created_at),
                  })}
                  {r.status === 'PENDING' && r.last_error ? (
                    <small className="admin-page__note">
                      {' '}
                      {t('admin.orders.refundError', { code: r.last_error })}
                    </small>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-empty">{t('admin.orders.noRefunds')}</p>
          )}
        </section>
        <OrderReceipts orderUid={order.uid} />
        <History uid={order.uid} />
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
