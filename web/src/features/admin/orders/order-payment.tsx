import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@store/contract/admin/orders';
import { formatMoney, useFormat } from '../../../lib/format';
import { StateLabel } from './order-state-label';

/** How the order is paid, its state and card, and its refunds (a pending one with its error). */
export function OrderPayment({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const money = (v: string) => formatMoney(v, i18n.language);
  return (
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
  );
}
