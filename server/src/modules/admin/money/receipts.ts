import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  centsToMoney,
  type AdminElectronicReceipt,
  type AdminElectronicReceiptQuery,
} from '@store/contract';
import { electronicReceipts, orders, places } from '../../../db/schema';
import type { PageWindow } from '../../../lib/pagination';
import { NotFoundError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

type Row = typeof electronicReceipts.$inferSelect;
type OrderPart = Pick<typeof orders.$inferSelect, 'number' | 'billing' | 'receiptRequest'>;

/** The order's columns a receipt shows: its number and who the receipt names. */
const orderPart = {
  number: orders.number,
  billing: orders.billing,
  receiptRequest: orders.receiptRequest,
};

/** Who the receipt names, as the provider was sent it (issuing/document.ts). */
function buyerOf(order: OrderPart): AdminElectronicReceipt['buyer'] {
  const r = order.receiptRequest;
  if (r?.type === 'factura')
    return { document_type: 'RUC', document_number: r.ruc, name: r.business_name };
  const name = order.billing ? `${order.billing.first_name} ${order.billing.last_name}`.trim() : '';
  return r?.document_number
    ? { document_type: r.document_type ?? 'DNI', document_number: r.document_number, name }
    : { document_type: null, document_number: null, name };
}

const toApi = (r: Row, order: OrderPart): AdminElectronicReceipt => ({
  uid: r.uid,
  order: { uid: r.orderUid, number: order.number },
  buyer: buyerOf(order),
  kind: r.kind,
  serie: r.serie,
  numero: r.numero,
  total: centsToMoney(r.totalCents),
  status: r.status,
  attempts: r.attempts,
  error: r.error,
  pdf_url: r.pdfUrl,
  xml_url: r.xmlUrl,
  created_at: r.createdAt.toISOString(),
  issued_at: r.issuedAt?.toISOString() ?? null,
});

/** The receipts of the company's places (receipts/issuing), newest first. */
export async function listReceipts(
  admin: AdminScope,
  query: AdminElectronicReceiptQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminElectronicReceipt[] }> {
  if (query.order && !isUid(query.order)) return { count: 0, results: [] };
  const where = ofTenant(
    admin,
    electronicReceipts,
    eq(places.companyUid, admin.company.uid),
    query.status ? eq(electronicReceipts.status, query.status) : undefined,
    query.order ? eq(electronicReceipts.orderUid, query.order) : undefined,
  );
  const joined = sameTenant(
    electronicReceipts,
    places,
    eq(electronicReceipts.placeUid, places.uid),
  );
  const withOrder = sameTenant(
    electronicReceipts,
    orders,
    eq(electronicReceipts.orderUid, orders.uid),
  );
  const [[{ n }], rows] = await Promise.all([
    admin.db.select({ n: count() }).from(electronicReceipts).innerJoin(places, joined).where(where),
    admin.db
      .select({ receipt: electronicReceipts, ...orderPart })
      .from(electronicReceipts)
      .innerJoin(places, joined)
      .innerJoin(orders, withOrder)
      .where(where)
      .orderBy(desc(electronicReceipts.createdAt), desc(electronicReceipts.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: n, results: rows.map((r) => toApi(r.receipt, r)) };
}

/**
 * The owner's retry of a REJECTED or FAILED receipt (the provider's account fixed, or the
 * provider back): the same document, same number, due now. Anything else is answered as it is.
 */
export async function retryReceipt(
  admin: AdminScope,
  uid: string,
  wake: () => void,
): Promise<AdminElectronicReceipt> {
  // A malformed uid names no receipt: 404, never a database error (the fuzz proof found it).
  if (!isUid(uid)) throw new NotFoundError();
  const [found] = await admin.db
    .select({ receipt: electronicReceipts, ...orderPart })
    .from(electronicReceipts)
    .innerJoin(
      places,
      sameTenant(electronicReceipts, places, eq(electronicReceipts.placeUid, places.uid)),
    )
    .innerJoin(
      orders,
      sameTenant(electronicReceipts, orders, eq(electronicReceipts.orderUid, orders.uid)),
    )
    .where(
      ofTenant(
        admin,
        electronicReceipts,
        eq(electronicReceipts.uid, uid),
        eq(places.companyUid, admin.company.uid),
      ),
    );
  if (!found) throw new NotFoundError();
  const [updated] = await admin.db
    .update(electronicReceipts)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(
      ofTenant(
        admin,
        electronicReceipts,
        and(
          eq(electronicReceipts.uid, uid),
          inArray(electronicReceipts.status, ['REJECTED', 'FAILED']),
        ),
      ),
    )
    .returning();
  if (updated) wake();
  return toApi(updated ?? found.receipt, found);
}
