import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { electronicReceipts, orderLines, orders } from '../../../db/schema';
import { ofTenant, tenantRef } from '../../../scope/tenant-query';
import type { ReceiptDocument } from './provider';

type ReceiptRow = typeof electronicReceipts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * One item's IGV, from its price with IGV (catalogue prices include it): the IGV part is
 * price × rate / (1 + rate), rounded to the cent; the taxable value is the rest.
 */
function taxed(description: string, quantity: number, totalCents: number, rateBp: number) {
  const igvCents = Math.round((totalCents * rateBp) / (10_000 + rateBp));
  const taxableCents = totalCents - igvCents;
  return {
    description,
    quantity,
    unitPrice: totalCents / 100 / quantity,
    unitValue: taxableCents / 100 / quantity,
    taxableCents,
    igvCents,
    totalCents,
  };
}

function customerOf(order: OrderRow): ReceiptDocument['customer'] {
  const r = order.receiptRequest;
  const name = order.billing ? `${order.billing.first_name} ${order.billing.last_name}`.trim() : '';
  const email = order.billing?.email ?? '';
  if (r?.type === 'factura')
    return {
      documentType: '6',
      documentNumber: r.ruc,
      name: r.business_name,
      address: r.fiscal_address,
      email,
    };
  const type = r?.document_number
    ? ({ DNI: '1', CE: '4', PASSPORT: '7' } as const)[r.document_type ?? 'DNI']
    : '-';
  return {
    documentType: type,
    documentNumber: r?.document_number ?? '-',
    name: name || 'CLIENTES VARIOS',
    address: '-',
    email,
  };
}

/**
 * What the provider is sent for a queued receipt, read from the order as it is now. A sale's
 * items are the order's lines and its delivery fare; the order's discounts (automatic and coupon)
 * are spread over the product lines in proportion, the last absorbing the rounding, so the items
 * add up to exactly what the buyer paid. IGV per item at the order's tax rate (the company's
 * tax rule when ordered); totals are the items' sums. A credit note has one item, the refund.
 */
export async function buildDocument(db: Database, receipt: ReceiptRow): Promise<ReceiptDocument> {
  const tenant = tenantRef(receipt.appId);
  const [order] = await db
    .select()
    .from(orders)
    .where(ofTenant(tenant, orders, eq(orders.uid, receipt.orderUid)));
  if (!order) throw new Error('order not found');
  const rate = order.taxRateBasisPoints;
  let items: ReceiptDocument['items'];
  let corrects: ReceiptDocument['corrects'];
  if (receipt.kind === 'CREDIT_NOTE') {
    const [original] = await db
      .select()
      .from(electronicReceipts)
      .where(
        ofTenant(tenant, electronicReceipts, eq(electronicReceipts.uid, receipt.refersToUid!)),
      );
    corrects = {
      kind: original!.kind as 'BOLETA' | 'FACTURA',
      serie: original!.serie,
      numero: original!.numero,
      reason: `Devolución del pedido ${order.number ?? ''}`.trim(),
    };
    items = [
      taxed(`Devolución del pedido ${order.number ?? ''}`.trim(), 1, receipt.totalCents, rate),
    ];
  } else {
    const lines = await db
      .select()
      .from(orderLines)
      .where(ofTenant(tenant, orderLines, eq(orderLines.orderUid, order.uid)))
      .orderBy(asc(orderLines.position));
    const products = order.subtotalCents || 1;
    const gross = lines.map((l) => ({
      description: l.title,
      quantity: l.quantity,
      cents: l.totalCents - Math.round((order.discountCents * l.totalCents) / products),
    }));
    if (order.deliveryCents > 0)
      gross.push({ description: 'Delivery', quantity: 1, cents: order.deliveryCents });
    const others = gross.slice(0, -1).reduce((sum, g) => sum + g.cents, 0);
    if (gross.length) gross[gross.length - 1]!.cents = receipt.totalCents - others;
    items = gross.map((g) => taxed(g.description, g.quantity, g.cents, rate));
  }
  const sum = (k: 'taxableCents' | 'igvCents' | 'totalCents') =>
    items.reduce((s, i) => s + i[k], 0);
  return {
    kind: receipt.kind,
    serie: receipt.serie,
    numero: receipt.numero,
    issuedOn: receipt.createdAt,
    customer: customerOf(order),
    igvPercent: rate / 100,
    totals: {
      taxableCents: sum('taxableCents'),
      igvCents: sum('igvCents'),
      totalCents: sum('totalCents'),
    },
    items,
    corrects,
  };
}
