import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client';
import { orderLines, orders } from '../../src/db/schema';
import { billing, makeShop, stockOf, type Shop } from './orders';
import { call, injectTestApp } from './processes';
import type { TestApp } from './test-app';

/** The furthest pickup slot the shop offers, so a slot never passes while a long burst runs. */
export async function lastSlot(t: TestApp, s: Shop) {
  const schedule = (await t.get(`/api/v7/places/${s.place}/pickup-schedule/`, { host: s.host }))
    .data;
  const day = schedule.days.at(-1);
  const slot = day.slots.at(-1);
  return { date: day.date as string, start: slot.start as string, end: slot.end as string };
}

export type Slot = Awaited<ReturnType<typeof lastSlot>>;

/** One order of a burst: `quantity` small cakes (10.00 each) to pick up at `slot`, paid cash. */
export function burstOrder(s: Shop, slot: Slot, quantity: number) {
  return {
    shipping_type: 'pickup',
    pickup: slot,
    products: [s.cakeLine(quantity)],
    expected_total: (10 * quantity).toFixed(2),
    payment_method: s.cash,
    billing,
  };
}

/** `count` new members of the shop: the sessions a burst's clients send with. */
export async function memberSessions(s: Shop, count: number) {
  const members = await Promise.all(Array.from({ length: count }, () => s.member()));
  return members.map((m) => m.auth);
}

/** A shop with `stock` cakes, `members` member sessions and its last slot: what a burst needs. */
export async function burstShop(t: TestApp, name: string, stock: number, members: number) {
  const s = await makeShop(t, name, { stock });
  const auths = await memberSessions(s, members);
  return { s, auths, slot: await lastSlot(t, s) };
}

/**
 * The same shop, written into a PGlite folder by this process and closed again: one process at a
 * time holds a PGlite folder, and the server process under test opens it next.
 */
export async function burstShopInFolder(dir: string, name: string, stock: number, members: number) {
  const handle = await openDatabase({ dataDir: dir });
  try {
    const local = await injectTestApp(handle.db, 'pglite');
    try {
      return await burstShop(local, name, stock, members);
    } finally {
      await local.closeApp();
    }
  } finally {
    await handle.close();
  }
}

/** Sends one order of a burst to a server process; a connection cut off is an error code, not a status. */
export async function sendBurstOrder(
  port: number,
  s: Shop,
  slot: Slot,
  auth: Record<string, string>,
  key: string,
  quantity: number,
): Promise<{ status?: number; uid?: string; error?: string }> {
  try {
    const r = await call(port, 'POST', `/api/v5/places/${s.place}/orders/`, {
      host: s.host,
      headers: { ...auth, 'idempotency-key': key },
      body: burstOrder(s, slot, quantity),
    });
    if (r.statusCode === 201) return { status: r.statusCode, uid: r.data.uid };
    return { status: r.statusCode, error: r.body.slice(0, 300) };
  } catch (err) {
    return { error: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}

/** The shop's orders as the database holds them: each with its Idempotency-Key and units. */
export async function storedOrders(db: Database, s: Shop) {
  const rows = await db
    .select({ uid: orders.uid, key: orders.idempotencyKey, quantity: orderLines.quantity })
    .from(orders)
    .leftJoin(
      orderLines,
      and(eq(orderLines.appId, orders.appId), eq(orderLines.orderUid, orders.uid)),
    )
    .where(eq(orders.appId, s.app.uid));
  const byUid = new Map<string, { uid: string; key: string | null; units: number }>();
  for (const r of rows) {
    const entry = byUid.get(r.uid) ?? { uid: r.uid, key: r.key, units: 0 };
    entry.units += r.quantity ?? 0;
    byUid.set(r.uid, entry);
  }
  return [...byUid.values()];
}

/** The cakes' stock left at the shop's place (the shop's stock is counted, never null). */
export async function stockLeft(db: Database, s: Shop): Promise<number> {
  return (await stockOf({ db }, s, s.cake.uid))!;
}
