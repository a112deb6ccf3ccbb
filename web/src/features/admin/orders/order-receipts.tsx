import { useTranslation } from 'react-i18next';
import type { AdminElectronicReceipt } from '@store/contract/admin/money';
import { Loading } from '../../../components/loading';
import { formatMoney, useFormat } from '../../../lib/format';
import { useAdminMe } from '../api/get-admin-me';
import { useReceipts } from '../money/api/get-receipts';
import { ReceiptFiles, ReceiptState, receiptId, useRetryOutcomes } from '../money/receipt-parts';

/** Who a boleta or factura names, as the provider was sent it. */
function buyerText(t: (key: string) => string, buyer: AdminElectronicReceipt['buyer']) {
  const document =
    buyer.document_type && buyer.document_number
      ? `${t(`admin.receipts.document_${buyer.document_type}`)} ${buyer.document_number}`
      : t('admin.receipts.noDocument');
  return `${buyer.name || t('admin.receipts.anonymous')} · ${document}`;
}

/**
 * The order's electronic receipts on its own screen: the boleta or factura, then the credit
 * notes of its refunds, each with its state, the provider's reason, Retry and the PDF and XML,
 * as /admin/receipts shows them. Receipts are money: only someone with the money area (the owner)
 * sees the section, as only they may open /admin/receipts.
 */
export function OrderReceipts({ orderUid }: { orderUid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useAdminMe();
  const allowed = !!me.data?.areas.includes('money');
  const query = useReceipts({ order: orderUid }, allowed);
  const watch = useRetryOutcomes();
  if (!allowed) return null;
  // The list is newest first; the order reads from its sale to its refunds.
  const receipts = [...(query.data?.results ?? [])].reverse();
  return (
    <section className="admin-panel" aria-labelledby="admin-order-receipts">
      <h2 id="admin-order-receipts" className="admin-panel__title">
        {t('admin.orders.receiptsTitle')}
      </h2>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <p className="admin-empty">{t('admin.fetchError')}</p>
      ) : !receipts.length ? (
        <p className="admin-empty">{t('admin.orders.noReceipts')}</p>
      ) : (
        <ul className="admin-order__receipts" data-testid="admin-order-receipts">
          {receipts.map((r) => (
            <li
              key={r.uid}
              className="admin-order__receipt"
              data-receipt={receiptId(r)}
              data-status={r.status}
            >
              <span className="admin-order__receipt-head">
                <strong>
                  {t(`admin.receipts.kind_${r.kind}`)} {receiptId(r)}
                </strong>
                <span>{formatMoney(r.total, format.language)}</span>
              </span>
              {r.kind !== 'CREDIT_NOTE' ? (
                <small className="admin-receipts__sub">{buyerText(t, r.buyer)}</small>
              ) : null}
              <span className="admin-order__receipt-state">
                <ReceiptState receipt={r} onSent={watch} />
              </span>
              <ReceiptFiles receipt={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
