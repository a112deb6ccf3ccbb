import { useState } from 'react';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { recordKind } from '@store/contract/staff/schemas';
import { errorMessages } from '@store/contract/messages';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { ApiError } from '../../../api';
import { serverFormErrors } from '../../../lib/form-errors';
import { useFormatPrice } from '../../../lib/money';
import { SelectField } from '../../../components/form-fields';
import { downloadRecordsCsv } from '../api/download-records-csv';
import { useRecords } from '../api/get-records';
import {
  csvFilename,
  recordFiltersFromSearch,
  recordFiltersToSearch,
  recordsQueryOf,
  type RecordFilters,
} from '../logic';
import { useErrorText } from '../../../lib/error-text';
import { PeriodFilters } from './period-filters';
import { StaffList, StaffPager } from './staff-list';
import { useFilterErrors } from './use-filter-errors';
import { formatInstant } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';

const RECORDS_REFRESH_MS = 10_000;

/** /staff/records: redemptions, stamps, points and orders by kind, dates and place; paged, and as a CSV. */
export function RecordsPage() {
  const { t, i18n } = useTranslation();
  const stm = useErrorText();
  const price = useFormatPrice();
  const [params, setParams] = useSearchParamsLatest();
  const filters = recordFiltersFromSearch(params);
  // The first page follows the day as it happens: a redemption a member confirms at the place
  // shows here within seconds, without a reload.
  const records = useRecords(
    { ...recordsQueryOf(filters), page_size: DEFAULT_PAGE_SIZE },
    { retry: false, refetchInterval: filters.page > 1 ? false : RECORDS_REFRESH_MS },
  );
  const [downloading, setDownloading] = useState(false);

  const setFilter = (next: Partial<RecordFilters>) =>
    setParams((latest) =>
      recordFiltersToSearch({ ...recordFiltersFromSearch(latest), page: 1, ...next }),
    );
  const filterErrors = useFilterErrors(records.error, [
    'kind',
    'date_from',
    'date_to',
    'place_uid',
  ]);

  const download = async () => {
    setDownloading(true);
    try {
      const { page: _page, ...query } = recordsQueryOf(filters);
      const { blob, filename } = await downloadRecordsCsv(query);
      saveFile(blob, filename ?? csvFilename(filters));
    } catch (error) {
      const parsed = serverFormErrors(error, []);
      toast.error(
        stm(
          parsed.general[0] ??
            Object.values(error instanceof ApiError ? error.fieldErrors : {})[0]?.[0] ??
            errorMessages.fetchFailed,
        ),
      );
    } finally {
      setDownloading(false);
    }
  };

  const pages = pageCount(records.data?.count ?? 0, DEFAULT_PAGE_SIZE);
  const date = (iso: string) =>
    formatInstant(iso, i18n.language, {
      dateStyle: 'short',
      timeStyle: 'short',
    });

  return (
    <div className="staff-page">
      <section className="staff-panel" aria-labelledby="staff-records-title">
        <h2 id="staff-records-title" className="staff-panel__title">
          {t('staff.recordsTitle')}
        </h2>
        <div className="staff-form staff-form--filters">
          <SelectField
            className="staff-form__full"
            label={t('staff.recordKind')}
            value={filters.kind}
            placeholder={t('staff.allKinds')}
            options={recordKind.options.map((k) => ({
              value: k,
              label: t(`staff.recordKind_${k}`),
            }))}
            error={filterErrors.errorOf('kind')}
            onChange={(e) => setFilter({ kind: e.target.value as RecordFilters['kind'] })}
          />
          <PeriodFilters filters={filters} errorOf={filterErrors.errorOf} onChange={setFilter} />
          <button
            type="button"
            className="button button--primary staff-download"
            onClick={() => void download()}
            disabled={downloading}
            data-testid="records-csv"
          >
            {downloading ? t('staff.downloading') : t('staff.downloadCsv')}
          </button>
        </div>
      </section>
      <StaffList
        query={records}
        generalErrors={filterErrors.general}
        filtersRefused={filterErrors.refused}
        emptyTitle={t('staff.noRecords')}
      >
        {(rows) => (
          <>
            <div className="staff-table-wrap">
              <table
                className="staff-table"
                aria-busy={records.isFetching}
                data-testid="records-table"
              >
                <thead>
                  <tr>
                    <th scope="col">{t('staff.date')}</th>
                    <th scope="col">{t('staff.recordKind')}</th>
                    <th scope="col">{t('staff.place')}</th>
                    <th scope="col">{t('staff.client')}</th>
                    <th scope="col">{t('staff.description')}</th>
                    <th scope="col">{t('staff.amount')}</th>
                    <th scope="col">{t('staff.quantity')}</th>
                    <th scope="col">{t('staff.status')}</th>
                    <th scope="col">{t('staff.staffMember')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.uid} data-kind={r.kind}>
                      <td data-label={t('staff.date')}>{date(r.date)}</td>
                      <td data-label={t('staff.recordKind')}>{t(`staff.recordKind_${r.kind}`)}</td>
                      <td data-label={t('staff.place')}>{r.place?.name ?? '—'}</td>
                      <td data-label={t('staff.client')}>
                        {r.client
                          ? `${r.client.name}${r.client.document_number ? ` (${r.client.document_number})` : ''}`
                          : '—'}
                      </td>
                      <td data-label={t('staff.description')}>{r.description}</td>
                      <td data-label={t('staff.amount')}>
                        {r.amount !== null ? price(r.amount) : '—'}
                      </td>
                      <td data-label={t('staff.quantity')}>{r.quantity ?? '—'}</td>
                      <td data-label={t('staff.status')}>
                        {r.status ? t(`staff.status_${r.status}`, { defaultValue: r.status }) : '—'}
                      </td>
                      <td data-label={t('staff.staffMember')}>
                        {r.channel === 'SELF' ? (
                          // No staff confirmed it: the member did, alone, on their phone.
                          <span
                            className="staff-badge staff-badge--self"
                            data-testid="self-confirmed"
                          >
                            {t('staff.selfConfirmed')}
                          </span>
                        ) : (
                          (r.staff?.name ?? '—')
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <StaffPager page={filters.page} pages={pages} onPage={(page) => setFilter({ page })} />
          </>
        )}
      </StaffList>
    </div>
  );
}
