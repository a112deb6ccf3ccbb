import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AdminReport,
  AdminReportQuery,
  AdminReportRow,
  ReportKind,
  SalesReportKind,
} from '@store/contract/admin/selling';
import { addDays, storeDateOf } from '@store/contract/time/store-clock';
import { SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useFormat } from '../../../lib/format';
import { useFormatPrice } from '../../../lib/money';
import { downloadReportCsv } from './api/download-report-csv';
import { useReport } from './api/get-report';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import './reports.css';
import { DownloadButton } from '../shell/download-button';

const presets = ['today', '7d', '30d', 'month'] as const;
type Preset = (typeof presets)[number];

/** A preset's store days, counted on the store's clock (Lima), not the device's. */
function rangeOf(preset: Preset, today = storeDateOf(new Date())) {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

const salesReports: { kind: SalesReportKind; key: keyof AdminReport; units: boolean }[] = [
  { kind: 'product', key: 'by_product', units: true },
  { kind: 'category', key: 'by_category', units: true },
  { kind: 'hour', key: 'by_hour', units: false },
  { kind: 'weekday', key: 'by_weekday', units: false },
  { kind: 'payment_method', key: 'by_payment_method', units: false },
  { kind: 'place', key: 'by_place', units: false },
];

/** Rows the chart draws at most (the longest lists, products and categories, keep their best). */
const CHART_ROWS = 12;

/** /admin/reports: sales over any range of store days, by every breakdown, with CSVs. */
export function ReportsPage({ places }: { places: { uid: string; name: string }[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [preset, setPreset] = useState<Preset | null>('7d');
  const [range, setRange] = useState(() => rangeOf('7d'));
  const [place, setPlace] = useState('');
  const badRange = !range.from || !range.to || range.from > range.to;
  const query: AdminReportQuery = { ...range, ...(place ? { place } : {}) };
  const report = useReport(query);
  const d = report.data;
  const choose = (p: Preset) => {
    setPreset(p);
    setRange(rangeOf(p));
  };

  return (
    <div className="admin-page admin-reports">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.reports.title')}</h1>
      </div>
      <p className="admin-page__note">{t('admin.reports.hint')}</p>
      <div className="admin-reports__filters">
        <div
          role="group"
          aria-label={t('admin.reports.presets')}
          className="admin-reports__presets"
        >
          {presets.map((p) => (
            <button
              key={p}
              type="button"
              className={preset === p ? 'button button--primary' : 'button'}
              aria-pressed={preset === p}
              onClick={() => choose(p)}
              data-testid={`report-preset-${p}`}
            >
              {t(`admin.reports.preset_${p}`)}
            </button>
          ))}
        </div>
        <TextField
          type="date"
          label={t('admin.reports.from')}
          value={range.from}
          max={range.to}
          onChange={(e) => {
            setPreset(null);
            setRange((r) => ({ ...r, from: e.target.value }));
          }}
          data-testid="report-from"
        />
        <TextField
          type="date"
          label={t('admin.reports.to')}
          value={range.to}
          min={range.from}
          onChange={(e) => {
            setPreset(null);
            setRange((r) => ({ ...r, to: e.target.value }));
          }}
          data-testid="report-to"
        />
        {places.length > 1 ? (
          <SelectField
            label={t('admin.reports.place')}
            value={place}
            onChange={(e) => setPlace(e.target.value)}
            options={[
              { value: '', label: t('admin.reports.allPlaces') },
              ...places.map((p) => ({ value: p.uid, label: p.name })),
            ]}
            data-testid="report-place"
          />
        ) : null}
      </div>

      {badRange ? (
        <p role="alert" className="form-error">
          {t('admin.reports.badRange')}
        </p>
      ) : report.isPending ? (
        <Loading />
      ) : report.isError || !d ? (
        <PageMessage title={t('admin.fetchError')}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void report.refetch()}
          >
            {t('admin.retry')}
          </button>
        </PageMessage>
      ) : (
        <div
          className={
            report.isFetching ? 'admin-dashboard admin-dashboard--stale' : 'admin-dashboard'
          }
          aria-busy={report.isFetching}
          data-testid="admin-reports"
        >
          <p className="admin-page__note">
            {t('admin.reports.range', {
              from: format.day(d.from, { dateStyle: 'medium' }),
              to: format.day(d.to, { dateStyle: 'medium' }),
              previousFrom: format.day(d.previous_from, { dateStyle: 'medium' }),
              previousTo: format.day(d.previous_to, { dateStyle: 'medium' }),
            })}
          </p>
          <Totals totals={d.totals} />
          {salesReports.map((r) => (
            <SalesSection
              key={r.kind}
              kind={r.kind}
              units={r.units}
              rows={d[r.key] as AdminReportRow[]}
              report={d}
              query={query}
            />
          ))}
          <StaffSection report={d} query={query} />
        </div>
      )}
    </div>
  );
}

/** "+12 %" against the previous period, or nothing to compare with. */
function useChange() {
  const { t } = useTranslation();
  const format = useFormat();
  return (now: number, before: number) => {
    if (before === 0) return t('admin.reports.noPrevious');
    const pct = Math.round(((now - before) / before) * 100);
    return t('admin.reports.change', {
      change: `${pct > 0 ? '+' : ''}${format.number(pct)} %`,
    });
  };
}

function Totals({ totals }: { totals: AdminReportRow }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const format = useFormat();
  const change = useChange();
  return (
    <>
      <dl className="admin-cards" data-testid="report-totals">
        <Figure
          id="sales"
          label={t('admin.reports.sales')}
          value={price(totals.sales)}
          note={change(Number(totals.sales), Number(totals.previous_sales))}
        />
        <Figure
          id="orders"
          label={t('admin.reports.orders')}
          value={format.number(totals.count)}
          note={change(totals.count, totals.previous_count)}
        />
        <Figure
          id="canceled"
          label={t('admin.reports.canceled')}
          value={price(totals.canceled_sales)}
          note={`${t('admin.reports.orders')}: ${format.number(totals.canceled_count)}`}
        />
        <Figure
          id="refunded"
          label={t('admin.reports.refunded')}
          value={price(totals.refunded_sales)}
          note={`${t('admin.reports.orders')}: ${format.number(totals.refunded_count)}`}
        />
      </dl>
      <p className="admin-page__note">{t('admin.reports.cancellationsHint')}</p>
    </>
  );
}

function Figure({
  id,
  label,
  value,
  note,
}: {
  id: string;
  label: string;
  value: string;
  note: string;
}) {
  return (
    <div className="admin-card" data-figure={id}>
      <dt className="admin-card__label">{label}</dt>
      <dd className="admin-card__value">{value}</dd>
      <dd className="admin-reports__change">{note}</dd>
    </div>
  );
}

function SalesSection({
  kind,
  units,
  rows,
  report,
  query,
}: {
  kind: SalesReportKind;
  units: boolean;
  rows: AdminReportRow[];
  report: AdminReport;
  query: AdminReportQuery;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const format = useFormat();
  const title = t(`admin.reports.report_${kind}`);
  const id = `report-${kind}`;
  const kept = rows.filter((r) => r.count > 0 || Number(r.sales) > 0);
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="admin-reports__section-head">
        <h2 id={`${id}-title`} className="admin-panel__title">
          {title}
        </h2>
        <CsvButton kind={kind} query={query} />
      </div>
      {rows.length === 0 ? (
        <p className="admin-empty">{t('admin.reports.empty')}</p>
      ) : (
        <>
          {kept.length > 0 ? (
            <ReportChart
              testId={`${id}-chart`}
              rows={kept
                .slice(0, CHART_ROWS)
                .map((r) => ({ key: r.key, label: r.label, value: Number(r.sales) }))}
              label={t('admin.reports.chartLabel', {
                title,
                axis: t(`admin.reports.axis_${kind}`),
                from: format.day(report.from, { dateStyle: 'medium' }),
                to: format.day(report.to, { dateStyle: 'medium' }),
              })}
              valueAxis={t('admin.reports.axisSales')}
              format={(v) => format.number(Math.round(v))}
            />
          ) : null}
          <ReportTable
            testId={`${id}-table`}
            head={t(`admin.reports.col_${kind}`)}
            rows={rows}
            columns={[
              {
                title: units ? t('admin.reports.units') : t('admin.reports.orders'),
                cell: (r) => format.number(r.count),
              },
              { title: t('admin.reports.sales'), cell: (r) => price(r.sales) },
              { title: t('admin.reports.previous'), cell: (r) => price(r.previous_sales) },
              {
                title: t('admin.reports.canceled'),
                cell: (r) => (r.canceled_count ? price(r.canceled_sales) : '—'),
              },
              {
                title: t('admin.reports.refunded'),
                cell: (r) => (r.refunded_count ? price(r.refunded_sales) : '—'),
              },
            ]}
          />
          {kind === 'product' && report.by_product_total > rows.length ? (
            <p className="admin-page__note" data-testid="report-product-top">
              {t('admin.reports.topProducts', {
                shown: format.number(rows.length),
                total: format.number(report.by_product_total),
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function StaffSection({ report, query }: { report: AdminReport; query: AdminReportQuery }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows = report.by_staff;
  const current = rows.filter((r) => r.actions > 0);
  return (
    <section
      className="admin-panel"
      aria-labelledby="report-staff-title"
      data-testid="report-staff"
    >
      <div className="admin-reports__section-head">
        <h2 id="report-staff-title" className="admin-panel__title">
          {t('admin.reports.report_staff')}
        </h2>
        <CsvButton kind="staff" query={query} />
      </div>
      {rows.length === 0 ? (
        <p className="admin-empty">{t('admin.reports.emptyStaff')}</p>
      ) : (
        <>
          {current.length > 0 ? (
            <ReportChart
              testId="report-staff-chart"
              rows={current
                .slice(0, CHART_ROWS)
                .map((r) => ({ key: r.key, label: r.label, value: r.actions }))}
              label={t('admin.reports.staffChartLabel', {
                from: format.day(report.from, { dateStyle: 'medium' }),
                to: format.day(report.to, { dateStyle: 'medium' }),
              })}
              valueAxis={t('admin.reports.axisActions')}
              format={(v) => format.number(Math.round(v))}
            />
          ) : null}
          <ReportTable
            testId="report-staff-table"
            head={t('admin.reports.col_staff')}
            rows={rows}
            columns={[
              { title: t('admin.reports.actions'), cell: (r) => format.number(r.actions) },
              {
                title: t('admin.reports.previous'),
                cell: (r) => format.number(r.previous_actions),
              },
              { title: t('admin.reports.redemptions'), cell: (r) => format.number(r.redemptions) },
              { title: t('admin.reports.stamps'), cell: (r) => format.number(r.stamps) },
              { title: t('admin.reports.points'), cell: (r) => format.number(r.points) },
            ]}
          />
        </>
      )}
    </section>
  );
}

/** One breakdown as a CSV. */
function CsvButton({ kind, query }: { kind: ReportKind; query: AdminReportQuery }) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      className="admin-reports__csv"
      noteClassName="admin-reports__csv-note"
      testId={`report-${kind}-csv`}
      download={() => downloadReportCsv(kind, query)}
      fallbackName={`reporte-${kind}.csv`}
      failed={t('admin.reports.csvFailed')}
      texts={{
        idle: t('admin.reports.csv'),
        busy: t('admin.reports.csvBusy'),
        done: (name) => t('admin.reports.csvDone', { name }),
      }}
    />
  );
}
