import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { staffMessages, staffRecordsCsvColumns, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { makeStaffShop, placeOrder, type StaffShop } from './support/staff';
import { apps, placeProducts, staffActivity } from '../src/db/schema';

/** The orders board (list, detail, store actions along the state machine) and the records report (JSON and CSV). */
let t: TestApp;
let s: StaffShop;
const get = (url: string, headers = s.auth.staff) => t.get(url, { host: s.host, headers });
const post = (url: string, body: unknown, headers = s.auth.staff) =>
  t.post(url, body, { host: s.host, headers });
const move = (uid: string, action: string, headers = s.auth.staff) =>
  post(`/api/v5/staff/orders/${uid}/transition/`, { action }, headers);
const memberSees = async (uid: string) =>
  (await t.get(`/api/v5/me/orders/${uid}/`, { host: s.host, headers: s.auth.ana })).data.status;

/** RFC 4180 reading of the download (quotes, doubled quotes, commas and newlines inside quotes), BOM dropped. */
function parse(text: string, _options?: { bom: boolean }): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

async function stockAt(place: string): Promise<number> {
  const rows = await t.db
    .select({ stock: placeProducts.stock })
    .from(placeProducts)
    .where(and(eq(placeProducts.appId, s.app.uid), eq(placeProducts.placeUid, place)));
  return rows.reduce((sum, r) => sum + (r.stock ?? 0), 0);
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'stafforders');
});
after(() => t?.close());

describe('orders board', () => {
  test('lists the company orders newest first with billing, client and the actions allowed now; filters by status and place', async () => {
    const first = await placeOrder(t, s, s.auth.ana, s.places.a);
    const second = await placeOrder(t, s, s.auth.ana, s.places.a, { delivery: true });
    const res = await get('/api/v5/staff/orders/');
    assert.equal(res.statusCode, 200, res.body);
    const uids = res.data.results.map((o: { uid: string }) => o.uid);
    assert.ok(uids.indexOf(second.uid) < uids.indexOf(first.uid));
    const o = res.data.results.find((x: { uid: string }) => x.uid === first.uid);
    assert.equal(o.status, 'RECEIVED');
    assert.deepEqual(o.actions, ['accept', 'cancel']);
    assert.equal(o.billing.email, 'ana@staff.test');
    assert.equal(o.client.uid, s.users.ana.uid);
    assert.equal(o.products.length, 1);
    assert.equal(o.place.uid, s.places.a);

    const atB = await get(`/api/v5/staff/orders/?place_uid=${s.places.b}`);
    assert.equal(atB.data.count, 0);
    const received = await get('/api/v5/staff/orders/?status=RECEIVED&page_size=1');
    assert.equal(received.data.results.length, 1);
    assert.ok(received.data.next);
    const bad = await get('/api/v5/staff/orders/?status=LOST');
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.status);
    const rivalOrder = await placeOrder(t, s, s.auth.rosa, s.places.rival);
    assert.ok(
      !(await get('/api/v5/staff/orders/?page_size=100')).data.results.some(
        (x: { uid: string }) => x.uid === rivalOrder.uid,
      ),
    );
    assert.equal((await get(`/api/v5/staff/orders/${rivalOrder.uid}/`)).statusCode, 404);
    assert.equal((await get('/api/v5/staff/orders/not-a-uid/')).statusCode, 404);
  });

  test('a pickup order goes RECEIVED -> ACCEPTED -> DELIVERED only, and the member sees each status', async () => {
    const o = await placeOrder(t, s, s.auth.ana, s.places.a);
    const ship = await move(o.uid, 'ship');
    assert.equal(ship.statusCode, 400);
    assert.deepEqual(ship.data, {
      non_field_errors: ['El pedido ya está «Recibido» y no puede pasar a «Enviado».'],
    });
    const accepted = await move(o.uid, 'accept');
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.data.status, 'ACCEPTED');
    assert.deepEqual(accepted.data.actions, ['cancel', 'deliver', 'ready']);
    assert.equal(await memberSees(o.uid), 'ACCEPTED');
    assert.equal((await move(o.uid, 'ship')).statusCode, 400);
    const delivered = await move(o.uid, 'deliver');
    assert.equal(delivered.data.status, 'DELIVERED');
    assert.deepEqual(delivered.data.actions, []);
    assert.equal(await memberSees(o.uid), 'DELIVERED');
    const late = await move(o.uid, 'cancel');
    assert.equal(late.statusCode, 400);
    const unknown = await move(o.uid, 'teleport');
    assert.equal(unknown.statusCode, 400);
    assert.ok(unknown.data.action);
  });

  test('a delivery order is shipped before it is delivered', async () => {
    const o = await placeOrder(t, s, s.auth.ana, s.places.a, { delivery: true });
    assert.equal((await move(o.uid, 'accept')).statusCode, 200);
    assert.equal((await move(o.uid, 'deliver')).statusCode, 400);
    assert.equal((await move(o.uid, 'ship')).data.status, 'SHIPPED');
    assert.equal(await memberSees(o.uid), 'SHIPPED');
    assert.equal((await move(o.uid, 'deliver')).data.status, 'DELIVERED');
  });

  test('cancelling gives the stock back once; two staff accepting at once: one wins', async () => {
    const before = await stockAt(s.places.a);
    const o = await placeOrder(t, s, s.auth.ana, s.places.a, { quantity: 3 });
    assert.equal(await stockAt(s.places.a), before - 3);
    const cancelled = await move(o.uid, 'cancel');
    assert.equal(cancelled.data.status, 'CANCELED_BY_PLACE');
    assert.equal(await stockAt(s.places.a), before);
    assert.equal((await move(o.uid, 'cancel')).statusCode, 400);
    assert.equal(await stockAt(s.places.a), before);
    assert.equal(await memberSees(o.uid), 'CANCELED_BY_PLACE');

    const race = await placeOrder(t, s, s.auth.ana, s.places.a);
    const results = await Promise.all([
      move(race.uid, 'accept'),
      move(race.uid, 'accept', s.auth.owner),
      move(race.uid, 'accept', s.auth.owner),
    ]);
    assert.deepEqual(
      results.map((r) => r.statusCode).sort(),
      [200, 400, 400],
      results.map((r) => r.body).join('\n'),
    );
  });
});

describe('orders board: ready for pickup, reasons and new orders', () => {
  // These tests place more cash orders than one member may hold open at once.
  before(() =>
    t.db
      .update(apps)
      .set({ maxUnpaidOrders: 100 })
      .where(eq(apps.uid, (s.app as { uid: string }).uid)),
  );

  test('a pickup order is marked ready once (it stays ACCEPTED), never a delivery or a received one', async () => {
    const o = await placeOrder(t, s, s.auth.ana, s.places.a);
    const early = await move(o.uid, 'ready');
    assert.equal(early.statusCode, 400, early.body);
    assert.deepEqual(early.data, {
      non_field_errors: [
        'Solo un pedido de recojo aceptado puede marcarse listo para recoger, y una sola vez.',
      ],
    });
    assert.equal((await move(o.uid, 'accept')).statusCode, 200);
    const marks = await Promise.all([
      move(o.uid, 'ready'),
      move(o.uid, 'ready', s.auth.owner),
      move(o.uid, 'ready', s.auth.owner),
    ]);
    assert.deepEqual(
      marks.map((r) => r.statusCode).sort(),
      [200, 400, 400],
      marks.map((r) => r.body).join('\n'),
    );
    const ready = marks.find((r) => r.statusCode === 200)!.data;
    assert.equal(ready.status, 'ACCEPTED');
    assert.ok(ready.ready_at);
    assert.deepEqual(ready.actions, ['cancel', 'deliver']);
    const mine = await t.get(`/api/v5/me/orders/${o.uid}/`, { host: s.host, headers: s.auth.ana });
    assert.equal(mine.data.ready_at, ready.ready_at, 'the member sees it ready');
    assert.equal((await move(o.uid, 'deliver')).data.status, 'DELIVERED');

    const delivery = await placeOrder(t, s, s.auth.ana, s.places.a, { delivery: true });
    await move(delivery.uid, 'accept');
    assert.equal((await move(delivery.uid, 'ready')).statusCode, 400);
  });

  test("a cancel keeps the store's reason for the member; 'other' needs the words", async () => {
    const o = await placeOrder(t, s, s.auth.ana, s.places.a);
    const url = `/api/v5/staff/orders/${o.uid}/transition/`;
    const wordless = await post(url, { action: 'cancel', reason: 'other' });
    assert.equal(wordless.statusCode, 400, wordless.body);
    assert.deepEqual(wordless.data, { reason_note: ['Este campo es requerido'] });
    const unknown = await post(url, { action: 'cancel', reason: 'expired' });
    assert.equal(unknown.statusCode, 400, "expired is the server's own reason");
    assert.ok(unknown.data.reason);
    const long = await post(url, {
      action: 'cancel',
      reason: 'other',
      reason_note: 'x'.repeat(201),
    });
    assert.equal(long.statusCode, 400);
    assert.ok(long.data.reason_note);
    assert.equal(await memberSees(o.uid), 'RECEIVED', 'nothing written by a refused cancel');
    const done = await post(url, {
      action: 'cancel',
      reason: 'out_of_stock',
      reason_note: '  Se acabó la torta  ',
    });
    assert.equal(done.statusCode, 200, done.body);
    const mine = await t.get(`/api/v5/me/orders/${o.uid}/`, { host: s.host, headers: s.auth.ana });
    assert.equal(mine.data.cancel_reason, 'out_of_stock');
    assert.equal(mine.data.cancel_note, 'Se acabó la torta');
  });

  test("the new orders of the last minutes: the company's, newest first, not another's", async () => {
    const o = await placeOrder(t, s, s.auth.ana, s.places.a);
    const rival = await placeOrder(t, s, s.auth.rosa, s.places.rival);
    const res = await get('/api/v5/staff/orders/recent/');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.window_seconds, 600);
    assert.ok(Date.parse(res.data.now));
    assert.equal(res.data.results[0].uid, o.uid);
    assert.equal(res.data.results[0].number, o.number);
    assert.equal(res.data.results[0].place.uid, s.places.a);
    assert.ok(!res.body.includes(rival.uid));
    assert.equal((await get('/api/v5/staff/orders/recent/', s.auth.validator)).statusCode, 403);
  });
});

describe('records report', () => {
  let pointsLine: string;
  before(async () => {
    await post('/api/v5/staff/stamps/', {
      client_uid: s.users.ana.uid,
      program_uid: s.programs.club,
      place_uid: s.places.b,
      quantity: 2,
    });
    const points = await post('/api/v5/staff/points/', {
      client_uid: s.users.ana.uid,
      program_uid: s.programs.club,
      amount: 7,
      description: '=HYPERLINK("http://x")',
    });
    assert.equal(points.statusCode, 201, points.body);
    pointsLine = points.data.entry.uid;
    const red = await post('/api/v5/staff/redemptions/', {
      client_uid: s.users.ana.uid,
      promotion_uid: s.promotionUid('Desayuno 20%'),
      place_uid: s.places.a,
      amount: '25.50',
    });
    assert.equal(red.statusCode, 201, red.body);
    // A line of the rival company: never in this report.
    const rival = await post(
      '/api/v5/staff/stamps/',
      {
        client_uid: s.users.rosa.uid,
        program_uid: s.programs.rival,
        place_uid: s.places.rival,
        quantity: 1,
      },
      s.auth.rival,
    );
    assert.equal(rival.statusCode, 201, rival.body);
  });

  test('JSON: every kind, newest first, filtered by kind, place and days', async () => {
    const all = await get('/api/v5/staff/records/?page_size=100');
    assert.equal(all.statusCode, 200, all.body);
    const kinds = new Set(all.data.results.map((r: { kind: string }) => r.kind));
    assert.deepEqual([...kinds].sort(), ['orders', 'points', 'redemptions', 'stamps']);
    const dates = all.data.results.map((r: { date: string }) => r.date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.ok(!all.body.includes(s.users.rosa.uid));

    const redemptions = await get('/api/v5/staff/records/?kind=redemptions');
    assert.equal(redemptions.data.count, 1);
    const r = redemptions.data.results[0];
    assert.equal(r.amount, '25.50');
    assert.equal(r.place.uid, s.places.a);
    assert.equal(r.client.name, 'Ana Prueba');
    assert.equal(r.staff.name, 'Sara Prueba');
    assert.equal(r.description, 'Desayuno 20%');

    const points = await get('/api/v5/staff/records/?kind=points');
    assert.equal(points.data.results[0].quantity, 7);
    assert.equal(points.data.results[0].place, null);
    const atB = await get(`/api/v5/staff/records/?place_uid=${s.places.b}`);
    assert.deepEqual(
      atB.data.results.map((x: { kind: string }) => x.kind),
      ['stamps'],
    );
    const orders = await get('/api/v5/staff/records/?kind=orders');
    assert.ok(orders.data.count >= 5);
    assert.ok(
      orders.data.results.every(
        (x: { description: string; amount: string }) =>
          x.description.startsWith('Pedido ') && x.amount,
      ),
    );

    const lima = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const today = await get(
      `/api/v5/staff/records/?date_from=${lima}&date_to=${lima}&page_size=100`,
    );
    assert.equal(today.data.count, all.data.count);
    const future = await get('/api/v5/staff/records/?date_from=2099-01-01');
    assert.equal(future.data.count, 0);
    const past = await get('/api/v5/staff/records/?date_to=2020-01-01');
    assert.equal(past.data.count, 0);
    const swapped = await get('/api/v5/staff/records/?date_from=2026-02-01&date_to=2026-01-01');
    assert.equal(swapped.statusCode, 400);
    assert.deepEqual(swapped.data, { date_from: [messageText(staffMessages.dateRange)] });
    const badDate = await get('/api/v5/staff/records/?date_from=ayer');
    assert.equal(badDate.statusCode, 400);
    const badKind = await get('/api/v5/staff/records/?kind=coupons');
    assert.equal(badKind.statusCode, 400);
    const paged = await get('/api/v5/staff/records/?page_size=2&page=2');
    assert.equal(paged.data.results.length, 2);
    assert.ok(paged.data.previous);
  });

  test('CSV: a download with the same rows, headers in order, formulas neutralised', async () => {
    const json = await get('/api/v5/staff/records/?page_size=100');
    const res = await get('/api/v5/staff/records.csv');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="registros-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.body, { bom: true }) as string[][];
    assert.deepEqual(rows[0], [...staffRecordsCsvColumns]);
    assert.equal(rows.length - 1, json.data.count);
    const pointsRow = rows.find((r) => r[1] === 'Puntos')!;
    // Times as the store's wall clock reads them (Lima), not UTC instants.
    for (const row of rows.slice(1)) assert.match(row[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const firstJson = json.data.results[0];
    const lima = new Date(Date.parse(firstJson.date) - 5 * 3_600_000).toISOString();
    assert.equal(rows[1][0], `${lima.slice(0, 10)} ${lima.slice(11, 16)}`);
    // Statuses in Spanish words.
    const statuses = new Set(
      rows
        .slice(1)
        .map((r) => r[8])
        .filter(Boolean),
    );
    assert.ok(statuses.size > 0, 'some records carry a status');
    for (const status of statuses) assert.doesNotMatch(status, /^[A-Z_]+$/, `${status} in words`);
    assert.equal(pointsRow[5], `'=HYPERLINK("http://x")`);
    assert.equal(pointsRow[7], '7');
    const redemption = rows.find((r) => r[1] === 'Canje')!;
    assert.deepEqual(redemption.slice(2, 7), [
      'Local A',
      'Ana Prueba',
      '70000010',
      'Desayuno 20%',
      '25.50',
    ]);
    const onlyStamps = parse((await get(`/api/v5/staff/records.csv?kind=stamps`)).body, {
      bom: true,
    }) as string[][];
    assert.deepEqual(
      onlyStamps.slice(1).map((r) => r[1]),
      ['Sellos'],
    );
    const badPlace = await get(`/api/v5/staff/records.csv?place_uid=${s.places.rival}`);
    assert.equal(badPlace.statusCode, 400);
    assert.ok(pointsLine);
  });

  test('CSV of many records is read in batches: every line once, newest first', async () => {
    const company = (
      await t.db
        .select({ companyUid: staffActivity.companyUid })
        .from(staffActivity)
        .where(eq(staffActivity.placeUid, s.places.b))
        .limit(1)
    )[0].companyUid;
    const base = Date.parse('2025-06-01T12:00:00Z');
    // Same second for many rows: the keyset (date, uid) must still give each row once.
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      appId: s.app.uid,
      uid: randomUUID(),
      companyUid: company,
      placeUid: s.places.a,
      programUid: s.programs.club,
      clientUserUid: s.users.ana.uid,
      kind: 'points' as const,
      reference: `bulk-${i}`,
      description: `Bulk ${i}`,
      quantity: 1,
      createdAt: new Date(base + Math.floor(i / 7) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 400)
      await t.db.insert(staffActivity).values(rows.slice(i, i + 400));
    const res = await get(
      '/api/v5/staff/records.csv?kind=points&date_from=2025-06-01&date_to=2025-06-01',
    );
    assert.equal(res.statusCode, 200);
    const lines = (parse(res.body, { bom: true }) as string[][]).slice(1);
    assert.equal(lines.length, 1203);
    assert.equal(new Set(lines.map((l) => l[5])).size, 1203);
    const dates = lines.map((l) => l[0]);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const json = await get(
      '/api/v5/staff/records/?kind=points&date_from=2025-06-01&date_to=2025-06-01',
    );
    assert.equal(json.data.count, 1203);
  });
});

describe('redemptions the member confirms alone', () => {
  test('show in the report and the CSV as self-confirmed, with the counter lines marked as such', async () => {
    const ana = (body: unknown) =>
      t.post('/api/v5/redemption-by-user/', body, { host: s.host, headers: s.auth.ana });
    const atB = await ana({ program_promotion: s.promotionUid('Solo en B') });
    assert.equal(atB.statusCode, 201, atB.body);
    const anywhere = await ana({ program_promotion: s.promotionUid('Una vez'), amount: '12.00' });
    assert.equal(anywhere.statusCode, 201, anywhere.body);
    // A refused confirmation leaves no line.
    const again = await ana({ program_promotion: s.promotionUid('Una vez') });
    assert.equal(again.statusCode, 400, again.body);

    const res = await get('/api/v5/staff/records/?kind=redemptions&page_size=100');
    assert.equal(res.statusCode, 200, res.body);
    const byRef = (uid: string) =>
      res.data.results.filter((r: { description: string; channel: string }) =>
        uid === 'counter' ? r.channel === 'COUNTER' : r.description === uid,
      );
    const selfB = byRef('Solo en B');
    assert.equal(selfB.length, 1);
    assert.equal(selfB[0].channel, 'SELF');
    assert.equal(selfB[0].staff, null);
    assert.equal(selfB[0].client.name, 'Ana Prueba');
    assert.equal(selfB[0].status, 'USED');
    // The promotion runs at one place only: the line is that place's.
    assert.equal(selfB[0].place.uid, s.places.b);
    const selfAnywhere = byRef('Una vez');
    assert.equal(selfAnywhere.length, 1);
    assert.equal(selfAnywhere[0].channel, 'SELF');
    assert.equal(selfAnywhere[0].place, null);
    assert.equal(selfAnywhere[0].amount, '12.00');
    assert.deepEqual(
      byRef('counter').map((r: { description: string }) => r.description),
      ['Desayuno 20%'],
    );
    const orders = await get('/api/v5/staff/records/?kind=orders');
    assert.equal(orders.data.results[0].channel, 'ONLINE');

    // Another company's staff never see it.
    const rival = await get('/api/v5/staff/records/?kind=redemptions', s.auth.rival);
    assert.ok(!rival.body.includes('Solo en B'));

    const csv = parse((await get('/api/v5/staff/records.csv?kind=redemptions')).body);
    const channel = csv[0].indexOf('canal');
    assert.ok(channel > 0);
    const row = (description: string) => csv.find((r) => r[5] === description)!;
    assert.equal(row('Solo en B')[channel], 'Confirmado por el cliente');
    assert.equal(row('Solo en B')[2], 'Local B');
    assert.equal(row('Solo en B')[9], '');
    assert.equal(row('Una vez')[channel], 'Confirmado por el cliente');
    assert.equal(row('Desayuno 20%')[channel], 'Mostrador');
  });
});
