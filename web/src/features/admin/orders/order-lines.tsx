import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminOrder } from '@store/contract/admin/orders';
import { orderLinesRemovable } from '@store/contract/orders/line-removal';
import { ApiError } from '../../../api/client';
import { ConfirmInline } from '../../../components/confirm-inline';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney, useFormat } from '../../../lib/format';
import { serverFormErrors } from '../../../lib/form-errors';
import { useRemoveOrderLine } from './api/remove-line';
import { StateLabel } from './order-state-label';

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

/** The order's lines (each removable while the order allows it), the removed ones and the totals. */
export function OrderLines({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const money = (v: string) => formatMoney(v, i18n.language);
  const removable = orderLinesRemovable(order);
  return (
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
  );
}
