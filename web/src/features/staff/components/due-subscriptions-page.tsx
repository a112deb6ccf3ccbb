import { NavLink } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { addDays, storeDateOf, STORE_TIME_ZONE } from '@store/contract/time/store-clock';
import { SelectField, TextField } from '../../../components/form-fields';
import { useDueSubscriptions } from '../api/get-due-subscriptions';
import { useStaff } from './staff-context';
import { StaffList, StaffPager } from './staff-list';
import { useFilterErrors } from './use-filter-errors';
import { Fact, OptionalFact } from './fact';

/** The two lists of the subscriptions tab: what is due on a day, and the days that got no order. */
export function SubscriptionsNav() {
  const { t } = useTranslation();
  return (
    <nav className="staff-subnav" aria-label={t('staff.skippedDays.sections')}>
      <NavLink end to="/staff/subscriptions" className="staff-subnav__link">
        {t('staff.skippedDays.dueTab')}
      </NavLink>
      <NavLink end to="/staff/skipped-days" className="staff-subnav__link">
        {t('staff.skippedDays.skippedTab')}
      </NavLink>
    </nav>
  );
}

/**
 * /staff/subscriptions: the active subscriptions due on a day (tomorrow on the store's clock unless
 * another is chosen) at a place, by slot, with client, items and whether the order exists yet: what
 * the kitchen prepares and the counter hands over.
 */
export function DueSubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const { places } = useStaff();
  const [params, setParams] = useSearchParamsLatest();
  const tomorrow = addDays(storeDateOf(new Date()), 1);
  const date = params.get('date') || tomorrow;
  const placeParam = params.get('place_uid') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const due = useDueSubscriptions(
    { date, place_uid: placeParam || undefined, page, page_size: DEFAULT_PAGE_SIZE },
    { retry: false },
  );
  const setFilter = (next: { date?: string; place_uid?: string; page?: number }) =>
    setParams((latest) => {
      const search = new URLSearchParams();
      const d = next.date ?? (latest.get('date') || tomorrow);
      const place = next.place_uid ?? latest.get('place_uid') ?? '';
      const p = next.page ?? 1;
      if (d && d !== tomorrow) search.set('date', d);
      if (place) search.set('place_uid', place);
      if (p > 1) search.set('page', String(p));
      return search;
    });
  const filterErrors = useFilterErrors(due.error, ['date', 'place_uid']);
  const pages = pageCount(due.data?.count ?? 0, DEFAULT_PAGE_SIZE);
  // A service day is a calendar day in Lima: noon UTC of it is that day there too.
  const dayName = new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: STORE_TIME_ZONE,
  });

  return (
    <div className="staff-page">
      <SubscriptionsNav />
      <section className="staff-panel" aria-labelledby="staff-due-title">
        <h2 id="staff-due-title" className="staff-panel__title">
          {t('staff.skippedDays.due.title')}
        </h2>
        <p className="staff-muted">{t('staff.skippedDays.due.intro')}</p>
        <div className="staff-form staff-form--filters">
          <TextField
            label={t('staff.skippedDays.due.day')}
            type="date"
            value={date}
            error={filterErrors.errorOf('date')}
            onChange={(e) => setFilter({ date: e.target.value || tomorrow })}
          />
          {places.length > 1 ? (
            <SelectField
              label={t('staff.place')}
              value={placeParam}
              placeholder={t('staff.allPlaces')}
              options={places.map((p) => ({ value: p.uid, label: p.name }))}
              error={filterErrors.errorOf('place_uid')}
              onChange={(e) => setFilter({ place_uid: e.target.value })}
            />
          ) : null}
        </div>
        <p className="staff-due__summary" aria-live="polite" data-testid="due-summary">
          <span className="staff-due__day">{dayName}</span>
          {due.data ? ` · ${t('staff.skippedDays.due.count', { count: due.data.count })}` : ''}
        </p>
      </section>
      <StaffList
        query={due}
        generalErrors={filterErrors.general}
        filtersRefused={filterErrors.refused}
        emptyTitle={t('staff.skippedDays.due.empty')}
      >
        {(rows) => (
          <>
            <ul
              className="staff-due"
              aria-labelledby="staff-due-title"
              aria-busy={due.isFetching}
              data-testid="due-list"
            >
              {rows.map((s) => (
                <li
                  key={s.subscription_uid}
                  className="staff-due__item"
                  data-subscription={s.subscription_uid}
                  data-status={s.day_status}
                >
                  <div className="staff-due__head">
                    <strong className="staff-due__slot">
                      {s.time_slot.start}–{s.time_slot.end}
                    </strong>
                    <span>{t(`staff.skippedDays.${s.shipping_type}`)}</span>
                    <span
                      className={`staff-badge staff-badge--${s.day_status}`}
                      data-testid="due-status"
                    >
                      {t(`staff.skippedDays.due.status_${s.day_status}`)}
                    </span>
                  </div>
                  <dl className="staff-facts staff-facts--grid">
                    <Fact label={t('staff.skippedDays.due.client')}>
                      {s.client.name}
                      {s.client.document_number ? ` (${s.client.document_number})` : ''}
                      {s.client.mobile_number ? ` · ${s.client.mobile_number}` : ''}
                    </Fact>
                    <Fact label={t('staff.place')}>{s.place.name}</Fact>
                    <Fact label={t('staff.skippedDays.products')}>
                      {s.products.map((p) => `${p.quantity} × ${p.title}`).join(', ')}
                    </Fact>
                    <OptionalFact label={t('staff.skippedDays.due.address')} value={s.address} />
                    <OptionalFact label={t('staff.skippedDays.due.comments')} value={s.comments} />
                  </dl>
                </li>
              ))}
            </ul>
            <StaffPager page={page} pages={pages} onPage={(next) => setFilter({ page: next })} />
          </>
        )}
      </StaffList>
    </div>
  );
}
