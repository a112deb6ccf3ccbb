import { eq, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client';
import {
  companyTaxRules,
  electronicReceipts,
  receiptSeries,
  orders,
  type ElectronicReceiptKind,
} from '../../../db/schema';

type OrderRow = typeof orders.$inferSelect;
import { ofTenant, tenantRef } from '../../../scope/tenant-query';

/** The four counters of a place's series row, and the series each one numbers. */
const COUNTER = {
  BOLETA: { key: 'boletaLast', serie: (n: number) => `B${pad(n, 3)}` },
  FACTURA: { key: 'facturaLast', serie: (n: number) => `F${pad(n, 3)}` },
  BOLETA_CREDIT: { key: 'boletaCreditLast', serie: (n: number) => `BC${pad(n, 2)}` },
  FACTURA_CREDIT: { key: 'facturaCreditLast', serie: (n: number) => `FC${pad(n, 2)}` },
} as const satisfies Record<
  string,
  {
    key: 'boletaLast' | 'facturaLast' | 'boletaCreditLast' | 'facturaCreditLast';
    serie: (n: number) => string;
  }
>;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Takes the next correlative of a place's series, in the caller's transaction. The UPDATE locks
 * the place's row until that transaction ends, so two sales at once get consecutive numbers and
 * a rolled-back sale gives its number back (no gaps, no duplicates). A place's first receipt
 * creates the row with the tenant's next establishment number, under a transaction-scoped
 * advisory lock per tenant so two new places never get the same one.
 */
export async function nextNumber(
  tx: Tx,
  appId: string,
  placeUid: string,
  counter: keyof typeof COUNTER,
): Promise<{ serie: string; numero: number }> {
  const c = COUNTER[counter];
  const column = receiptSeries[c.key];
  const take = () =>
    tx
      .update(receiptSeries)
      .set({ [c.key]: sql`${column} + 1` })
      .where(ofTenant(tenantRef(appId), receiptSeries, eq(receiptSeries.placeUid, placeUid)))
      .returning({ establishment: receiptSeries.establishment, last: column });
  let [row] = await take();
  if (!row) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'receipt_series:' + appId}))`);
    const [{ last } = { last: 0 }] = await tx
      .select({ last: sql<number>`COALESCE(MAX(${receiptSeries.establishment}), 0)` })
      .from(receiptSeries)
      .where(ofTenant(tenantRef(appId), receiptSeries));
    await tx
      .insert(receiptSeries)
      .values({ appId, placeUid, establishment: Number(last) + 1 })
      .onConflictDoNothing();
    [row] = await take();
  }
  return { serie: c.serie(row!.establishment), numero: row!.last };
}

type SaleOrder = Pick<
  OrderRow,
  | 'uid'
  | 'placeUid'
  | 'companyUid'
  | 'totalCents'
  | 'coinTotal'
  | 'receiptRequest'
  | 'paymentStatus'
>;

/**
 * Queues the boleta or factura of an order that became final for SUNAT, in the transaction that
 * made it so (the order row is locked by it, so one order never gets two). `moment`: 'PAID' (an
 * online payment approved) issues only when the company issues on payment; 'DELIVERED' issues
 * every order not issued yet (cash orders, and every order when the company issues on delivery).
 * Coins orders and free orders get none. Returns the receipt's uid, or null when none is queued.
 */
export async function queueSaleReceipt(
  tx: Tx,
  appId: string,
  order: SaleOrder,
  moment: 'PAID' | 'DELIVERED',
): Promise<string | null> {
  if (order.totalCents <= 0 || order.coinTotal > 0) return null;
  if (moment === 'DELIVERED' && !['PAID', 'PAY_ON_DELIVERY'].includes(order.paymentStatus))
    return null;
  if (moment === 'PAID') {
    const [rule] = await tx
      .select({ on: companyTaxRules.receiptIssueOn })
      .from(companyTaxRules)
      .where(
        ofTenant(
          tenantRef(appId),
          companyTaxRules,
          eq(companyTaxRules.companyUid, order.companyUid),
        ),
      );
    if (rule?.on === 'DELIVERY') return null;
  }
  const [existing] = await tx
    .select({ uid: electronicReceipts.uid })
    .from(electronicReceipts)
    .where(
      ofTenant(
        tenantRef(appId),
        electronicReceipts,
        eq(electronicReceipts.orderUid, order.uid),
        ne(electronicReceipts.kind, 'CREDIT_NOTE'),
      ),
    );
  if (existing) return null;
  const kind: ElectronicReceiptKind =
    order.receiptRequest?.type === 'factura' ? 'FACTURA' : 'BOLETA';
  const { serie, numero } = await nextNumber(tx, appId, order.placeUid, kind);
  const uid = randomUUID();
  await tx.insert(electronicReceipts).values({
    appId,
    uid,
    orderUid: order.uid,
    placeUid: order.placeUid,
    kind,
    serie,
    numero,
    totalCents: order.totalCents,
  });
  return uid;
}

/**
 * Queues the credit note of a refund (whole or a removed line), in the refund's transaction:
 * numbered in the BC / FC series of the place that issued the original. An order with no boleta
 * or factura queued yet needs none (nothing was declared to SUNAT).
 */
export async function queueCreditNote(
  tx: Tx,
  appId: string,
  orderUid: string,
  refundUid: string,
  amountCents: number,
): Promise<string | null> {
  const [original] = await tx
    .select()
    .from(electronicReceipts)
    .where(
      ofTenant(
        tenantRef(appId),
        electronicReceipts,
        eq(electronicReceipts.orderUid, orderUid),
        ne(electronicReceipts.kind, 'CREDIT_NOTE'),
      ),
    );
  if (!original || amountCents <= 0) return null;
  const { serie, numero } = await nextNumber(
    tx,
    appId,
    original.placeUid,
    original.kind === 'FACTURA' ? 'FACTURA_CREDIT' : 'BOLETA_CREDIT',
  );
  const uid = randomUUID();
  await tx.insert(electronicReceipts).values({
    appId,
    uid,
    orderUid,
    placeUid: original.placeUid,
    kind: 'CREDIT_NOTE',
    serie,
    numero,
    totalCents: Math.min(amountCents, original.totalCents),
    refersToUid: original.uid,
    refundUid,
  });
  return uid;
}
