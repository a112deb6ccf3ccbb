import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@store/contract/orders/status';
import { statusSteps } from '../../../lib/checkout-logic';

/** The order's status as a readable step among the steps of its kind (pickup or delivery). */
export function StatusSteps({
  status,
  shippingType,
}: {
  status: OrderStatus;
  shippingType: 'delivery' | 'pickup';
}) {
  const { t } = useTranslation();
  const steps = statusSteps(status, shippingType);
  return (
    <ol className="order-steps" aria-label={t('orders.progress')}>
      {steps.map((step) => (
        <li
          key={step.status}
          className={`order-steps__step order-steps__step--${step.state}${step.status.startsWith('CANCELED') ? ' order-steps__step--canceled' : ''}`}
          aria-current={step.status === status ? 'step' : undefined}
        >
          <span className="order-steps__dot" aria-hidden="true" />
          <span className="order-steps__label">{t(`orders.status_${step.status}`)}</span>
        </li>
      ))}
    </ol>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`order-badge order-badge--${status.toLowerCase()}`} data-status={status}>
      {t(`orders.status_${status}`)}
    </span>
  );
}
