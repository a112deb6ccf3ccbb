import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminOrder } from '@store/contract/admin/orders';
import { CancelOrderForm } from '../../../components/cancel-order-form';
import { FormAlert } from '../../../components/form-fields';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/format';
import { serverFormErrors } from '../../../lib/form-errors';
import { useTransitionOrder, type AdminOrderMove } from './api/transition-order';

/** The moves the order allows now, in the order a shift makes them (cancel last, apart). */
const forward = ['accept', 'ready', 'ship', 'deliver'] as const;

/**
 * The order's workflow: the store's next moves (the server lists them from the contract's state
 * machine, the staff console's own), and cancel (with its reason, and a card payment refunded)
 * behind an "are you sure?" that says what goes back.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
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
