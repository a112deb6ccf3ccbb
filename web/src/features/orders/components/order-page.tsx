import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isFinal } from '@store/contract/orders/status';
import { ApiError } from '../../../api';
import { useCancelMyOrder } from '../api/cancel-my-order';
import { useMyOrder } from '../api/get-my-order';
import { useCurrentCompany } from '../../../lib/current-company';
import { useFormatPrice } from '../../../lib/money';
import { slotRange } from '../../../lib/checkout-logic';
import { ConfirmInline } from '../../../components/confirm-inline';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { StatusBadge, StatusSteps } from './status-steps';
import { OrderReceipts } from './order-receipts';
import '../../../styles/checkout.css';
import { formatInstant, formatDay } from '../../../lib/format';

/** How often an open order asks for its status, so the member sees it change. */
const REFRESH_MS = 10_000;

function Field({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="order-field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** /orders/{uid}: every field of the order the spec labels, its status step and cancel. */
export function OrderPage() {
  const { t, i18n } = useTranslation();
  const price = useFormatPrice();
  const company = useCurrentCompany();
  const { orderUid = '' } = useParams();
  const order = useMyOrder(orderUid, {
    // A delivered order may still have its receipt being issued: it is asked for until issued.
    refetchInterval: (query) =>
      query.state.data &&
      isFinal(query.state.data.status) &&
      !query.state.data.electronic_receipts?.some((r) => r.status === 'PENDING')
        ? false
        : REFRESH_MS,
  });
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMyOrder(orderUid, {
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('orders.canceled'));
    },
    onError: () => void order.refetch(),
  });

  if (order.isPending) return <Loading />;
  if (order.isError)
    return (
      <PageMessage
        title={
          order.error instanceof ApiError && order.error.status === 404
            ? t('common.notFound')
            : t('checkout.fetchError')
        }
      />
    );
  const o = order.data;
  const cancelError =
    cancel.error instanceof ApiError
      ? Object.values(cancel.error.fieldErrors).flat()
      : cancel.error
        ? [t('checkout.genericError')]
        : [];
  const date = formatInstant(o.created_at, i18n.language, {
    dateStyle: 'long',
    timeStyle: 'short',
  });

  return (
    <div className="order">
      <Link to={`${company.prefix}/orders`} className="checkout__back">
        ← {t('orders.back')}
      </Link>
      <div className="order__head">
        <h1 className="order__title">{t('orders.orderTitle', { number: o.number })}</h1>
        <StatusBadge status={o.status} />
      </div>
      <section className="order-section" aria-label={t('orders.status')}>
        <p className="order-status" role="status" aria-live="polite">
          {t('orders.status')}:{' '}
          <strong data-testid="order-status">{t(`orders.status_${o.status}`)}</strong>
        </p>
        <StatusSteps status={o.status} shippingType={o.shipping_type} />
        {o.status === 'ACCEPTED' && o.ready_at ? (
          <p className="order-status-note order-status-note--good" data-testid="order-ready">
            {t('orders.readyForPickup')}
          </p>
        ) : null}
        {o.status === 'CANCELED_BY_PLACE' && o.cancel_reason ? (
          <p className="order-status-note" data-testid="order-cancel-reason">
            {t('orders.cancelReason', {
              // `other` is only a heading for the store's own words.
              reason:
                o.cancel_reason === 'other' && o.cancel_note
                  ? o.cancel_note
                  : `${t(`orders.cancelReason_${o.cancel_reason}`)}${o.cancel_note ? ` ${o.cancel_note}` : ''}`,
            })}
          </p>
        ) : null}
        {!isFinal(o.status) ? <p className="checkout-note">{t('orders.autoRefresh')}</p> : null}
        {o.can_cancel ? (
          <div className="order-cancel">
            {confirming ? (
              <ConfirmInline
                className="order-cancel__confirm"
                question={t('orders.cancelConfirm')}
                yes={t('orders.cancelYes')}
                no={t('orders.cancelNo')}
                busy={cancel.isPending}
                onYes={() => cancel.mutate()}
                onNo={() => setConfirming(false)}
              />
            ) : (
              <>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setConfirming(true)}
                >
                  {t('orders.cancel')}
                </button>
                <small>{t('orders.cancelHint')}</small>
              </>
            )}
            <FormAlert messages={cancelError} />
          </div>
        ) : null}
      </section>

      <div className="order__grid">
        <section className="order-section">
          <dl className="order-fields">
            <Field label={t('orders.orderNumber')} testId="order-number">
              {o.number}
            </Field>
            <Field label={t('orders.date')}>{date}</Field>
            <Field label={t('orders.name')}>{o.name}</Field>
            <Field label={t('orders.place')}>{o.place.name}</Field>
            <Field label={t('orders.shippingType')}>
              {t(`orders.shipping_${o.shipping_type}`)}
            </Field>
            {o.shipping_type === 'pickup' && o.pickup_date ? (
              <Field label={t('orders.pickupDateTime')}>
                {formatDay(o.pickup_date, i18n.language, {
                  dateStyle: 'long',
                })}
                ,{' '}
                {o.pickup_start && o.pickup_end
                  ? slotRange({ start: o.pickup_start, end: o.pickup_end })
                  : o.pickup_start}
              </Field>
            ) : null}
            {o.shipping_type === 'delivery' ? (
              <>
                <Field label={t('orders.district')}>{o.district ?? '—'}</Field>
                <Field label={t('orders.address')}>{o.address ?? '—'}</Field>
                <Field label={t('orders.reference')}>{o.reference || '—'}</Field>
              </>
            ) : null}
            <Field label={t('orders.paymentType')}>
              {o.payment_type}
              {o.card_last4 ? ` · ${t('orders.card', { last4: o.card_last4 })}` : ''}
            </Field>
            <Field label={t('orders.paymentStatus')}>
              {t(`orders.payment_${o.payment_status}`)}
            </Field>
            {o.coupon ? <Field label={t('orders.coupon')}>{o.coupon}</Field> : null}
            <Field label={t('orders.comments')}>{o.comments || '—'}</Field>
          </dl>
          {o.billing ? (
            <>
              <h2 className="checkout-section__title">{t('orders.billing')}</h2>
              <p className="order-billing">
                {o.billing.first_name} {o.billing.last_name}
                <br />
                {o.billing.email} · {o.billing.phone}
                <br />
                {o.billing.address}, {o.billing.city}
              </p>
            </>
          ) : null}
        </section>

        <section className="order-section" aria-labelledby="order-products">
          <h2 id="order-products" className="checkout-section__title">
            {t('orders.products')}
          </h2>
          <table className="order-lines">
            <thead>
              <tr>
                <th scope="col">{t('orders.products')}</th>
                <th scope="col">{t('orders.quantity')}</th>
                <th scope="col">{t('orders.price')}</th>
              </tr>
            </thead>
            <tbody>
              {o.products.map((line, index) => (
                <tr key={`${line.uid}-${index}`}>
                  <td>
                    {line.title}
                    {line.options.length ? (
                      <small className="checkout-summary__options">
                        {line.options.map((x) => x.name).join(', ')}
                      </small>
                    ) : null}
                  </td>
                  <td>{line.quantity}</td>
                  <td>
                    {line.coin_price
                      ? t('checkout.coinOrderTotal', { count: line.coin_price * line.quantity })
                      : price(line.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {o.removed_lines?.length ? (
            <div className="order-removed" data-testid="order-removed">
              <h3 className="order-removed__title">{t('orders.removedTitle')}</h3>
              <ul>
                {o.removed_lines.map((r) => (
                  <li key={r.uid}>
                    {t('orders.removedLine', {
                      quantity: r.quantity,
                      title: r.title,
                      amount: price(r.amount),
                    })}
                    {r.refund_status ? (
                      <>
                        {' · '}
                        <strong>
                          {r.refund_status === 'DONE'
                            ? t('orders.removedRefunded', { amount: price(r.amount) })
                            : t('orders.removedRefunding', { amount: price(r.amount) })}
                        </strong>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {o.coin_total > 0 ? (
            <dl className="checkout-summary__totals">
              <div className="checkout-summary__total">
                <dt>{t('checkout.coinTotal')}</dt>
                <dd data-testid="order-total" data-coin-total={o.coin_total}>
                  {t('checkout.coinOrderTotal', { count: o.coin_total })}
                </dd>
              </div>
            </dl>
          ) : (
            <dl className="checkout-summary__totals">
              <div>
                <dt>{t('orders.subtotal')}</dt>
                <dd data-testid="order-subtotal">{price(o.subtotal)}</dd>
              </div>
              {(o.discounts ?? []).map((d) => (
                <div key={d.uid} className="checkout-summary__rule" data-testid="order-rule">
                  <dt>{d.name}</dt>
                  <dd>- {price(d.amount)}</dd>
                </div>
              ))}
              <div>
                <dt>{t('orders.discount')}</dt>
                <dd data-testid="order-discount">{price(o.discount)}</dd>
              </div>
              <div>
                <dt>{t('orders.price')}</dt>
                <dd>{price(o.price)}</dd>
              </div>
              <div>
                <dt>{t('orders.deliveryPrice')}</dt>
                <dd data-testid="order-delivery">{price(o.delivery_price)}</dd>
              </div>
              <div className="checkout-summary__taxes">
                <dt>
                  {t('orders.taxes')}{' '}
                  <small>
                    {t('checkout.taxesIncluded', { name: o.tax.name, rate: Number(o.tax.rate) })}
                  </small>
                </dt>
                <dd data-testid="order-taxes">{price(o.taxes)}</dd>
              </div>
              <div className="checkout-summary__total">
                <dt>{t('orders.total')}</dt>
                <dd data-testid="order-total">{price(o.total)}</dd>
              </div>
            </dl>
          )}
        </section>
      </div>
      <OrderReceipts order={o} />
    </div>
  );
}
