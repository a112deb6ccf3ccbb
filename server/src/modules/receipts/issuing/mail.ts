import type { Mail } from '../../mail/mailer';
import type { electronicReceipts } from '../../../db/schema';

type ReceiptRow = typeof electronicReceipts.$inferSelect;

const NAMES = { BOLETA: 'boleta', FACTURA: 'factura', CREDIT_NOTE: 'nota de crédito' } as const;
const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The buyer's copy of an issued receipt: its number and the provider's PDF and XML links. */
export function receiptMail(receipt: ReceiptRow, orderNumber: number | null, to: string): Mail {
  const name = NAMES[receipt.kind];
  const id = `${receipt.serie}-${receipt.numero}`;
  const subject = `Tu ${name} electrónica ${id}${orderNumber ? ` · pedido ${orderNumber}` : ''}`;
  const links = [
    receipt.pdfUrl ? `PDF: ${receipt.pdfUrl}` : null,
    receipt.xmlUrl ? `XML: ${receipt.xmlUrl}` : null,
  ].filter(Boolean);
  const text = [`Aquí tienes tu ${name} electrónica ${id}.`, ...links].join('\n');
  const html = `<p>Aquí tienes tu ${name} electrónica <strong>${id}</strong>.</p><ul>${[
    receipt.pdfUrl ? `<li><a href="${escape(receipt.pdfUrl)}">Descargar PDF</a></li>` : '',
    receipt.xmlUrl ? `<li><a href="${escape(receipt.xmlUrl)}">Descargar XML</a></li>` : '',
  ].join('')}</ul>`;
  return { to, subject, text, html };
}
