import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CANCEL_NOTE_MAX,
  cancelReasonCodes,
  type PickableCancelReason,
} from '@store/contract/orders/cancel-reasons';
import { formMessages } from '@store/contract/messages';
import { FormAlert, SelectField, TextAreaField } from './form-fields';
import '../styles/cancel-order.css';

export type CancelReasonValue = { reason: PickableCancelReason; reason_note: string };

/**
 * The store's "are you sure?" before cancelling an order, with the reason the customer will
 * read: picked from the contract's list, or typed (`other` needs the words). In place of the
 * button that asked, as ConfirmInline. `prefix` names the console's texts (`admin.orders`,
 * `staff`); `errors` are the server's field errors and messages.
 */
export function CancelOrderForm({
  prefix,
  question,
  yes,
  no,
  busy,
  errors,
  onConfirm,
  onBack,
  className,
}: {
  prefix: string;
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  errors?: { reason?: string; reason_note?: string; general?: string[] };
  onConfirm: (value: CancelReasonValue) => void;
  onBack: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<PickableCancelReason | ''>('');
  const [note, setNote] = useState('');
  const [shown, setShown] = useState<{ reason?: string; reason_note?: string }>({});
  const submit = () => {
    const missing = {
      ...(reason ? {} : { reason: formMessages.required }),
      ...(reason === 'other' && !note.trim() ? { reason_note: formMessages.required } : {}),
    };
    setShown(missing);
    if (!reason || Object.keys(missing).length) return;
    onConfirm({ reason, reason_note: note.trim() });
  };
  return (
    <div role="alertdialog" aria-label={question} className={`cancel-order ${className ?? ''}`}>
      <p>{question}</p>
      <SelectField
        label={t(`${prefix}.reasonLabel`)}
        value={reason}
        placeholder={t(`${prefix}.reasonPlaceholder`)}
        options={cancelReasonCodes.map((code) => ({
          value: code,
          label: t(`${prefix}.reason_${code}`),
        }))}
        onChange={(e) => setReason(e.target.value as PickableCancelReason)}
        error={shown.reason ?? errors?.reason}
      />
      <TextAreaField
        label={t(`${prefix}.reasonNote`)}
        hint={
          reason === 'other' ? t(`${prefix}.reasonNoteRequired`) : t(`${prefix}.reasonNoteHint`)
        }
        value={note}
        maxLength={CANCEL_NOTE_MAX}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
        error={shown.reason_note ?? errors?.reason_note}
      />
      <FormAlert messages={errors?.general ?? []} />
      <div className="cancel-order__buttons">
        <button type="button" className="button button--danger" disabled={busy} onClick={submit}>
          {yes}
        </button>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {no}
        </button>
      </div>
    </div>
  );
}
