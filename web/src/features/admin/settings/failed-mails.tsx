import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../lib/error-text';
import { useFormat } from '../../../lib/format';
import { useMailReport, useRetryMail } from './api/mail-report';
import './settings.css';

/**
 * The store's mails that could not be sent (owner of the main company): how many still wait for
 * a retry, and the ones given up on with the mail server's answer and a retry button. Shown to
 * no one else (another company's owner gets a 403 and sees nothing here).
 */
export function FailedMails() {
  const { t } = useTranslation();
  const stm = useErrorText();
  const format = useFormat();
  const report = useMailReport();
  const retry = useRetryMail();

  if (report.error instanceof ApiError && report.error.status === 403) return null;

  const retryError =
    retry.error instanceof ApiError && retry.error.detailMessage
      ? stm(retry.error.detailMessage)
      : retry.error
        ? t('admin.settings.mail.retryFailed')
        : null;

  return (
    <section className="admin-panel" aria-labelledby="admin-mail-title" data-testid="admin-mail">
      <h2 id="admin-mail-title" className="admin-panel__title">
        {t('admin.settings.mail.title')}
      </h2>
      {report.isPending ? (
        <p className="admin-page__note" role="status">
          {t('admin.settings.mail.loading')}
        </p>
      ) : report.isError ? (
        <p role="alert" className="form-error">
          {t('admin.settings.mail.loadFailed')}{' '}
          <button type="button" className="button" onClick={() => void report.refetch()}>
            {t('admin.settings.mail.reload')}
          </button>
        </p>
      ) : (
        <>
          <p className="admin-page__note" data-testid="admin-mail-pending">
            {t('admin.settings.mail.pending', { count: report.data.pending })}
          </p>
          {report.data.failed.length === 0 ? (
            <p className="admin-page__note">{t('admin.settings.mail.noneFailed')}</p>
          ) : (
            <ul className="admin-mail__list">
              {report.data.failed.map((mail) => (
                <li key={mail.uid} className="admin-mail__item" data-testid="admin-failed-mail">
                  <p className="admin-mail__to">
                    <strong>{mail.to}</strong> · {mail.subject}
                  </p>
                  <p className="admin-page__note">
                    {t('admin.settings.mail.failedAt', {
                      at: format.instant(mail.failed_at),
                      count: mail.attempts,
                    })}
                  </p>
                  {mail.error ? <p className="admin-mail__error">{mail.error}</p> : null}
                  <button
                    type="button"
                    className="button"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(mail.uid)}
                    aria-label={t('admin.settings.mail.retryLabel', { to: mail.to })}
                  >
                    {retry.isPending && retry.variables === mail.uid
                      ? t('admin.settings.mail.retrying')
                      : t('admin.settings.mail.retry')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p role="status" className="admin-page__note">
            {retry.isSuccess ? t('admin.settings.mail.retried') : null}
          </p>
          {retryError ? (
            <p role="alert" className="form-error">
              {retryError}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
