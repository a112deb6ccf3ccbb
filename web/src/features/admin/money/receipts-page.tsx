import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useTranslation } from 'react-i18next';
import type { AdminElectronicReceipt } from '@store/contract/admin/money';
import { SelectField } from '../../../components/form-fields';
import { formatMoney, useFormat } from '../../../lib/format';
import { ListHead, ListPanel } from '../shell/resource-list';
import { useReceipts, type ReceiptFilters, type ReceiptStatus } from './api/get-receipts';
import { ReceiptFiles, ReceiptState, receiptId, useRetryOutcomes } from './receipt-parts';
import './money.css';

const statuses: ReceiptStatus[] = ['PENDING', 'ISSUED', 'REJECTED', 'FAILED'];

/** The status and the page live in the URL, so a refresh or a shared link keeps them. */
function useUrlFilters() {
  const [params, setParams] = useSearchParamsLatest();
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  const filters: ReceiptFilters = {
    ...(statuses.includes(status as ReceiptStatus) ? { status: status as ReceiptStatus } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
  const set = (name: 'status' | 'page', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        // Another status starts again from the first page.
        if (name === 'status') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

function Buyer({ buyer }: { buyer: AdminElectronicReceipt['buyer'] }) {
  const { t } = useTranslation();
  return (
    <>
      {buyer.name || t('admin.receipts.anonymous')}
      <small className="admin-receipts__sub">
        {buyer.document_type && buyer.document_number
          ? `${t(`admin.receipts.document_${buyer.document_type}`)} ${buyer.document_number}`
          : t('admin.receipts.noDocument')}
      </small>
    </>
  );
}

function ReceiptRow({
  receipt: r,
  onSent,
}: {
  receipt: AdminElectronicReceipt;
  onSent: (receipt: AdminElectronicReceipt) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = receiptId(r);
  return (
    <tr data-receipt={id} data-status={r.status}>
      <td>
        <strong>{id}</strong>
        <small className="admin-receipts__sub">{t(`admin.receipts.kind_${r.kind}`)}</small>
      </td>
      <td>
        {r.order.number ? <Link to={`/admin/orders/${r.order.uid}`}>#{r.order.number}</Link> : '—'}
        <small className="admin-receipts__sub">{format.instant(r.created_at)}</small>
      </td>
      <td>
        <Buyer buyer={r.buyer} />
      </td>
      <td className="admin-table__number">{formatMoney(r.total, format.language)}</td>
      <td>
        <ReceiptState receipt={r} onSent={onSent} />
      </td>
      <td>
        <ReceiptFiles receipt={r} />
      </td>
    </tr>
  );
}

/**
 * /admin/receipts: the boletas, facturas and credit notes sent to the electronic-receipt
 * provider, newest first, with each one's state, the provider's reason for a refusal, its PDF and
 * XML, and a retry for those refused or never answered. Filtered by state.
 */
export function ReceiptsPage() {
  const { t } = useTranslation();
  const { filters, set } = useUrlFilters();
  const query = useReceipts(filters);
  const d = query.data;
  const watch = useRetryOutcomes();
  const page = filters.page ?? 1;
  return (
    <div className="admin-page">
      <ListHead title={t('admin.receipts.title')}>
        <div className="admin-filters">
          <SelectField
            label={t('admin.receipts.status')}
            value={filters.status ?? ''}
            onChange={(e) => set('status', e.target.value)}
            placeholder={t('admin.receipts.all')}
            options={statuses.map((s) => ({ value: s, label: t(`admin.receipts.status_${s}`) }))}
          />
        </div>
      </ListHead>
      <p className="admin-page__note">{t('admin.receipts.note')}</p>
      <ListPanel
        heading={{
          id: 'admin-receipts-list',
          text: d ? t('admin.receipts.count', { count: d.count }) : t('admin.receipts.title'),
        }}
        query={query}
        page={page}
        onPage={(p) => set('page', p > 1 ? String(p) : '')}
        empty={filters.status ? t('admin.receipts.noMatch') : t('admin.receipts.empty')}
        emptyTestId="admin-receipts-empty"
      >
        {(rows) => (
          <div className="admin-table-wrap" aria-busy={query.isPlaceholderData}>
            <table className="admin-table admin-receipts" data-testid="admin-receipts">
              <thead>
                <tr>
                  <th scope="col">{t('admin.receipts.receipt')}</th>
                  <th scope="col">{t('admin.receipts.order')}</th>
                  <th scope="col">{t('admin.receipts.buyer')}</th>
                  <th scope="col" className="admin-table__number">
                    {t('admin.receipts.total')}
                  </th>
                  <th scope="col">{t('admin.receipts.status')}</th>
                  <th scope="col">{t('admin.receipts.files')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <ReceiptRow key={r.uid} receipt={r} onSent={watch} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListPanel>
    </div>
  );
}
