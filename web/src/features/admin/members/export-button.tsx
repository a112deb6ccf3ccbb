import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../shell/download-button';
import { downloadMembersCsv } from './api/download-members-csv';

/** Downloads the members matching the current search as CSV (the server records who exported what). */
export function ExportButton({ q }: { q?: string }) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      className="admin-members__export"
      noteClassName="admin-members__note"
      testId="admin-members-export"
      download={() => downloadMembersCsv(q)}
      fallbackName="clientes.csv"
      failed={t('admin.members.exportFailed')}
      texts={{
        idle: t('admin.members.export'),
        busy: t('admin.members.exporting'),
        done: (name) => t('admin.members.exported', { name }),
      }}
    />
  );
}
