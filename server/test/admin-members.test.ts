import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  adminMembersCsvColumns,
  adminMembersMessages,
  formMessages,
  messageText,
} from '@store/contract';
import { auditLog } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';
import { makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's members: who counts as a member of the company (joined one of its
 * programs, or ordered at one of its places), search and sort, a member's programs,
 * balances, ledger, orders and redemptions, the CSV export and its audit line.
 */
let t: TestApp;
let s: StaffShop;
let other: StaffShop;
type Auth = Record<string, string>;
type Row = { uid: string; first_name: string; points: number; coins: number };

const get = (url: string, headers: Auth = s.auth.owner, host = s.host) =>
  t.get(url, { host, headers });
const uids = (res: { data: { results: { uid: string }[] } }) => res.data.results.map((r) => r.uid);

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'members');
  other = await makeStaffShop(t, 'members-other');
  // Ana's points, coins and a redemption, through the counter as the store makes them.
  const counter = (url: string, body: unknown) =>
    t.post(url, body, { host: s.host, headers: s.auth.staff });
  for (const amount of [30, 20])
    assert.equal(
      (
        await counter('/api/v5/staff/points/', {
          client_uid: s.users.ana.uid,
          program_uid: s.programs.club,
          amount,
          description: `Compra ${amount}`,
        })
      ).statusCode,
      201,
    );
  const redeemed = await counter('/api/v5/staff/redemptions/', {
    client_uid: s.users.ana.uid,
    promotion_uid: s.promotionUid('Desayuno 20%'),
    place_uid: s.places.a,
    amount: '40.00',
  });
  assert.equal(redeemed.statusCode, 201, redeemed.body);
});
after(() => t?.close());

describe('members of the company', () => {
  test("the list holds the company's program members only, with their points", async () => {
    const res = await get('/api/v5/admin/members/');
    assert.equal(res.statusCode, 200, res.body);
    const ana = res.data.results.find((r: Row) => r.uid === s.users.ana.uid);
    assert.ok(ana, res.body);
    // 50 from the tenant file, 30 and 20 at the counter.
    assert.equal(ana.points, 100);
    assert.equal(ana.coins, 0);
    assert.match(ana.member_since, /^\d{4}-\d{2}-\d{2}T/);
    // Rosa joined the rival company's program only: not this company's member.
    assert.ok(!uids(res).includes(s.users.rosa.uid));
    assert.ok(!res.body.includes('rosa@staff.test'));
    assert.ok(!res.body.includes('password'));
    // The rival company's view is its own.
    const bare = await s.login('bare@staff.test');
    const none = await get('/api/v5/admin/members/', bare);
    assert.equal(none.statusCode, 200);
    assert.deepEqual(none.data.results, []);
  });

  test('search by part of the name without accents, email, phone with spaces, document', async () => {
    for (const q of ['ÁNA prue', 'ana@staff', '911 000 001', '70000010']) {
      const res = await get(`/api/v5/admin/members/?q=${encodeURIComponent(q)}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(uids(res), [s.users.ana.uid], q);
    }
    // Wildcards are text; a stranger's email finds nothing.
    assert.equal((await get('/api/v5/admin/members/?q=%25')).data.count, 0);
    assert.equal((await get('/api/v5/admin/members/?q=rosa')).data.count, 0);
  });

  test('sorted by points, name or newest; paged', async () => {
    // A second member who joined the club later with no points.
    const late = await registerMember(t, s.host, { first_name: 'Beatriz', last_name: 'Álvarez' });
    const joined = await t.post(
      '/api/v5/me/programs/',
      { program: s.programs.club },
      { host: s.host, headers: late.auth },
    );
    assert.ok([200, 201].includes(joined.statusCode), joined.body);
    const newest = await get('/api/v5/admin/members/');
    assert.deepEqual(uids(newest).slice(0, 2), [late.user.uid, s.users.ana.uid]);
    const byPoints = await get('/api/v5/admin/members/?ordering=-points');
    assert.deepEqual(uids(byPoints).slice(0, 2), [s.users.ana.uid, late.user.uid]);
    const byName = await get('/api/v5/admin/members/?ordering=name');
    assert.deepEqual(
      byName.data.results.map((r: Row) => r.first_name),
      ['Ana', 'Beatriz'],
    );
    const page2 = await get('/api/v5/admin/members/?page=2&page_size=1');
    assert.equal(page2.data.count, 2);
    assert.deepEqual(uids(page2), [s.users.ana.uid]);
    assert.equal(page2.data.next, null);
    assert.ok(page2.data.previous.startsWith('http'), page2.body);
  });

  test('bad queries are 400 with field errors in Spanish, never a 500', async () => {
    const bad = await get(`/api/v5/admin/members/?ordering=email&q=${'x'.repeat(101)}`);
    assert.equal(bad.statusCode, 400, bad.body);
    assert.deepEqual(bad.data.ordering, [messageText(formMessages.invalidChoice)]);
    assert.deepEqual(bad.data.q, [messageText(formMessages.tooLong)]);
    assert.equal((await get('/api/v5/admin/members/?page=0')).statusCode, 400);
    const ledger = `/api/v5/admin/members/${s.users.ana.uid}/ledger/`;
    for (const program of ['nope', s.programs.rival]) {
      const res = await get(`${ledger}?program=${program}`);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.data, {
        program: [messageText(adminMembersMessages.memberProgramNotFound)],
      });
    }
    assert.equal((await get(`${ledger}?currency=GOLD`)).statusCode, 400);
  });

  test("a member's profile: contact data, the company's programs with balances and level", async () => {
    const res = await get(`/api/v5/admin/members/${s.users.ana.uid}/`);
    assert.equal(res.statusCode, 200, res.body);
    const m = res.data;
    assert.equal(m.first_name, 'Ana');
    assert.equal(m.email, 'ana@staff.test');
    assert.equal(m.mobile_phone, '+51911000001');
    assert.equal(m.document_number, '70000010');
    assert.deepEqual(m.balances, { points: 100, coins: 0, stamps: 0 });
    assert.deepEqual(
      m.programs.map((p: { name: string }) => p.name),
      ['Club'],
    );
    assert.deepEqual(m.programs[0].balances, { points: 100, coins: 0, stamps: 0 });
    assert.equal(m.programs[0].level.current.name, 'Plata');
    assert.equal(m.orders_count, 0);
    for (const secret of ['password', 'token', 'hash', 'session'])
      assert.ok(!res.body.toLowerCase().includes(secret), secret);
  });

  test('ledger and redemptions, newest first and paged; no redemption code', async () => {
    const base = `/api/v5/admin/members/${s.users.ana.uid}`;
    const ledger = await get(`${base}/ledger/?page_size=2`);
    assert.equal(ledger.statusCode, 200, ledger.body);
    assert.equal(ledger.data.count, 3);
    assert.deepEqual(
      ledger.data.results.map((l: { amount: number }) => l.amount),
      [20, 30],
    );
    assert.equal(ledger.data.results[0].program.name, 'Club');
    assert.equal(ledger.data.results[0].reason, 'Compra 20');
    const last = await get(`${base}/ledger/?page_size=2&page=2`);
    assert.deepEqual(
      last.data.results.map((l: { amount: number }) => l.amount),
      [50],
    );
    assert.equal((await get(`${base}/ledger/?currency=COINS`)).data.count, 0);
    assert.equal((await get(`${base}/ledger/?program=${s.programs.club}`)).data.count, 3);
    const taken = await get(`${base}/redemptions/`);
    assert.equal(taken.statusCode, 200, taken.body);
    assert.equal(taken.data.count, 1);
    const r = taken.data.results[0];
    assert.equal(r.promotion.name, 'Desayuno 20%');
    assert.equal(r.program.name, 'Club');
    assert.equal(r.status, 'USED');
    assert.equal(r.amount, '40.00');
    assert.equal(r.code, undefined);
  });

  test("another company's member, an unknown uid and another tenant's member are 404", async () => {
    for (const path of ['', 'ledger/', 'orders/', 'redemptions/']) {
      const rosa = await get(`/api/v5/admin/members/${s.users.rosa.uid}/${path}`);
      assert.equal(rosa.statusCode, 404, rosa.body);
      assert.deepEqual(rosa.data, { detail: messageText(adminMembersMessages.memberNotFound) });
      assert.equal((await get(`/api/v5/admin/members/nope/${path}`)).statusCode, 404);
      // The other company of the same tenant does not see Ana either.
      const bare = await s.login('bare@staff.test');
      assert.equal(
        (await get(`/api/v5/admin/members/${s.users.ana.uid}/${path}`, bare)).statusCode,
        404,
      );
      // Another tenant's owner: 404 on their own host, no session on this one.
      const own = await get(
        `/api/v5/admin/members/${s.users.ana.uid}/${path}`,
        other.auth.owner,
        other.host,
      );
      assert.equal(own.statusCode, 404, own.body);
      assert.ok(!own.body.includes('ana@staff.test'));
      const there = await get(`/api/v5/admin/members/${s.users.ana.uid}/${path}`, other.auth.owner);
      assert.equal(there.statusCode, 401);
    }
    const theirs = await get('/api/v5/admin/members/', other.auth.owner, other.host);
    assert.ok(!uids(theirs).includes(s.users.ana.uid));
    assert.ok(uids(theirs).includes(other.users.ana.uid));
  });

  test('the export: CSV with BOM, formula-safe cells, recorded in the audit log', async () => {
    const evil = await registerMember(t, s.host, {
      first_name: '=HYPERLINK("x")',
      last_name: '+1',
    });
    await t.post(
      '/api/v5/me/programs/',
      { program: s.programs.club },
      { host: s.host, headers: evil.auth },
    );
    const res = await get('/api/v5/admin/members.csv?q=hyperlink');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /clientes-\d{4}-\d{2}-\d{2}\.csv/);
    assert.ok(res.body.startsWith('\uFEFF'));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    assert.equal(lines[0], adminMembersCsvColumns.join(','));
    assert.equal(lines.length, 2, res.body);
    assert.ok(lines[1].startsWith(`"'=HYPERLINK(""x"")",'+1,`), lines[1]);
    assert.match(lines[1], /,\d{4}-\d{2}-\d{2} \d{2}:\d{2},0,0$/);
    const all = await get('/api/v5/admin/members.csv');
    const rows = all.body.trim().split('\n').slice(1);
    assert.equal(rows.length, (await get('/api/v5/admin/members/')).data.count);
    assert.ok(rows.some((r) => r.startsWith('Ana,Prueba,ana@staff.test,' + "'+51911000001")));
    assert.ok(!all.body.includes('rosa@staff.test'));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entity, 'member_export')));
    assert.equal(audit.length, 2);
    const owner = (await get('/api/v5/me/')).data;
    const first = audit.find(
      (a) => (a.after as { filter: { q: string } }).filter.q === 'hyperlink',
    );
    assert.ok(first, JSON.stringify(audit));
    assert.equal(first.actorUid, owner.uid);
    assert.equal(first.actorRole, 'OWNER');
    assert.deepEqual(first.after, { filter: { q: 'hyperlink' }, members: 1 });
    // The owner reads it in the audit log.
    const log = await get('/api/v5/admin/audit/?entity=member_export');
    assert.equal(log.data.count, 2);
    // A bad filter is a 400 and no audit line.
    assert.equal((await get(`/api/v5/admin/members.csv?q=${'x'.repeat(101)}`)).statusCode, 400);
    assert.equal((await get('/api/v5/admin/audit/?entity=member_export')).data.count, 2);
  });
});

describe('members who ordered', () => {
  let shop: Shop;
  let owner: Auth;
  let limited: Auth;
  let buyer: Awaited<ReturnType<typeof registerMember>>;
  let order: { uid: string; number: number };

  const grant = (role: 'OWNER' | 'MANAGER', placeUids: string[] = []) =>
    shop.staff(role, placeUids);

  before(async () => {
    shop = await makeShop(t, 'members-orders', { stock: 100 });
    owner = await grant('OWNER');
    limited = await grant('MANAGER', [shop.other]);
    buyer = await registerMember(t, shop.host, { first_name: 'Zoila' });
    const res = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: await firstSlot(t, shop),
        products: [shop.cakeLine(1)],
        expected_total: '10.00',
        payment_method: shop.cash,
        billing,
      },
      { host: shop.host, headers: buyer.auth },
    );
    assert.equal(res.statusCode, 201, res.body);
    order = res.data;
  });

  test('an order makes its buyer a member; the orders tab lists it with its place', async () => {
    const list = await t.get('/api/v5/admin/members/?q=zoila', { host: shop.host, headers: owner });
    assert.deepEqual(uids(list), [buyer.user.uid]);
    const profile = await t.get(`/api/v5/admin/members/${buyer.user.uid}/`, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(profile.statusCode, 200, profile.body);
    assert.equal(profile.data.orders_count, 1);
    assert.deepEqual(profile.data.programs, []);
    const orders = await t.get(`/api/v5/admin/members/${buyer.user.uid}/orders/`, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(orders.statusCode, 200, orders.body);
    assert.equal(orders.data.count, 1);
    const o = orders.data.results[0];
    assert.equal(o.uid, order.uid);
    assert.equal(o.number, order.number);
    assert.equal(o.place.name, 'Main');
    assert.equal(o.total, '10.00');
    assert.equal(o.status, 'RECEIVED');
    // Someone who only registered is nobody's member.
    const stranger = await shop.member();
    assert.equal(
      (
        await t.get(`/api/v5/admin/members/${stranger.user.uid}/`, {
          host: shop.host,
          headers: owner,
        })
      ).statusCode,
      404,
    );
  });

  test('a manager limited to another place does not see buyers of this one', async () => {
    const list = await t.get('/api/v5/admin/members/?q=zoila', {
      host: shop.host,
      headers: limited,
    });
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.data.count, 0);
    const one = await t.get(`/api/v5/admin/members/${buyer.user.uid}/orders/`, {
      host: shop.host,
      headers: limited,
    });
    assert.equal(one.statusCode, 404);
  });
});
