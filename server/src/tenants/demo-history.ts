import { like, sql } from 'drizzle-orm';
import { storeDateOf, storeInstant } from '@store/contract';
import {
  HISTORY_APP,
  HISTORY_COMPANY,
  historyProductsOf,
  planDemoHistory,
} from './demo-history-plan';

import type { Database } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { tenantUid } from '../lib/uid';
import { ofTenant, tenantRef } from '../scope/tenant-query';
import { nextOrderNumber } from '../modules/orders/numbers';
import { rebuildRollups } from '../modules/reports/rollup';

const KEY_PREFIX = 'demo-history-';

/**
 * Writes the plan as paid, picked-up orders with no member (as orders of deleted accounts
 * are kept), so no demo member's order list changes. Once per database: it does nothing when
 * history orders exist. Prices include the tax (IGV), as the store shows them.
 */
export async function seedDemoHistory(
  db: Database,
  file: Parameters<typeof historyProductsOf>[0] & { places?: { key: string }[] },
  now = new Date(),
): Promise<number> {
  const appId = tenantUid('app', HISTORY_APP);
  const tenant = tenantRef(appId);
  const [seeded] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(ofTenant(tenant, orders, like(orders.idempotencyKey, `${KEY_PREFIX}%`)));
  if (seeded.n > 0) return 0;
  const uid = (kind: string, key: string) => tenantUid(HISTORY_APP, kind, key);
  const products = historyProductsOf(file);
  const titles = new Map(products.map((p) => [p.key, p.title]));
  const prices = new Map(products.map((p) => [p.key, p.price_cents]));
  const plan = planDemoHistory(
    storeDateOf(now),
    products,
    (file.places ?? []).map((p) => p.key),
  );
  await db.transaction(async (tx) => {
    for (const [i, p] of plan.entries()) {
      const orderUid = uid('demo-history-order', String(i));
      const createdAt = storeInstant(p.date, p.minute);
      const canceled = p.status !== 'DELIVERED';
      await tx.insert(orders).values({
        appId,
        uid: orderUid,
        number: await nextOrderNumber(tx, appId),
        idempotencyKey: `${KEY_PREFIX}${i}`,
        placeUid: uid('place', p.place),
        companyUid: uid('company', HISTORY_COMPANY),
        status: p.status,
        shippingType: 'pickup',
        pickupDate: p.date,
        paymentMethodUid: uid('payment-method', `${HISTORY_COMPANY}/cash`),
        paymentStatus: canceled ? 'PAY_ON_DELIVERY' : 'PAID',
        subtotalCents: p.total_cents,
        discountCents: 0,
        deliveryCents: 0,
        taxesCents: Math.round(p.total_cents - p.total_cents / 1.18),
        totalCents: p.total_cents,
        taxName: 'IGV',
        taxRateBasisPoints: 1800,
        createdAt,
        updatedAt: createdAt,
        canceledAt: canceled ? createdAt : null,
      });
      await tx.insert(orderLines).values(
        p.lines.map((l, position) => ({
          appId,
          orderUid,
          position,
          productUid: uid('product', l.key),
          title: titles.get(l.key)!,
          quantity: l.quantity,
          unitPriceCents: prices.get(l.key)!,
          optionsPriceCents: 0,
          totalCents: prices.get(l.key)! * l.quantity,
          options: [],
        })),
      );
    }
    // Written around the checkout: the reports' rollups are rebuilt from these orders.
    await rebuildRollups(tx, appId);
  });
  return plan.length;
}
