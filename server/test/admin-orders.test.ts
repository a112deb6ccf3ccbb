import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { adminMessages, messageText } from '@store/contract';
import { auditLog, orders, staffMembers } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import {
  billing,
  cashPickupOrder,
  firstSlot,
  goodCard,
  makeShop,
  north,
  stockOf,
  type Shop,
} from './support/orders';

/** The back office's orders: filters, detail with refunds, cancel with refund, CSV export. */
let t: TestApp;
let shop: Shop;
let owner: Record<string, string>;
let manager: Record<string, string>;
let member: Awaited<ReturnType<typeof registerMember>>;

const grant = (role: 'OWNER' | 'MANAGER') => shop.staff(role);

async function place(extra: Record<string, unknown> = {}, quantity = 1) {
  const res = await cashPickupOrder(t, shop, member.auth, extra, quantity);
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; number: number };
}

const get = (url: string, headers = owner) => t.get(url, { host: shop.host, headers });

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'adminorders', { stock: 100 });
  owner = await grant('OWNER');
  manager = await grant('MANAGER');
  member = await registerMember(t, shop.host, { first_name: 'Zoila' });
});
after(() => t?.close());

describe('admin orders', () => {
  test('filters by status, payment status, place, dates and number or client', async () => {
    const cash = await place();
    const card = await place({ payment_method: shop.online, card: goodCard });
    const all = await get('/api/v5/admin/orders/');
    assert.equal(all.statusCode, 200, all.body);
    assert.ok(all.data.count >= 2);
    assert.deepEqual(
      all.data.results.slice(0, 2).map((o: { uid: string }) => o.uid),
      [card.uid, cash.uid],
      'newest first',
    );
    const paid = await get('/api/v5/admin/orders/?payment_status=PAID');
    assert.deepEqual(
      paid.data.results.map((o: { uid: string }) => o.uid),
      [card.uid],
    );
    // Digits find the order of that number (and clients whose document or phone has them).
    const byNumber = await get(`/api/v5/admin/orders/?q=${cash.number}`);
    assert.ok(byNumber.data.results.some((o: { uid: string }) => o.uid === cash.uid));
    const byDocument = await get(`/api/v5/admin/orders/?q=${member.body.document_number}`);
    assert.equal(byDocument.data.count, 2);
    const byClient = await get('/api/v5/admin/orders/?q=zoila');
    assert.equal((await get(`/api/v5/admin/orders/?q=${member.body.email}`)).data.count, 2);
    assert.equal(byClient.data.count, 2);
    assert.equal(byClient.data.results[0].client.first_name, 'Zoila');
    assert.equal((await get('/api/v5/admin/orders/?q=nadie-asi')).data.count, 0);
    assert.equal((await get(`/api/v5/admin/orders/?place=${shop.other}`)).data.count, 0);
    assert.equal(
      (await get('/api/v5/admin/orders/?status=DELIVERED&date_from=2020-01-01')).data.count,
      0,
    );
    assert.equal((await get('/api/v5/admin/orders/?date_to=2020-01-01')).data.count, 0);
    // The manager sees them too.
    assert.equal((await get('/api/v5/admin/orders/', manager)).statusCode, 200);
  });

  test('a search by client reads the billed email, takes wildcards as text and never matches across fields', async () => {
    const billed = await place({ billing: { ...billing, email: 'caja.chica@empresa.pe' } });
    const found = await get('/api/v5/admin/orders/?q=chica@empresa');
    assert.deepEqual(
      found.data.results.map((o: { uid: string }) => o.uid),
      [billed.uid],
      'the billed email, not the account',
    );
    // "%" and "_" are letters here: no client's text has them.
    assert.equal((await get('/api/v5/admin/orders/?q=%25')).data.count, 0);
    assert.equal((await get('/api/v5/admin/orders/?q=_')).data.count, 0);
    // The end of the surname and the start of the email stand side by side only in the
    // searched text the index holds, never in one field of the client.
    const across = `${member.body.last_name.slice(-2)} ${member.body.email.slice(0, 3)}`;
    assert.equal(
      (await get(`/api/v5/admin/orders/?q=${encodeURIComponent(across)}`)).data.count,
      0,
    );
    // The same text on another store's host finds nothing of this one.
    const elsewhere = await makeShop(t, 'adminorders2');
    const outsider = await elsewhere.member();
    const [row] = await t.db
      .insert(staffMembers)
      .values({
        appId: elsewhere.app.uid,
        userUid: outsider.user.uid,
        companyUid: elsewhere.app.company.uid,
        role: 'OWNER',
      })
      .returning();
    assert.ok(row);
    const theirs = await t.get('/api/v5/admin/orders/?q=chica@empresa', {
      host: elsewhere.host,
      headers: outsider.auth,
    });
    assert.equal(theirs.statusCode, 200, theirs.body);
    assert.equal(theirs.data.count, 0);
  });

  test('sorted by date or total, either way, without repeating an order across pages', async () => {
    await place({}, 3);
    const uids = (sort: string) =>
      get(`/api/v5/admin/orders/?sort=${sort}&page_size=100`).then((r) => {
        assert.equal(r.statusCode, 200, r.body);
        return r.data.results as { uid: string; total: string; created_at: string }[];
      });
    const byTotal = await uids('-total');
    const totals = byTotal.map((o) => Number(o.total));
    assert.deepEqual(
      totals,
      [...totals].sort((a, b) => b - a),
    );
    assert.ok(totals[0] >= 30);
    const ascending = (await uids('total')).map((o) => Number(o.total));
    assert.deepEqual(
      ascending,
      [...ascending].sort((a, b) => a - b),
    );
    const oldest = (await uids('created_at')).map((o) => o.uid);
    assert.deepEqual(oldest, (await uids('-created_at')).map((o) => o.uid).reverse());
    // Page by page, the same orders as one page.
    const pages = [];
    for (let page = 1; page <= Math.ceil(byTotal.length / 2); page++)
      pages.push(
        ...(await get(`/api/v5/admin/orders/?sort=-total&page_size=2&page=${page}`)).data.results,
      );
    assert.deepEqual(
      pages.map((o: { uid: string }) => o.uid),
      byTotal.map((o) => o.uid),
    );
    const bad = await get('/api/v5/admin/orders/?sort=precio');
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.sort, bad.body);
  });

  test('bad filters are 400 with field errors, never a 500', async () => {
    const bad = await get(
      '/api/v5/admin/orders/?status=LOST&date_from=2026-02-30&place=00000000-0000-0000-0000-000000000000',
    );
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.status && bad.data.date_from, bad.body);
    const place = await get('/api/v5/admin/orders/?place=nope');
    assert.equal(place.statusCode, 400);
    assert.deepEqual(place.data.place, [messageText(adminMessages.placeNotFound)]);
    const range = await get('/api/v5/admin/orders/?date_from=2026-02-02&date_to=2026-02-01');
    assert.equal(range.statusCode, 400);
    assert.ok(range.data.date_from);
  });

  test('cancel a card-paid order: refunded through the provider, stock back, audited', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const o = await place(
      { payment_method: shop.online, card: goodCard, expected_total: '20.00' },
      2,
    );
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 2);
    const res = await t.post(`/api/v5/admin/orders/${o.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.status, 'CANCELED_BY_PLACE');
    assert.equal(res.data.payment_status, 'REFUNDED');
    assert.equal(res.data.refunds.length, 1);
    assert.equal(res.data.refunds[0].amount, '20.00');
    assert.equal(res.data.refunds[0].status, 'DONE');
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
    const detail = await get(`/api/v5/admin/orders/${o.uid}/`);
    assert.deepEqual(detail.data, res.data);
    assert.equal(detail.data.products[0].quantity, 2);

    const again = await t.post(`/api/v5/admin/orders/${o.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(again.statusCode, 400, again.body);
    assert.ok(again.data.non_field_errors);

    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityUid, o.uid)));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].after?.status, 'CANCELED_BY_PLACE');
  });

  test('an order of another tenant or a malformed uid is 404', async () => {
    const other = await makeShop(t, 'adminorders2');
    const buyer = await other.member();
    const res = await t.post(
      `/api/v5/places/${other.place}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: await firstSlot(t, other),
        products: [other.cakeLine(1)],
        expected_total: '10.00',
        payment_method: other.cash,
        billing,
      },
      { host: other.host, headers: buyer.auth },
    );
    assert.equal(res.statusCode, 201, res.body);
    const foreign = await get(`/api/v5/admin/orders/${res.data.uid}/`);
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(foreign.data, { detail: messageText(adminMessages.orderNotFound) });
    const cancel = await t.post(`/api/v5/admin/orders/${res.data.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(cancel.statusCode, 404);
    assert.equal((await get('/api/v5/admin/orders/nope/')).statusCode, 404);
  });

  test('CSV export: every filtered order, formula-safe, store time', async () => {
    const evil = await registerMember(t, shop.host, {
      first_name: '=HYPERLINK("x")',
      email: 'evil@example.com',
    });
    const saved = member;
    member = evil;
    const o = await place();
    member = saved;
    const listed = await get('/api/v5/admin/orders/?q=evil');
    assert.equal(listed.data.count, 1, listed.body);
    const res = await get('/api/v5/admin/orders.csv?q=evil');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /pedidos-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    assert.equal(lines[0].split(',')[0], 'numero');
    assert.equal(lines.length, 2, res.body);
    assert.ok(lines[1].startsWith(`${o.number},`), lines[1]);
    assert.ok(lines[1].includes(`'=HYPERLINK`), lines[1]);
    assert.match(lines[1], /,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    const bad = await get('/api/v5/admin/orders.csv?place=nope');
    assert.equal(bad.statusCode, 400);
  });
});

describe('admin orders: the whole workflow in the back office', () => {
  const move = (uid: string, body: Record<string, unknown>, headers = owner) =>
    t.post(`/api/v5/admin/orders/${uid}/transition/`, body, { host: shop.host, headers });

  test('a pickup order: accepted, ready, delivered from /admin, each move audited; the manager too', async () => {
    const o = await place();
    const listed = (await get(`/api/v5/admin/orders/${o.uid}/`)).data;
    assert.deepEqual(listed.actions, ['accept', 'cancel']);
    const ship = await move(o.uid, { action: 'ship' });
    assert.equal(ship.statusCode, 400, ship.body);
    assert.deepEqual(ship.data, {
      non_field_errors: ['El pedido ya está «Recibido» y no puede pasar a «Enviado».'],
    });
    const accepted = await move(o.uid, { action: 'accept' });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.data.status, 'ACCEPTED');
    assert.deepEqual(accepted.data.actions, ['cancel', 'deliver', 'ready']);
    assert.deepEqual(accepted.data.refunds, [], 'the back office shape');
    const ready = await move(o.uid, { action: 'ready' }, manager);
    assert.equal(ready.statusCode, 200, ready.body);
    assert.ok(ready.data.ready_at);
    const delivered = await move(o.uid, { action: 'deliver' });
    assert.equal(delivered.data.status, 'DELIVERED');
    assert.deepEqual(delivered.data.actions, []);
    const mine = await t.get(`/api/v5/me/orders/${o.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(mine.data.status, 'DELIVERED');
    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityUid, o.uid)))
      .orderBy(auditLog.createdAt);
    assert.deepEqual(
      lines.map((l) => [l.actorRole, l.after?.status, l.after?.ready ?? null]),
      [
        ['OWNER', 'ACCEPTED', null],
        ['MANAGER', 'ACCEPTED', true],
        ['OWNER', 'DELIVERED', null],
      ],
    );
  });

  test('a delivery order is shipped before it is delivered; a bad action is a 400', async () => {
    const o = await place({
      shipping_type: 'delivery',
      pickup: undefined,
      delivery: { area: shop.area, address: 'Calle 2', ...north(1) },
      expected_total: '16.50',
    });
    assert.equal((await move(o.uid, { action: 'accept' })).statusCode, 200);
    assert.equal((await move(o.uid, { action: 'ready' })).statusCode, 400);
    assert.equal((await move(o.uid, { action: 'ship' })).data.status, 'SHIPPED');
    assert.equal((await move(o.uid, { action: 'deliver' })).data.status, 'DELIVERED');
    const bad = await move(o.uid, { action: 'teleport' });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.action);
  });

  test('cancel with a reason (through either route): the member reads it; the audit keeps it', async () => {
    const o = await place();
    const res = await t.post(
      `/api/v5/admin/orders/${o.uid}/cancel/`,
      { reason: 'closed', reason_note: 'Hoy cerramos temprano.' },
      { host: shop.host, headers: owner },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.cancel_reason, 'closed');
    const mine = await t.get(`/api/v5/me/orders/${o.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(mine.data.cancel_reason, 'closed');
    assert.equal(mine.data.cancel_note, 'Hoy cerramos temprano.');
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityUid, o.uid)));
    assert.equal(line.after?.cancel_reason, 'closed');
    const other = await place();
    const wordless = await move(other.uid, { action: 'cancel', reason: 'other', reason_note: ' ' });
    assert.equal(wordless.statusCode, 400, wordless.body);
    assert.ok(wordless.data.reason_note);
  });

  test('new orders of the last minutes, for the announcement, and only while they are recent', async () => {
    const o = await place();
    const res = await get('/api/v5/admin/orders/recent/');
    assert.equal(res.statusCode, 200, res.body);
    const mine = res.data.results.find((r: { uid: string }) => r.uid === o.uid);
    assert.equal(mine.number, o.number);
    assert.equal(mine.total, '10.00');
    assert.equal(mine.shipping_type, 'pickup');
    // Older than the window: not announced any more.
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(orders.uid, o.uid));
    const later = await get('/api/v5/admin/orders/recent/');
    assert.ok(!later.body.includes(o.uid));
  });

  test("the order notification settings: the owner's, versioned and audited", async () => {
    const read = await get('/api/v5/admin/order-notifications/');
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.data, {
      new_order_mail_to: null,
      customer_status_mails: true,
      version: 1,
    });
    assert.equal(
      (await get('/api/v5/admin/order-notifications/', manager)).statusCode,
      403,
      'the manager does not choose',
    );
    const put = (body: Record<string, unknown>) =>
      t.call('PUT', '/api/v5/admin/order-notifications/', {
        host: shop.host,
        headers: owner,
        body,
      });
    const bad = await put({
      new_order_mail_to: 'no-es-correo',
      customer_status_mails: 'si',
      version: 1,
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.new_order_mail_to && bad.data.customer_status_mails, bad.body);
    const saved = await put({ new_order_mail_to: null, customer_status_mails: false, version: 1 });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.data, {
      new_order_mail_to: null,
      customer_status_mails: false,
      version: 2,
    });
    const stale = await put({ new_order_mail_to: null, customer_status_mails: true, version: 1 });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.data.current.version, 2);
    const [line] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'order_settings'));
    assert.equal(line.after?.customer_status_mails, false);
    // Back as the other tests expect it.
    assert.equal(
      (await put({ new_order_mail_to: null, customer_status_mails: true, version: 2 })).statusCode,
      200,
    );
  });
});
