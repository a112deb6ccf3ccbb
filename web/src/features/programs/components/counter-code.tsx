import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/get-me';
import { useIssueCounterCode } from '../api/issue-counter-code';
import { useNow } from '../../../lib/use-now';
import { ErrorAlert, useLoyaltyErrors } from './parts';

/**
 * The one-time code of the /qr screen: when the counter cannot scan the QR, the member reads
 * this out so staff may spend their coins or stamps. Asked for on demand (each new code
 * replaces the previous one), shown with its countdown.
 */
export function CounterCode() {
  const { t } = useTranslation();
  const errorsOf = useLoyaltyErrors();
  const issue = useIssueCounterCode();
  // A session made with the document number alone proves nothing about who holds the phone: the
  // code is asked for after the step-up (the API client's prompt opens on the first try).
  const limited = useMe().data?.limited_session ?? false;
  const now = useNow(issue.data ? 1000 : null);
  const left = issue.data ? Math.max(0, Date.parse(issue.data.expires_at) - now) : 0;
  const minutes = Math.floor(left / 60_000);
  const seconds = String(Math.floor((left % 60_000) / 1000)).padStart(2, '0');
  return (
    <div className="qr-card counter-code" data-testid="counter-code">
      <p className="qr-card__program">{t('programs.qr.counterCode')}</p>
      <p className="program-note">
        {limited ? t('programs.qr.counterCodeLimited') : t('programs.qr.counterCodeText')}
      </p>
      {issue.data && left > 0 ? (
        <>
          <p className="counter-code__digits" data-testid="counter-code-digits">
            {issue.data.code}
          </p>
          <p className="qr-card__note" role="timer" aria-live="off">
            {t('programs.qr.counterCodeLeft', { time: `${minutes}:${seconds}` })}
          </p>
        </>
      ) : issue.data ? (
        <p className="qr-card__note">{t('programs.qr.counterCodeExpired')}</p>
      ) : null}
      {issue.isError ? <ErrorAlert messages={errorsOf(issue.error)} /> : null}
      {!issue.data || left === 0 ? (
        <button
          type="button"
          className="button button--primary"
          disabled={issue.isPending}
          onClick={() => issue.mutate()}
        >
          {issue.data ? t('programs.qr.counterCodeNew') : t('programs.qr.counterCodeShow')}
        </button>
      ) : null}
    </div>
  );
}
