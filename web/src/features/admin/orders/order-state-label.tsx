import { useTranslation } from 'react-i18next';
import { StatusPill, orderStateTone } from '../shell/status-pill';

/** An order's, payment's or refund's state in words, its raw value kept in `data-state`. */
export function StateLabel({
  kind,
  value,
}: {
  kind: 'status' | 'payment' | 'refund';
  value: string;
}) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={orderStateTone(value)} data-state={value}>
      {t(`admin.orders.${kind}_${value}`)}
    </StatusPill>
  );
}
