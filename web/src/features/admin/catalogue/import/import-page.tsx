import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_CSV_MAX_CHARS,
  PRODUCT_CSV_MAX_MB,
  PRODUCT_CSV_MAX_ROWS,
  type AdminProductImportResult,
  type ProductsChangedBody,
} from '@store/contract/admin/catalogue-csv';
import { ApiError } from '../../../../api/client';
import { FormAlert } from '../../../../components/form-fields';
import { useErrorText } from '../../../../lib/error-text';
import { saveFile } from '../../../../lib/save-file';
import { downloadProductsCsv } from '../api/download-products-csv';
import { useImportProducts } from '../api/import-products';
import './import.css';

type CellError = { row: number; column: string; messages: string[] };
type Checked =
  | { kind: 'preview'; name: string; csv: string; result: AdminProductImportResult }
  | { kind: 'invalid'; name: string; file: string[]; cells: CellError[] }
  | { kind: 'done'; result: AdminProductImportResult };

/** The import's 400 as the screen lists it: the file's own messages, then each bad cell by row. */
function problemsOf(error: ApiError): { file: string[]; cells: CellError[] } {
  const file: string[] = [];
  const cells: CellError[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const cell = /^rows\.(\d+)\.(.+)$/.exec(field);
    if (cell) cells.push({ row: Number(cell[1]), column: cell[2], messages });
    else file.push(...messages);
  }
  cells.sort((a, b) => a.row - b.row);
  return { file, cells };
}

/** /admin/catalogue/import: download the products as CSV, upload the edited file, preview it, import it. */
export function CatalogueImportPage() {
  const { t } = useTranslation();
  const tm = useErrorText();
  const importer = useImportProducts();
  const [download, setDownload] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'done'; name: string } | { kind: 'error' }
  >({ kind: 'idle' });
  const [checked, setChecked] = useState<Checked | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const exportCsv = async () => {
    setDownload({ kind: 'busy' });
    try {
      const { blob, filename } = await downloadProductsCsv();
      const name = filename ?? 'productos.csv';
      saveFile(blob, name);
      setDownload({ kind: 'done', name });
    } catch {
      setDownload({ kind: 'error' });
    }
  };

  /** Sends the file as a preview (nothing written) or for real; a 400 lists its problems. */
  const send = async (name: string, csv: string, dryRun: boolean) => {
    setGeneral([]);
    try {
      const result = await importer.mutateAsync({ csv, dry_run: dryRun });
      setChecked(dryRun ? { kind: 'preview', name, csv, result } : { kind: 'done', result });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setChecked({ kind: 'invalid', name, ...problemsOf(error) });
      } else if (error instanceof ApiError && error.status === 409) {
        setChecked(null);
        const changed = (error.body as ProductsChangedBody).products ?? [];
        setGeneral([
          error.detailMessage ?? t('admin.catalogueImport.failed'),
          ...(changed.length ? [t('admin.catalogueImport.changedSince')] : []),
        ]);
      } else setGeneral([t('admin.catalogueImport.failed')]);
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setChecked(null);
    if (file.size > PRODUCT_CSV_MAX_CHARS) {
      setGeneral([t('admin.catalogueImport.tooBig', { mb: PRODUCT_CSV_MAX_MB })]);
      return;
    }
    await send(file.name, await file.text(), true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const preview = checked?.kind === 'preview' ? checked.result : null;
  const changes = preview ? preview.created.length + preview.updated.length : 0;
  return (
    <div className="admin-page admin-import">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.catalogueImport.title')}</h1>
        <Link to="/admin/catalogue">{t('admin.catalogueImport.back')}</Link>
      </div>

      <section className="admin-panel" aria-labelledby="import-export-title">
        <h2 id="import-export-title" className="admin-panel__title">
          {t('admin.catalogueImport.exportTitle')}
        </h2>
        <p className="admin-page__note">{t('admin.catalogueImport.exportText')}</p>
        <button
          type="button"
          className="button"
          onClick={() => void exportCsv()}
          disabled={download.kind === 'busy'}
          data-testid="products-export"
        >
          {download.kind === 'busy'
            ? t('admin.catalogueImport.exporting')
            : t('admin.catalogueImport.exportButton')}
        </button>
        <p role="status" className="admin-page__note">
          {download.kind === 'done'
            ? t('admin.catalogueImport.exported', { name: download.name })
            : null}
        </p>
        {download.kind === 'error' ? (
          <FormAlert messages={[t('admin.catalogueImport.exportFailed')]} />
        ) : null}
      </section>

      <section className="admin-panel" aria-labelledby="import-upload-title">
        <h2 id="import-upload-title" className="admin-panel__title">
          {t('admin.catalogueImport.uploadTitle')}
        </h2>
        <div
          className={`admin-import__zone${dragging ? ' admin-import__zone--over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label className="admin-import__label" htmlFor="import-file">
            {t('admin.catalogueImport.file')}
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            data-testid="import-file"
            disabled={importer.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // The same file chosen again after fixing it must still fire a change.
              e.target.value = '';
              void readFile(file);
            }}
          />
          <p id="import-file-hint" className="admin-page__note">
            {t('admin.catalogueImport.fileHint', {
              rows: PRODUCT_CSV_MAX_ROWS,
              mb: PRODUCT_CSV_MAX_MB,
            })}{' '}
            {t('admin.catalogueImport.drop')}
          </p>
        </div>
        <p role="status" className="admin-page__note">
          {importer.isPending ? t('admin.catalogueImport.reading') : null}
        </p>
        <FormAlert messages={general} />

        {checked?.kind === 'invalid' ? (
          <div className="admin-import__result" data-testid="import-errors">
            <FormAlert messages={checked.file} />
            {checked.cells.length ? (
              <>
                <h3>{t('admin.catalogueImport.errorsTitle')}</h3>
                <p className="admin-page__note">{t('admin.catalogueImport.errorsText')}</p>
                <div
                  className="admin-table-wrap"
                  tabIndex={0}
                  role="region"
                  aria-label={t('admin.catalogueImport.errorsTitle')}
                >
                  <table className="admin-table admin-import__table">
                    <thead>
                      <tr>
                        <th scope="col">{t('admin.catalogueImport.row')}</th>
                        <th scope="col">{t('admin.catalogueImport.column')}</th>
                        <th scope="col">{t('admin.catalogueImport.problem')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {checked.cells.map((c) => (
                        <tr key={`${c.row}.${c.column}`} data-testid="import-error">
                          <td>{c.row}</td>
                          <td>{c.column}</td>
                          <td>{c.messages.map((m) => tm(m)).join(' ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            ) : null}
          </div>
        ) : null}

        {checked?.kind === 'preview' && preview ? (
          <div className="admin-import__result" data-testid="import-preview">
            <h3>{t('admin.catalogueImport.previewTitle', { name: checked.name })}</h3>
            <p data-testid="import-summary">
              {t('admin.catalogueImport.summary', {
                created: preview.created.length,
                updated: preview.updated.length,
                unchanged: preview.unchanged,
              })}
            </p>
            {preview.created.length ? (
              <ChangeTable
                title={t('admin.catalogueImport.created')}
                rows={preview.created.map((r) => ({ ...r, columns: [] }))}
              />
            ) : null}
            {preview.updated.length ? (
              <ChangeTable title={t('admin.catalogueImport.updated')} rows={preview.updated} />
            ) : null}
            {changes ? (
              <button
                type="button"
                className="button button--primary"
                disabled={importer.isPending}
                onClick={() => void send(checked.name, checked.csv, false)}
                data-testid="import-confirm"
              >
                {importer.isPending
                  ? t('admin.catalogueImport.importing')
                  : t('admin.catalogueImport.confirm', { count: changes })}
              </button>
            ) : (
              <p>{t('admin.catalogueImport.nothing')}</p>
            )}
          </div>
        ) : null}

        {checked?.kind === 'done' ? (
          <div className="admin-import__result">
            <p role="status" data-testid="import-done">
              {t('admin.catalogueImport.done', {
                created: checked.result.created.length,
                updated: checked.result.updated.length,
              })}
            </p>
            <Link className="button button--primary" to="/admin/catalogue">
              {t('admin.catalogueImport.toCatalogue')}
            </Link>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function ChangeTable({
  title,
  rows,
}: {
  title: string;
  rows: { row: number; sku: string | null; title: string; columns: string[] }[];
}) {
  const { t } = useTranslation();
  const withColumns = rows.some((r) => r.columns.length);
  return (
    <>
      <h4>{title}</h4>
      <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={title}>
        <table className="admin-table admin-import__table">
          <thead>
            <tr>
              <th scope="col">{t('admin.catalogueImport.row')}</th>
              <th scope="col">{t('admin.catalogueImport.product')}</th>
              <th scope="col">SKU</th>
              {withColumns ? <th scope="col">{t('admin.catalogueImport.changes')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>{r.title}</td>
                <td>{r.sku ?? ''}</td>
                {withColumns ? <td>{r.columns.join(', ')}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
