import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, like } from 'drizzle-orm';
import { storeDayStart, storeDateOf } from '@store/contract';
import { mailOutbox } from '../src/db/schema';
import { mailLowStock } from '../src/modules/stock/low-stock';
import { startTestApp, type TestApp } from './support/test-app';
import { makeStaffShop, placeOrder, type StaffShop } from './support/staff';

/**
 * Stock that warns (issue 39, part 3): a low-stock threshold per product and place, the
 * dashboard's list of low and sold-out products, every stock change kept as a movement (who,
 * why, the count after it) in the transaction that made it, and the owner's one mail a day.
 */
let t: TestApp;
let s: StaffShop;
let cake = '';

const owner = () => ({ host: s.host, headers: s.auth.owner });
const patchPlace = (place: string, body: unknown) =>
  t.call('PATCH', `/api/v5/admin/products/${cake}/places/${place}/`, { ...owner(), body });
const movements = async () => {
  const res = await t.get(`/api/v5/admin/products/${cake}/stock-movements/`, owner());
  assert.equal(res.statusCode, 200, res.body);
  return res.data as {
    reason: string;
    delta: number;
    stock_after: number | null;
    place: { uid: string };
    order: { uid: string } | null;
    actor: { name: string } | null;
  }[];
};
const low = async (query = '') => {
  const res = await t.get(`/api/v5/admin/stock/low/${query}`, owner());
  assert.equal(res.statusCode, 200, res.body);
  return res.data as {
    count: number;
    sold_out: number;
    results: {
      product: { title: string };
      place: { uid: string };
      stock: number;
      sold_out: boolean;
    }[];
  };
};

before(async () => {
  t = await startTestApp({ seedDemo: false });
  s = await makeStaffShop(t, 'stockwarn');
  const list = await t.get('/api/v5/admin/products/?q=Torta', owner());
  assert.equal(list.statusCode, 200, list.body);
  cake = list.data.results.find((p: { title: string }) => p.title === 'Torta').uid;
});
after(() => t?.close());

describe('stock that warns', () => {
  test('a threshold per place: at or below it the product is low; at 0 it is sold out', async () => {
    const set = await patchPlace(s.places.a, { low_stock_threshold: 4 });
    assert.equal(set.statusCode, 200, set.body);
    const atA = set.data.places.find((p: { place: { uid: string } }) => p.place.uid === s.places.a);
    assert.equal(atA.low_stock_threshold, 4);
    assert.equal((await low()).results.length, 0, 'stock 10 is above 4');
    await placeOrder(t, s, s.auth.ana, s.places.a, { quantity: 6 });
    const warned = await low();
    assert.deepEqual(
      warned.results.map((r) => [r.product.title, r.place.uid, r.stock, r.sold_out]),
      [['Torta', s.places.a, 4, false]],
    );
    // Place B has no threshold: it warns only once sold out.
    await patchPlace(s.places.b, { stock: 0 });
    const both = await low();
    assert.equal(both.count, 2);
    assert.equal(both.sold_out, 1);
    assert.deepEqual(
      both.results.map((r) => [r.place.uid, r.stock, r.sold_out]),
      [
        [s.places.b, 0, true],
        [s.places.a, 4, false],
      ],
    );
    assert.equal((await low(`?place=${s.places.b}`)).count, 1);
    await patchPlace(s.places.b, { stock: 10 });
  });

  test('bad thresholds and places are field errors', async () => {
    const negative = await patchPlace(s.places.a, { low_stock_threshold: -1 });
    assert.equal(negative.statusCode, 400, negative.body);
    assert.ok(negative.data.low_stock_threshold, negative.body);
    const place = await t.get('/api/v5/admin/stock/low/?place=nope', owner());
    assert.equal(place.statusCode, 400, place.body);
    assert.ok(place.data.place, place.body);
    const product = await t.get(
      '/api/v5/admin/products/00000000-0000-0000-0000-000000000000/stock-movements/',
      owner(),
    );
    assert.equal(product.statusCode, 404, product.body);
  });

  test('every change is a movement with who and why: sale, cancellation, manual edit, import', async () => {
    const before = (await movements()).length;
    const order = await placeOrder(t, s, s.auth.ana, s.places.a, { quantity: 1 });
    const cancel = await t.post(`/api/v5/admin/orders/${order.uid}/cancel/`, undefined, owner());
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal((await patchPlace(s.places.a, { stock: 7 })).statusCode, 200);
    const csv = await t.get('/api/v5/admin/products.csv', owner());
    const edited = csv.body.replace(/^(.*Torta.*?),7,/m, '$1,9,');
    assert.notEqual(edited, csv.body, 'the file carries the stock at A');
    const imported = await t.post(
      '/api/v5/admin/products/import/',
      { csv: edited, dry_run: false },
      owner(),
    );
    assert.equal(imported.statusCode, 200, imported.body);
    const list = await movements();
    const fresh = list.slice(0, list.length - before).reverse();
    assert.deepEqual(
      fresh.map((m) => [m.reason, m.delta, m.stock_after, m.actor?.name ?? null]),
      [
        ['sale', -1, 3, 'Ana Prueba'],
        ['cancellation', 1, 4, 'Olga Prueba'],
        ['manual', 3, 7, 'Olga Prueba'],
        ['import', 2, 9, 'Olga Prueba'],
      ],
    );
    assert.equal(fresh[0].order?.uid, order.uid);
    assert.equal(fresh[1].order?.uid, order.uid);
  });

  test('concurrent buyers of the last units: one movement per sale, counts exact, never oversold', async () => {
    await patchPlace(s.places.a, { stock: 3 });
    const before = (await movements()).length;
    // Six different buyers (one member's unpaid orders are capped), three units.
    const buyers = ['rosa', 'nobody', 'owner', 'staff', 'validator', 'rival'] as const;
    const results = await Promise.allSettled(
      buyers.map((b) => placeOrder(t, s, s.auth[b], s.places.a, { quantity: 1 })),
    );
    const sold = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    assert.equal(sold, 3, refused.join('\n'));
    assert.ok(
      refused.every((r) => /Out of stock|agotado|stock/i.test(r)),
      refused.join('\n'),
    );
    const sales = (await movements()).slice(0, (await movements()).length - before);
    assert.equal(sales.length, 3);
    assert.ok(sales.every((m) => m.reason === 'sale' && m.delta === -1));
    assert.deepEqual(sales.map((m) => m.stock_after).sort(), [0, 1, 2]);
    assert.equal((await low()).results.find((r) => r.place.uid === s.places.a)?.sold_out, true);
  });

  test('the owner gets one mail a day listing them, from 8:00 store time, once across processes', async () => {
    const day = storeDateOf(new Date());
    const early = new Date(storeDayStart(day).getTime() + 7 * 3600_000);
    assert.equal(await mailLowStock(t.db, t.app.mailer, {}, early), 0);
    const morning = new Date(storeDayStart(day).getTime() + 9 * 3600_000);
    // Two processes at once, then a later run the same day.
    await Promise.all([
      mailLowStock(t.db, t.app.mailer, {}, morning),
      mailLowStock(t.db, t.app.mailer, {}, morning),
    ]);
    await mailLowStock(t.db, t.app.mailer, {}, new Date(morning.getTime() + 3600_000));
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.appId, s.app.uid), like(mailOutbox.subject, 'Stock bajo en%')));
    assert.equal(mails.length, 1, 'one owner of the main company, one mail');
    assert.equal(mails[0].to, 'owner@staff.test');
    assert.match(mails[0].text, /Torta \(Local A\): (agotado|quedan \d)/);
    // The next store day, another.
    await mailLowStock(t.db, t.app.mailer, {}, new Date(morning.getTime() + 24 * 3600_000));
    const next = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.appId, s.app.uid), like(mailOutbox.subject, 'Stock bajo en%')));
    assert.equal(next.length, 2);
  });
});
