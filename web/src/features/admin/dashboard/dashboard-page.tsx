import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardPeriod, type DashboardPeriod } from '@store/contract/admin/schemas';
import { SelectField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useFormatPrice } from '../../../lib/money';
import { useDashboard } from '../api/get-dashboard';
import { SalesChart } from './sales-chart';
import { OnboardingChecklist } from '../stores/onboarding-checklist';
import { LowStockCard } from './low-stock-card';

/** A store date ("2026-11-20") in the reader's words ("20 nov"). */
function useDayFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (date: string) => format.format(new Date(`${date}T12:00:00Z`));
}

/** The dashboard: figures of today, 7 or 30 store days, for every place or one. */
export function DashboardPage({ places }: { places: { uid: string; name: string }[] }) {
  const { t, i18n } = useTranslation();
  const price = useFormatPrice();
  const day = useDayFormat();
  const [period, setPeriod] = useState<DashboardPeriod>('7d');
  const [place, setPlace] = useState('');
  const query = useDashboard({ period, ...(place ? { place } : {}) });
  const number = (n: number) => n.toLocaleString(i18n.language);
  const d = query.data;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.dashboard.title')}</h1>
        <div className="admin-filters">
          <SelectField
            label={t('admin.dashboard.period')}
            value={period}
            onChange={(e) => setPeriod(e.target.value as DashboardPeriod)}
            options={dashboardPeriod.options.map((p) => ({
              value: p,
              label: t(`admin.dashboard.period_${p}`),
            }))}
          />
          {places.length > 1 ? (
            <SelectField
              label={t('admin.dashboard.place')}
              value={place}
              onChange={(e) => setPlace(e.target.value)}
              options={[
                { value: '', label: t('admin.dashboard.allPlaces') },
                ...places.map((p) => ({ value: p.uid, label: p.name })),
              ]}
            />
          ) : null}
        </div>
      </div>
      <OnboardingChecklist />
      <LowStockCard place={place} />

      {query.isPending ? (
        <Loading />
      ) : query.isError || !d ? (
        <PageMessage title={t('admin.fetchError')}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void query.refetch()}
          >
            {t('admin.retry')}
          </button>
        </PageMessage>
      ) : (
        <div
          className={
            query.isFetching ? 'admin-dashboard admin-dashboard--stale' : 'admin-dashboard'
          }
          aria-busy={query.isFetching}
          data-testid="admin-dashboard"
        >
          <p className="admin-page__note">
            {t('admin.dashboard.range', { from: day(d.from), to: day(d.to) })}
          </p>
          <dl className="admin-cards">
            <Card label={t('admin.dashboard.sales')} value={price(d.sales)} id="sales" />
            <Card label={t('admin.dashboard.orders')} value={number(d.orders)} id="orders" />
            <Card
              label={t('admin.dashboard.averageTicket')}
              value={price(d.average_ticket)}
              id="average-ticket"
            />
            <Card
              label={t('admin.dashboard.newMembers')}
              value={number(d.new_members)}
              id="new-members"
            />
          </dl>
          <p className="admin-page__note">{t('admin.dashboard.salesNote')}</p>

          <section className="admin-panel" aria-labelledby="admin-sales-per-day">
            <h2 id="admin-sales-per-day" className="admin-panel__title">
              {t('admin.dashboard.salesPerDay')}
            </h2>
            {d.orders === 0 ? (
              <p className="admin-empty">{t('admin.dashboard.empty')}</p>
            ) : (
              <>
                <SalesChart
                  days={d.sales_per_day}
                  format={price}
                  tick={day}
                  label={t('admin.dashboard.salesPerDayLabel', {
                    from: day(d.from),
                    to: day(d.to),
                  })}
                />
                <details className="admin-details">
                  <summary>{t('admin.dashboard.salesPerDayTable')}</summary>
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('admin.dashboard.day')}</th>
                        <th scope="col">{t('admin.dashboard.orders')}</th>
                        <th scope="col">{t('admin.dashboard.sales')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.sales_per_day.map((row) => (
                        <tr key={row.date}>
                          <td>{day(row.date)}</td>
                          <td>{number(row.orders)}</td>
                          <td>{price(row.sales)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </>
            )}
          </section>

          <div className="admin-columns">
            <section className="admin-panel" aria-labelledby="admin-top-products">
              <h2 id="admin-top-products" className="admin-panel__title">
                {t('admin.dashboard.topProducts')}
              </h2>
              {d.top_products.length === 0 ? (
                <p className="admin-empty">{t('admin.dashboard.empty')}</p>
              ) : (
                <table className="admin-table" data-testid="top-products">
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.dashboard.product')}</th>
                      <th scope="col">{t('admin.dashboard.quantity')}</th>
                      <th scope="col">{t('admin.dashboard.sales')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.top_products.map((p) => (
                      <tr key={p.uid}>
                        <td>{p.title}</td>
                        <td>{number(p.quantity)}</td>
                        <td>{price(p.sales)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section className="admin-panel" aria-labelledby="admin-by-status">
              <h2 id="admin-by-status" className="admin-panel__title">
                {t('admin.dashboard.ordersByStatus')}
              </h2>
              <table className="admin-table" data-testid="orders-by-status">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.dashboard.status')}</th>
                    <th scope="col">{t('admin.dashboard.count')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.orders_by_status.map((s) => (
                    <tr key={s.status}>
                      <td>{t(`admin.status.${s.status}`)}</td>
                      <td>{number(s.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>

          <section className="admin-panel" aria-labelledby="admin-loyalty">
            <h2 id="admin-loyalty" className="admin-panel__title">
              {t('admin.dashboard.loyalty')}
            </h2>
            <dl className="admin-cards admin-cards--small">
              <Card label={t('admin.dashboard.pointsIssued')} value={number(d.points_issued)} />
              <Card label={t('admin.dashboard.pointsSpent')} value={number(d.points_spent)} />
              <Card label={t('admin.dashboard.coinsIssued')} value={number(d.coins_issued)} />
              <Card label={t('admin.dashboard.coinsSpent')} value={number(d.coins_spent)} />
              <Card label={t('admin.dashboard.redemptions')} value={number(d.redemptions)} />
            </dl>
          </section>
        </div>
      )}
    </div>
  );
}

function Card({ label, value, id }: { label: string; value: string; id?: string }) {
  return (
    <div className="admin-card" data-figure={id}>
      <dt className="admin-card__label">{label}</dt>
      <dd className="admin-card__value">{value}</dd>
    </div>
  );
}
