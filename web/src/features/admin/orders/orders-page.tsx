import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useTranslation } from 'react-i18next';
import type { AdminMe } from '@store/contract/admin/schemas';
import type { AdminOrder } from '@store/contract/admin/orders';
import { listedPaymentStatuses, orderStatuses } from '@store/contract/orders/status';
import { ApiError } from '../../../api/client';
import { SelectField, TextField } from '../../../components/form-fields';
import { PageMessage } from '../../../components/page-message';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney, useFormat } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMediaQuery } from '../../../lib/use-media-query';
import { downloadOrdersCsv } from './api/download-orders-csv';
import { useOrders, type OrderFilters } from './api/get-orders';
import './orders.css';
import { useFileDownload } from '../shell/download-button';
import { ListHead, ListPanel, ListSearch } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';
import { StatusPill, orderStateTone } from '../shell/status-pill';

const sorts = ['-created_at', 'created_at', '-total', 'total'] as const;
const filterNames = ['status', 'payment_status', 'place', 'date_from', 'date_to'] as const;

/** The filters live in the URL, so a refresh, a shared link or "back" from an order keeps them. */
function useUrlFilters() {
  const [params, setParams] = useSearchParamsLatest();
  const filters: OrderFilters = {};
  for (const name of [...filterNames, 'q', 'sort'] as const) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const page = Number(params.get('page') ?? '1');
  if (Number.isInteger(page) && page > 1) filters.page = page;
  const set = (changes: Partial<Record<keyof OrderFilters, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes))
          if (value) next.set(name, value);
          else next.delete(name);
        // Another filter or order starts again from the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, set, clear: () => setParams({}, { replace: true }) };
}

/** The filtered list as a CSV file (every page), as the server writes it. */
function CsvButton({ filters }: { filters: OrderFilters }) {
  const { t } = useTranslation();
  const { state, run: download } = useFileDownload({
    download: () => downloadOrdersCsv(filters),
    fallbackName: 'pedidos.csv',
    failed: t('admin.orders.csvError'),
    // A refused filter (a bad date) is named like the list's own field errors.
    reasonOf: (error) =>
      error instanceof ApiError ? Object.values(error.fieldErrors)[0]?.[0] : undefined,
  });
  return (
    <div className="admin-orders__csv">
      <button
        type="button"
        className="button"
        onClick={() => void download()}
        disabled={state.kind === 'busy'}
        data-testid="admin-orders-csv"
      >
        {state.kind === 'busy' ? t('admin.orders.csvBusy') : t('admin.orders.csv')}
      </button>
      <span role="status" className="admin-page__note">
        {state.kind === 'done'
          ? t('admin.orders.csvDone', { name: state.name })
          : state.kind === 'error'
            ? state.message
            : ''}
      </span>
    </div>
  );
}

/** A state as a coloured label: green done, red canceled or failed, amber waiting. */
function Badge({ kind, value }: { kind: 'status' | 'payment'; value: string }) {
  const { t } = useTranslation();
  return <StatusPill tone={orderStateTone(value)}>{t(`admin.orders.${kind}_${value}`)}</StatusPill>;
}

function clientName(order: AdminOrder) {
  return order.client
    ? `${order.client.first_name} ${order.client.last_name}`.trim()
    : order.name || '—';
}

/** One order as a card: the phone's layout. */
function OrderCard({ order, search }: { order: AdminOrder; search: string }) {
  const { i18n } = useTranslation();
  const format = useFormat();
  return (
    <li className="admin-order-card" data-order={order.number}>
      {/* The card's own text (number, total, client, states) is the link's name. */}
      <Link to={`${order.uid}${search}`} className="admin-order-card__link">
        <span className="admin-order-card__top">
          <strong>#{order.number}</strong>
          <strong>{formatMoney(order.total, i18n.language)}</strong>
        </span>
        <span>{clientName(order)}</span>
        <span className="admin-page__note">
          {format.instant(order.created_at)} · {order.place.name}
        </span>
        <span className="admin-order-card__badges">
          <Badge kind="status" value={order.status} />
          <Badge kind="payment" value={order.payment_status} />
        </span>
      </Link>
    </li>
  );
}

/** The column header that sorts by its column, telling assistive technology the order. */
function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: 'created_at' | 'total';
  label: string;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const current = sort.replace('-', '') === column;
  const descending = sort.startsWith('-');
  return (
    <th
      scope="col"
      aria-sort={current ? (descending ? 'descending' : 'ascending') : 'none'}
      className={column === 'total' ? 'admin-table__number' : undefined}
    >
      <button
        type="button"
        className="admin-sort"
        onClick={() => onSort(current && descending ? column : `-${column}`)}
      >
        {label}
        <span aria-hidden="true">{current ? (descending ? ' ↓' : ' ↑') : ' ↕'}</span>
      </button>
    </th>
  );
}

/** /admin/orders: every place's orders with filters, sorting, pages and the CSV of the filtered list. */
export function OrdersPage({ places }: { places: AdminMe['places'] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const stm = useErrorText();
  const wide = useMediaQuery('(min-width: 760px)');
  const [params] = useSearchParamsLatest();
  const { filters, set, clear } = useUrlFilters();
  const [q, setQ] = useState(filters.q ?? '');
  const search = useDebouncedValue(q.trim(), 300);
  useEffect(() => {
    if (search !== (filters.q ?? '')) set({ q: search });
    // Only a new typed search moves the URL; the URL's own q seeds the field.
  }, [search]);
  const query = useOrders(filters);
  const d = query.data;
  const page = filters.page ?? 1;
  const sort = filters.sort ?? '-created_at';
  const filtered = filterNames.some((n) => filters[n]) || !!filters.q;
  const back = params.toString() ? `?${params.toString()}` : '';
  const badRequest =
    query.error instanceof ApiError && query.error.status === 400 ? query.error : null;

  const choose = (name: keyof OrderFilters) => (e: { target: { value: string } }) =>
    set({ [name]: e.target.value });

  const sortBy = (column: 'created_at' | 'total', label: string) => (
    <SortHeader column={column} label={label} sort={sort} onSort={(s) => set({ sort: s })} />
  );
  const columns: ListColumn<AdminOrder>[] = [
    {
      title: t('admin.orders.number'),
      cell: (o) => (
        <Link to={`${o.uid}${back}`} aria-label={t('admin.orders.open', { number: o.number })}>
          #{o.number}
        </Link>
      ),
    },
    {
      title: t('admin.orders.date'),
      header: sortBy('created_at', t('admin.orders.date')),
      cell: (o) => format.instant(o.created_at),
    },
    { title: t('admin.orders.place'), cell: (o) => o.place.name },
    { title: t('admin.orders.client'), cell: clientName },
    { title: t('admin.orders.status'), cell: (o) => <Badge kind="status" value={o.status} /> },
    {
      title: t('admin.orders.paymentStatus'),
      cell: (o) => <Badge kind="payment" value={o.payment_status} />,
    },
    {
      title: t('admin.orders.total'),
      header: sortBy('total', t('admin.orders.total')),
      className: 'admin-table__number',
      cell: (o) => formatMoney(o.total, i18n.language),
    },
  ];

  return (
    <div className="admin-page">
      <ListHead title={t('admin.orders.title')}>
        <div className="admin-orders__head-actions">
          <Link className="button" to="/staff/orders" data-testid="admin-orders-to-board">
            {t('admin.orders.toBoard')}
          </Link>
          <CsvButton filters={filters} />
        </div>
      </ListHead>
      <section className="admin-panel" aria-label={t('admin.orders.filters')}>
        <div className="admin-orders__filters">
          <ListSearch
            className="admin-orders__search"
            label={t('admin.orders.search')}
            hint={t('admin.orders.searchHint')}
            value={q}
            onChange={setQ}
            data-testid="admin-orders-search"
          />
          <SelectField
            label={t('admin.orders.status')}
            value={filters.status ?? ''}
            onChange={choose('status')}
            placeholder={t('admin.orders.all')}
            options={orderStatuses.map((s) => ({ value: s, label: t(`admin.orders.status_${s}`) }))}
          />
          <SelectField
            label={t('admin.orders.paymentStatus')}
            value={filters.payment_status ?? ''}
            onChange={choose('payment_status')}
            placeholder={t('admin.orders.all')}
            options={listedPaymentStatuses.map((s) => ({
              value: s,
              label: t(`admin.orders.payment_${s}`),
            }))}
          />
          {places.length > 1 ? (
            <SelectField
              label={t('admin.orders.place')}
              value={filters.place ?? ''}
              onChange={choose('place')}
              placeholder={t('admin.orders.all')}
              options={places.map((p) => ({ value: p.uid, label: p.name }))}
            />
          ) : null}
          <TextField
            label={t('admin.orders.dateFrom')}
            type="date"
            value={filters.date_from ?? ''}
            onChange={choose('date_from')}
            error={
              badRequest?.fieldErrors.date_from?.[0] && stm(badRequest.fieldErrors.date_from[0])
            }
          />
          <TextField
            label={t('admin.orders.dateTo')}
            type="date"
            value={filters.date_to ?? ''}
            onChange={choose('date_to')}
            error={badRequest?.fieldErrors.date_to?.[0] && stm(badRequest.fieldErrors.date_to[0])}
          />
          <SelectField
            label={t('admin.orders.sort')}
            value={sort}
            onChange={choose('sort')}
            options={sorts.map((s) => ({ value: s, label: t(`admin.orders.sort_${s}`) }))}
          />
        </div>
        {filtered ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setQ('');
              clear();
            }}
          >
            {t('admin.orders.clear')}
          </button>
        ) : null}
      </section>
      <ListPanel
        heading={{
          id: 'admin-orders-list',
          text: d
            ? t(
                'count_exact' in d && d.count_exact === false
                  ? 'admin.orders.countAtLeast'
                  : 'admin.orders.count',
                { count: d.count },
              )
            : t('admin.orders.title'),
        }}
        query={query}
        page={page}
        onPage={(next) => set({ page: String(next) })}
        empty={filtered ? t('admin.orders.noMatch') : t('admin.orders.empty')}
        emptyTestId="admin-orders-empty"
        failure={
          badRequest ? (
            <PageMessage
              title={stm(
                Object.values(badRequest.fieldErrors)[0]?.[0] ?? t('admin.orders.noMatch'),
              )}
            >
              <button type="button" className="button" onClick={clear}>
                {t('admin.orders.clear')}
              </button>
            </PageMessage>
          ) : undefined
        }
      >
        {(rows) =>
          wide ? (
            <ListTable
              className="admin-orders"
              testId="admin-orders"
              frameClassName={query.isPlaceholderData ? 'admin-orders--stale' : undefined}
              busy={query.isPlaceholderData}
              columns={columns}
              rows={rows}
              rowKey={(o) => o.uid}
              rowData={(o) => ({ 'data-order': o.number })}
            />
          ) : (
            <ul className="admin-order-cards" data-testid="admin-orders">
              {rows.map((o) => (
                <OrderCard key={o.uid} order={o} search={back} />
              ))}
            </ul>
          )
        }
      </ListPanel>
    </div>
  );
}
