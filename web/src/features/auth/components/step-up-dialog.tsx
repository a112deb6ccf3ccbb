import { useId, useState, type FormEvent } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@store/contract/form-messages';
import { Modal } from '../../../components/modal';
import { FormAlert, PasswordField, TextField } from '../../../components/form-fields';
import { ApiError } from '../../../api/client';
import { useMe } from '../../../api/get-me';
import { useErrorText } from '../../../lib/error-text';
import { useSendStepUpCode, useStepUp } from '../api/step-up';
import { stepUpEs } from '../../../i18n/step-up-es';
import { stepUpEn } from '../../../i18n/step-up-en';
import '../../../styles/catalog.css';
import '../../../styles/step-up.css';

// The prompt's texts travel with this chunk (as the programs' do with theirs).
i18next.addResourceBundle('es', 'translation', { auth: { stepUp: stepUpEs } }, true, true);
i18next.addResourceBundle('en', 'translation', { auth: { stepUp: stepUpEn } }, true, true);

/** The messages of a failed call: its field errors by field, the rest together. */
function messagesOf(error: unknown): { fields: Record<string, string[]>; general: string[] } {
  if (!(error instanceof ApiError)) return { fields: {}, general: [errorMessages.generic] };
  const { non_field_errors: general = [], ...fields } = error.fieldErrors;
  const detail = error.detailMessage;
  return { fields, general: detail ? [detail] : general };
}

/**
 * The step-up prompt: the session was opened with the document number alone (printed on
 * receipts), so before the member sees their data or orders, buys, redeems or changes anything,
 * they confirm who they are with the password or a code mailed to their verified address. Opened
 * by the API client when the server answers 403 `auth.step_up_required`; `onDone(true)` lets the
 * refused call run again.
 */
export function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const tm = useErrorText();
  const titleId = useId();
  const me = useMe();
  const confirm = useStepUp();
  const sendCode = useSendStepUpCode();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const withPassword = me.data?.has_password ?? false;
  const withCode = me.data?.email_verified ?? false;
  const codeSent = sendCode.data;
  const failure = confirm.isError
    ? messagesOf(confirm.error)
    : sendCode.isError
      ? messagesOf(sendCode.error)
      : { fields: {}, general: [] };
  const busy = confirm.isPending || sendCode.isPending;

  const submit = (body: { password: string } | { code: string }) => (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    confirm.mutate(body, { onSuccess: () => onDone(true) });
  };

  return (
    <Modal labelledBy={titleId} onClose={() => onDone(false)} className="step-up">
      <div className="step-up__body" data-testid="step-up">
        <h2 id={titleId} className="step-up__title">
          {t('auth.stepUp.title')}
        </h2>
        <p className="step-up__text">{t('auth.stepUp.text')}</p>
        {me.isPending ? <p className="step-up__text">{t('common.loading')}</p> : null}
        {withPassword ? (
          <form className="auth-form" onSubmit={submit({ password })} noValidate>
            <PasswordField
              label={t('auth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={failure.fields.password?.[0] && tm(failure.fields.password[0])}
              data-autofocus
            />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={busy || !password}
            >
              {confirm.isPending ? t('common.loading') : t('auth.stepUp.confirm')}
            </button>
          </form>
        ) : null}
        {withPassword && withCode ? <p className="step-up__or">{t('auth.stepUp.or')}</p> : null}
        {withCode && !codeSent ? (
          <button
            type="button"
            className={`button button--block ${withPassword ? 'button--ghost' : 'button--primary'}`}
            disabled={busy}
            onClick={() => sendCode.mutate()}
          >
            {sendCode.isPending ? t('auth.sending') : t('auth.stepUp.sendCode')}
          </button>
        ) : null}
        {codeSent ? (
          <form className="auth-form" onSubmit={submit({ code })} noValidate>
            <p className="form-alert form-alert--info" role="status">
              {t('auth.stepUp.codeSent', { email: codeSent.email_hint })}
            </p>
            <TextField
              label={t('auth.stepUp.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              error={failure.fields.code?.[0] && tm(failure.fields.code[0])}
              data-autofocus
            />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={busy || code.length !== 6}
            >
              {confirm.isPending ? t('common.loading') : t('auth.stepUp.confirmCode')}
            </button>
            <button
              type="button"
              className="button button--ghost button--block"
              disabled={busy}
              onClick={() => {
                setCode('');
                sendCode.mutate();
              }}
            >
              {t('auth.stepUp.sendAgain')}
            </button>
          </form>
        ) : null}
        {me.data && !withPassword && !withCode ? (
          <p className="form-alert form-alert--info" role="status">
            {t('auth.stepUp.noWay')}
          </p>
        ) : null}
        <FormAlert messages={failure.general} />
        <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
          {t('auth.stepUp.notNow')}
        </button>
      </div>
    </Modal>
  );
}
