import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { downloadMembersCsv } from './api/download-members-csv';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

/** Downloads the members matching the current search as CSV (the server records who exported what). */
export function ExportButton({ q }: { q?: string }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      const { blob, filename } = await downloadMembersCsv(q);
      const name = filename ?? 'clientes.csv';
      saveFile(blob, name);
      setState({ kind: 'done', name });
    } catch (error) {
      const detail = error instanceof ApiError ? error.detailMessage : undefined;
      setState({ kind: 'error', message: detail ? stm(detail) : t('admin.members.exportFailed') });
    }
  };
  return (
    <div className="admin-members__export">
      <button
        type="button"
        className="button"
        onClick={() => void run()}
        disabled={state.kind === 'busy'}
        data-testid="admin-members-export"
      >
        {state.kind === 'busy' ? t('admin.members.exporting') : t('admin.members.export')}
      </button>
      <p role="status" className="admin-members__note">
        {state.kind === 'done' ? t('admin.members.exported', { name: state.name }) : null}
      </p>
      {state.kind === 'error' ? (
        <p role="alert" className="form-error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
