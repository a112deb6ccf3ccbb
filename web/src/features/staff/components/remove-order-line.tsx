import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { removableUnits } from '@store/contract/orders/line-removal';
import type { StaffOrder } from '@store/contract/staff/schemas';
import { errorMessages } from '@store/contract/messages';
import { ConfirmInline } from '../../../components/confirm-inline';
import { SelectField } from '../../../components/form-fields';
import { serverFormErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { useFormatPrice } from '../../../lib/money';
import { useRemoveOrderLine } from '../api/remove-order-line';

/**
 * "Quitar" on a line of an order not prepared yet (a product ran out at the counter): how many
 * units when the line has several, then an "are you sure?" that says a card payment is refunded
 * the difference. The order's only unit cannot go (that is a cancel).
 */
export function RemoveOrderLine({
  order,
  line,
}: {
  order: StaffOrder;
  line: StaffOrder['products'][number];
}) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const price = useFormatPrice();
  const remove = useRemoveOrderLine();
  const [asking, setAsking] = useState(false);
  const [units, setUnits] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const most = removableUnits(order, line.quantity);
  if (line.position === undefined || most < 1) return null;
  const position = line.position;
  const values = { quantity: units, title: line.title, number: order.number };

  const onYes = () => {
    setError(null);
    remove.mutate(
      { uid: order.uid, position, quantity: units },
      {
        onSuccess: (done) => {
          const refund = done.removed_lines?.at(-1)?.refund_status;
          toast.success(
            refund
              ? t('staff.lineRemovedRefund', {
                  total: price(done.total),
                  state: t(`staff.refund_${refund}`),
                })
              : t('staff.lineRemoved', { total: price(done.total) }),
          );
          setAsking(false);
          setUnits(1);
        },
        onError: (err) => {
          const parsed = serverFormErrors(err, []);
          const first = parsed.general[0] ?? Object.values(parsed.fields).flat()[0];
          setError(stm(first ?? errorMessages.updateFailed));
        },
      },
    );
  };

  if (!asking)
    return (
      <button
        type="button"
        className="button button--small button--ghost"
        aria-label={t('staff.removeLineLabel', { title: line.title })}
        onClick={() => setAsking(true)}
      >
        {t('staff.remove')}
      </button>
    );
  return (
    <div className="staff-order__remove">
      {most > 1 ? (
        <SelectField
          label={t('staff.removeUnits')}
          value={String(units)}
          options={Array.from({ length: most }, (_, i) => ({
            value: String(i + 1),
            label: String(i + 1),
          }))}
          onChange={(e) => setUnits(Number(e.target.value))}
        />
      ) : null}
      <ConfirmInline
        className="staff-order__confirm"
        question={
          order.payment_status === 'PAID'
            ? t('staff.removeLineQuestionCard', values)
            : t('staff.removeLineQuestion', values)
        }
        yes={t('staff.removeYes')}
        no={t('staff.cancelNo')}
        busy={remove.isPending}
        onYes={onYes}
        onNo={() => {
          setAsking(false);
          setError(null);
        }}
      />
      {error ? (
        <p role="alert" className="form-alert form-alert--error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
