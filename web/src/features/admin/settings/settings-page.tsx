import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../lib/error-text';
import { useTenant } from '../../../lib/tenant';
import { saveFile } from '../../../lib/save-file';
import { downloadTenantExport } from './api/download-tenant-export';
import { FailedMails } from './failed-mails';
import { OrderNotifications } from './order-notifications';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

/**
 * /admin/settings (owner only): the store's tenant file as a download, who hears about orders, and
 * its unsent mails. The download and the mails are the whole site's: only the main company's
 * owner gets them (`mainCompany`), a marketplace store's owner never sees a button that would
 * answer 403.
 */
export function SettingsPage({ mainCompany }: { mainCompany: boolean }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const app = useTenant();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const exportStore = async () => {
    setState({ kind: 'busy' });
    try {
      const { blob, filename } = await downloadTenantExport();
      const name = filename ?? `${app.name}.json`;
      saveFile(blob, name);
      setState({ kind: 'done', name });
    } catch (error) {
      const detail = error instanceof ApiError ? error.detailMessage : undefined;
      setState({ kind: 'error', message: detail ? stm(detail) : t('admin.settings.exportFailed') });
    }
  };

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.settings.title')}</h1>
      </div>
      {mainCompany ? (
        <section className="admin-panel" aria-labelledby="admin-export-title">
          <h2 id="admin-export-title" className="admin-panel__title">
            {t('admin.settings.exportTitle')}
          </h2>
          <p className="admin-page__note">{t('admin.settings.exportText')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void exportStore()}
            disabled={state.kind === 'busy'}
            data-testid="admin-export"
          >
            {state.kind === 'busy'
              ? t('admin.settings.exporting')
              : t('admin.settings.exportButton')}
          </button>
          <p role="status" className="admin-page__note">
            {state.kind === 'done' ? t('admin.settings.exported', { name: state.name }) : null}
          </p>
          {state.kind === 'error' ? (
            <p role="alert" className="form-error" data-testid="admin-export-error">
              {state.message}
            </p>
          ) : null}
        </section>
      ) : null}
      <OrderNotifications />
      {mainCompany ? <FailedMails /> : null}
    </div>
  );
}
