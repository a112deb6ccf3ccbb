import { useTranslation } from 'react-i18next';
import type { StaffSkippedDay } from '@store/contract/staff/schemas';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { useSkippedDays } from '../api/get-skipped-days';
import {
  recordFiltersFromSearch,
  recordFiltersToSearch,
  skippedDaysQueryOf,
  type RecordFilters,
} from '../logic';
import { useErrorText } from '../../../lib/error-text';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { PeriodFilters } from './period-filters';
import { SubscriptionsNav } from './due-subscriptions-page';
import { StaffList, StaffPager } from './staff-list';
import { useFilterErrors } from './use-filter-errors';
import { formatDay } from '../../../lib/format';

/**
 * /staff/skipped-days: the subscription days that got no order (out of stock, place closed...),
 * newest day first, by dates and place, so the store can call the client.
 */
export function SkippedDaysPage() {
  const { t, i18n } = useTranslation();
  const stm = useErrorText();
  const [params, setParams] = useSearchParamsLatest();
  const filters = recordFiltersFromSearch(params);
  const days = useSkippedDays(
    { ...skippedDaysQueryOf(filters), page_size: DEFAULT_PAGE_SIZE },
    { retry: false },
  );

  const setFilter = (next: Partial<RecordFilters>) =>
    setParams((latest) =>
      recordFiltersToSearch({ ...recordFiltersFromSearch(latest), kind: '', page: 1, ...next }),
    );
  const filterErrors = useFilterErrors(days.error, ['date_from', 'date_to', 'place_uid']);
  const pages = pageCount(days.data?.count ?? 0, DEFAULT_PAGE_SIZE);
  // A service day is a calendar day in Lima: noon UTC of it is that day there too.
  const day = (date: string) =>
    formatDay(date, i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
  const reason = (d: StaffSkippedDay) =>
    d.reason === 'other' && d.reason_detail
      ? stm(d.reason_detail)
      : t(`staff.skippedDays.reasons.${d.reason}`);

  return (
    <div className="staff-page">
      <SubscriptionsNav />
      <section className="staff-panel" aria-labelledby="staff-skipped-title">
        <h2 id="staff-skipped-title" className="staff-panel__title">
          {t('staff.skippedDays.title')}
        </h2>
        <p className="staff-muted">{t('staff.skippedDays.intro')}</p>
        <div className="staff-form staff-form--filters">
          <PeriodFilters filters={filters} errorOf={filterErrors.errorOf} onChange={setFilter} />
        </div>
      </section>
      <StaffList
        query={days}
        generalErrors={filterErrors.general}
        filtersRefused={filterErrors.refused}
        emptyTitle={t('staff.skippedDays.empty')}
      >
        {(rows) => (
          <>
            <div className="staff-table-wrap">
              <table
                className="staff-table"
                aria-busy={days.isFetching}
                aria-labelledby="staff-skipped-title"
                data-testid="skipped-days-table"
              >
                <thead>
                  <tr>
                    <th scope="col">{t('staff.skippedDays.serviceDate')}</th>
                    <th scope="col">{t('staff.skippedDays.slot')}</th>
                    <th scope="col">{t('staff.client')}</th>
                    <th scope="col">{t('staff.place')}</th>
                    <th scope="col">{t('staff.skippedDays.products')}</th>
                    <th scope="col">{t('staff.skippedDays.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((d) => (
                    <tr
                      key={`${d.subscription_uid}-${d.service_date}`}
                      data-subscription={d.subscription_uid}
                      data-reason={d.reason}
                    >
                      <td data-label={t('staff.skippedDays.serviceDate')}>{day(d.service_date)}</td>
                      <td data-label={t('staff.skippedDays.slot')}>
                        {d.time_slot.start}–{d.time_slot.end} ·{' '}
                        {t(`staff.skippedDays.${d.shipping_type}`)}
                      </td>
                      <td data-label={t('staff.client')}>
                        {d.client.name}
                        {d.client.document_number ? ` (${d.client.document_number})` : ''}
                      </td>
                      <td data-label={t('staff.place')}>{d.place.name}</td>
                      <td data-label={t('staff.skippedDays.products')}>
                        {d.products.map((p) => `${p.quantity} × ${p.title}`).join(', ')}
                      </td>
                      <td data-label={t('staff.skippedDays.reason')} title={d.reason_detail}>
                        {reason(d)}
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
