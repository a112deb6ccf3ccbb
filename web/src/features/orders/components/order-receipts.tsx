import { useTranslation } from 'react-i18next';
import type { Order } from '@store/contract/orders/schemas';

/** Orders that get an electronic receipt: sold for money and not canceled before it was issued. */
const wantsReceipt = (o: Order) =>
  o.coin_total === 0 && Number(o.total) > 0 && !o.status.startsWith('CANCELED');

/**
 * The order's electronic receipts (its boleta or factura, then the credit note of a refund): each
 * with its type and series-number, "en emisión" until the provider issued it, then its PDF and XML.
 * Before there is one, what the buyer asked for and when it is issued.
 */
export function OrderReceipts({ order: o }: { order: Order }) {
  const { t } = useTranslation();
  const receipts = o.electronic_receipts ?? [];
  if (!receipts.length && !wantsReceipt(o)) return null;
  const asked = o.receipt;
  return (
    <section
      className="order-section order-receipts-section"
      aria-labelledby="order-receipts"
      data-testid="order-receipts"
    >
      <h2 id="order-receipts" className="checkout-section__title">
        {t('orders.receiptTitle')}
      </h2>
      {receipts.length ? (
        <ul className="order-receipts">
          {receipts.map((r) => {
            const id = `${r.serie}-${r.numero}`;
            const kind = t(`orders.receiptKind_${r.kind}`);
            const of = t('orders.receiptOf', { kind, id });
            return (
              <li
                key={id}
                className="order-receipts__item"
                data-receipt={id}
                data-status={r.status}
              >
                <strong>
                  {kind} {id}
                </strong>{' '}
                {r.status === 'ISSUED' ? (
                  <>
                    <span className="order-receipts__state order-receipts__state--done">
                      {t('orders.receiptIssued')}
                    </span>
                    <span className="order-receipts__files">
                      <ReceiptFile url={r.pdf_url} label={t('orders.receiptPdf')} of={of} />
                      <ReceiptFile url={r.xml_url} label={t('orders.receiptXml')} of={of} />
                    </span>
                  </>
                ) : (
                  <>
                    <span className="order-receipts__state">{t('orders.receiptIssuing')}</span>
                    <small className="order-receipts__note">{t('orders.receiptIssuingNote')}</small>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="checkout-note" data-testid="order-receipt-waiting">
          {asked?.type === 'factura'
            ? t('orders.receiptWaiting_factura', { name: asked.business_name, ruc: asked.ruc })
            : asked?.type === 'boleta' && asked.document_number
              ? t('orders.receiptWaitingDocument', {
                  document: t(`orders.receiptDocument_${asked.document_type ?? 'DNI'}`),
                  number: asked.document_number,
                })
              : t('orders.receiptWaiting_boleta')}
        </p>
      )}
    </section>
  );
}

/** One of an issued receipt's files (its PDF or XML), named for a screen reader by its receipt. */
function ReceiptFile({
  url,
  label,
  of,
}: {
  url: string | null | undefined;
  label: string;
  of: string;
}) {
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="button button--small">
      {label}
      <span className="visually-hidden"> {of}</span>
    </a>
  );
}
