import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  staffActionStatus,
  staffActionsFor,
  type StaffOrder,
  type StaffOrderAction,
} from '@store/contract/staff/schemas';
import { isAdminRole } from '@store/contract/admin/schemas';
import { errorMessages } from '@store/contract/messages';
import { serverFormErrors } from '../../../lib/form-errors';
import { useFormatPrice } from '../../../lib/money';
import { FormAlert } from '../../../components/form-fields';
import { CancelOrderForm } from '../../../components/cancel-order-form';
import { useOrderTransition, type OrderTransition } from '../api/transition-order';
import { useErrorText } from '../../../lib/error-text';
import { useStaff } from './staff-context';
import { RemoveOrderLine } from './remove-order-line';
import { orderLinesRemovable } from '@store/contract/orders/line-removal';
import { formatDay, formatInstant } from '../../../lib/format';
import { LocationFlagNote } from '../../../components/location-flag-note';
import { Fact } from './fact';

// One order of the board as a card: every labelled field, its lines, billing data, the location
// flag and the moves it allows now.

const workflow: readonly StaffOrderAction[] = ['accept', 'ready', 'ship', 'deliver', 'cancel'];

/** Why the delivery point may not be where the client is (set at checkout), with their phone. */
function OrderLocationFlag({ order: o }: { order: StaffOrder }) {
  const { t } = useTranslation();
  if (!o.location_flag) return null;
  const phone = o.client?.mobile_phone || o.billing?.phone || null;
  return (
    <LocationFlagNote
      title={t('staff.locationFlagTitle')}
      text={t(`staff.locationFlag_${o.location_flag.reason}`, {
        area: o.location_flag.area ?? '',
        district: o.district ?? o.area?.name ?? '',
      })}
      phone={phone}
      callLabel={t('staff.locationFlagCall', { phone })}
    />
  );
}

/** One order with every labelled field, its lines, billing data and the moves it allows now. */
export function OrderCard({ order: o }: { order: StaffOrder }) {
  const { t, i18n } = useTranslation();
  const stm = useErrorText();
  const price = useFormatPrice();
  const { me } = useStaff();
  const transition = useOrderTransition();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [reasonErrors, setReasonErrors] = useState<{ reason?: string; reason_note?: string }>({});
  // The server's list of actions is computed from the same contract state machine; both must agree.
  const actions = staffActionsFor(o.status, o.shipping_type, o.ready_at).filter((a) =>
    o.actions.includes(a),
  );
  const removable = orderLinesRemovable(o);
  const date = formatInstant(o.created_at, i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const run = (body: Omit<OrderTransition, 'uid'>) => {
    setErrors([]);
    setReasonErrors({});
    const { action } = body;
    transition.mutate(
      { uid: o.uid, ...body },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          toast.success(
            action === 'ready'
              ? t('staff.orderReady', { number: o.number })
              : t('staff.orderMoved', {
                  number: o.number,
                  status: t(`staff.status_${staffActionStatus[action]}`),
                }),
          );
        },
        onError: (error) => {
          const parsed = serverFormErrors(error, ['reason', 'reason_note']);
          setReasonErrors(parsed.fields);
          const messages = parsed.general.map(stm);
          const shown = messages.length
            ? messages
            : Object.keys(parsed.fields).length
              ? []
              : [stm(errorMessages.updateFailed)];
          setErrors(shown);
          if (shown[0]) toast.error(shown[0]);
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
        {o.ready_at && o.status === 'ACCEPTED' ? (
          <span className="order-badge order-badge--delivered" data-testid="staff-order-ready">
            {t('staff.readyBadge')}
          </span>
        ) : null}
        {o.location_flag ? (
          <span className="order-badge order-badge--flag">{t('staff.locationFlagBadge')}</span>
        ) : null}
        {/* A coins order's money amounts are 0: its total is the coins spent. */}
        <span className="staff-order__total" data-coin-total={o.coin_total || undefined}>
          {o.coin_total > 0
            ? t('checkout.coinOrderTotal', { count: o.coin_total })
            : price(o.total)}
        </span>
      </div>
      {o.location_flag ? <OrderLocationFlag order={o} /> : null}
      <dl className="staff-facts staff-facts--grid">
        <Fact label={t('orders.orderNumber')}>{o.number}</Fact>
        <Fact label={t('orders.date')}>{date}</Fact>
        <Fact label={t('orders.name')}>{o.name || '—'}</Fact>
        {o.client ? (
          <Fact label={t('staff.client')}>
            {o.client.first_name} {o.client.last_name}
            {o.client.mobile_phone ? ` · ${o.client.mobile_phone}` : ''}
          </Fact>
        ) : null}
        <Fact label={t('orders.place')}>{o.place.name}</Fact>
        <Fact label={t('orders.shippingType')}>{t(`orders.shipping_${o.shipping_type}`)}</Fact>
        {o.shipping_type === 'pickup' ? (
          <Fact label={t('orders.pickupDateTime')}>
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
          </Fact>
        ) : (
          <>
            <Fact label={t('orders.district')}>{o.district ?? o.area?.name ?? '—'}</Fact>
            <Fact label={t('orders.address')}>{o.address ?? '—'}</Fact>
            <Fact label={t('orders.reference')}>{o.reference || '—'}</Fact>
          </>
        )}
        <Fact label={t('orders.paymentType')}>
          {o.payment_type}
          {o.card_last4 ? ` · ${t('orders.card', { last4: o.card_last4 })}` : ''} ·{' '}
          {t(`orders.payment_${o.payment_status}`)}
        </Fact>
        {o.coupon ? <Fact label={t('orders.coupon')}>{o.coupon}</Fact> : null}
        <Fact label={t('orders.comments')}>{o.comments || '—'}</Fact>
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
          <Fact label={t('orders.subtotal')}>{price(o.subtotal)}</Fact>
          <Fact label={t('orders.discount')}>{price(o.discount)}</Fact>
          <Fact label={t('orders.price')}>{price(o.price)}</Fact>
          <Fact label={t('orders.deliveryPrice')}>{price(o.delivery_price)}</Fact>
          <Fact label={t('orders.taxes')}>{price(o.taxes)}</Fact>
          <Fact label={t('orders.total')}>
            {o.coin_total > 0
              ? t('checkout.coinOrderTotal', { count: o.coin_total })
              : price(o.total)}
          </Fact>
        </dl>
        <h4 className="staff-panel__subtitle">{t('orders.billing')}</h4>
        {o.billing ? (
          <dl className="staff-facts staff-facts--grid">
            <Fact label={t('staff.firstName')}>{o.billing.first_name}</Fact>
            <Fact label={t('staff.lastName')}>{o.billing.last_name}</Fact>
            <Fact label={t('staff.email')}>{o.billing.email}</Fact>
            <Fact label={t('staff.phone')}>{o.billing.phone}</Fact>
            <Fact label={t('staff.city')}>{o.billing.city}</Fact>
            <Fact label={t('orders.address')}>{o.billing.address}</Fact>
          </dl>
        ) : (
          <p className="staff-muted">{t('staff.noBilling')}</p>
        )}
      </details>
      {o.status === 'CANCELED_BY_PLACE' && o.cancel_reason ? (
        <p className="staff-muted" data-testid="staff-order-reason">
          {t('staff.canceledBecause', {
            reason:
              o.cancel_reason === 'other' && o.cancel_note
                ? o.cancel_note
                : `${t(`staff.reason_${o.cancel_reason}`)}${o.cancel_note ? ` · ${o.cancel_note}` : ''}`,
          })}
        </p>
      ) : null}
      {actions.length || isAdminRole(me.role) ? (
        <div className="staff-order__actions">
          {confirmCancel ? (
            <CancelOrderForm
              prefix="staff"
              className="staff-order__confirm"
              question={t('staff.cancelConfirm')}
              yes={t('staff.cancelYes')}
              no={t('staff.cancelNo')}
              busy={transition.isPending}
              errors={reasonErrors}
              onConfirm={(reason) => run({ action: 'cancel', ...reason })}
              onBack={() => setConfirmCancel(false)}
            />
          ) : (
            <>
              {/* The next moves in the order a shift makes them, cancel last. */}
              {[...actions]
                .sort((a, b) => workflow.indexOf(a) - workflow.indexOf(b))
                .map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={
                      action === 'cancel' ? 'button button--ghost' : 'button button--primary'
                    }
                    disabled={transition.isPending}
                    onClick={() => (action === 'cancel' ? setConfirmCancel(true) : run({ action }))}
                  >
                    {t(`staff.action_${action}`)}
                  </button>
                ))}
              {isAdminRole(me.role) ? (
                // Owners and managers see the same order in the back office (history, refunds).
                <Link className="staff-order__admin-link" to={`/admin/orders/${o.uid}`}>
                  {t('staff.toAdminOrder')}
                </Link>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <FormAlert messages={errors} />
    </li>
  );
}
