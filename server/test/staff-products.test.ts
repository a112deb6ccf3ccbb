import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { loyaltyMessages, staffMessages, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { makeStaffShop, qrProof, type StaffShop } from './support/staff';
import { earn } from '../src/modules/programs/ledger';
import { placeProducts } from '../src/db/schema';

/** Redeemable products at the counter: coins spent and stock taken in one transaction. */
let t: TestApp;
let s: StaffShop;
let appUid: string;
const get = (url: string, headers = s.auth.staff) => t.get(url, { host: s.host, headers });
const post = (url: string, body: unknown, headers = s.auth.staff) =>
  t.post(url, body, { host: s.host, headers });

/** A fresh club member holding `coins`. */
async function memberWithCoins(coins: number) {
  const m = await registerMember(t, s.host);
  const joined = await t.post(
    '/api/v5/me/programs/',
    { program: s.programs.club },
    { host: s.host, headers: m.auth },
  );
  assert.equal(joined.statusCode, 201, joined.body);
  const uid = (await t.get('/api/v5/me/', { host: s.host, headers: m.auth })).data.uid as string;
  if (coins > 0)
    await earn(t.db, {
      appId: appUid,
      programUid: s.programs.club,
      userUid: uid,
      currency: 'COINS',
      amount: coins,
      reason: 'Prueba',
    });
  return uid;
}

async function listing(clientUid: string, placeUid: string, headers = s.auth.staff) {
  const res = await get(
    `/api/v5/staff/clients/${clientUid}/products/?place_uid=${placeUid}`,
    headers,
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.data as {
    program: { uid: string; name: string } | null;
    coins: number;
    products: { uid: string; title: string; coin_price: number; stock: number | null }[];
  };
}

const productUid = async (title: string, placeUid = s.places.b) =>
  (await listing(s.users.ana.uid, placeUid)).products.find((p) => p.title === title)!.uid;

async function stockOf(placeUid: string, product: string) {
  const [row] = await t.db
    .select({ stock: placeProducts.stock })
    .from(placeProducts)
    .where(
      and(
        eq(placeProducts.appId, appUid),
        eq(placeProducts.placeUid, placeUid),
        eq(placeProducts.productUid, product),
      ),
    );
  return row.stock;
}

const redeem = (
  clientUid: string,
  placeUid: string,
  product: string,
  quantity = 1,
  headers = s.auth.staff,
) =>
  post(
    '/api/v5/staff/product-redemptions/',
    {
      client_uid: clientUid,
      place_uid: placeUid,
      product_uid: product,
      quantity,
      proof: qrProof(s, clientUid),
    },
    headers,
  );

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'staffproducts');
  appUid = (s.app as { uid: string }).uid;
});
after(() => t?.close());

describe('staff product redemptions', () => {
  test("the place's redeemable products with the client's coins; nothing of the other company", async () => {
    const client = await memberWithCoins(45);
    const list = await listing(client, s.places.a);
    assert.deepEqual(list.program, { uid: s.programs.club, name: 'Club' });
    assert.equal(list.coins, 45);
    assert.deepEqual(list.products.map((p) => [p.title, p.coin_price, p.stock]).sort(), [
      ['Pin canjeable', 10, null],
      ['Taza canjeable', 30, 1],
    ]);
    // The money-only cake is not redeemable.
    assert.ok(!list.products.some((p) => p.title === 'Torta'));
    const bad = await get(`/api/v5/staff/clients/${client}/products/`);
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.place_uid);
    // The validator works at place B only.
    const elsewhere = await get(
      `/api/v5/staff/clients/${client}/products/?place_uid=${s.places.a}`,
      s.auth.validator,
    );
    assert.equal(elsewhere.statusCode, 400);
    assert.deepEqual(elsewhere.data, { place_uid: [messageText(staffMessages.placeNotAllowed)] });
  });

  test('happy path: coins spent, a records line (JSON and CSV), an uncounted stock stays uncounted', async () => {
    const client = await memberWithCoins(45);
    const pin = await productUid('Pin canjeable');
    const res = await redeem(client, s.places.b, pin, 2, s.auth.validator);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.coins_spent, 20);
    assert.equal(res.data.entry.amount, -20);
    assert.equal(res.data.entry.currency, 'COINS');
    assert.equal(res.data.client.memberships[0].coins, 25);
    assert.equal((await listing(client, s.places.b)).coins, 25);
    assert.equal(await stockOf(s.places.b, pin), null);
    const records = await get('/api/v5/staff/records/?kind=redemptions', s.auth.owner);
    assert.equal(records.statusCode, 200, records.body);
    const line = records.data.results.find(
      (r: { client: { uid: string } | null }) => r.client?.uid === client,
    );
    assert.ok(line, records.body);
    assert.equal(line.description, 'Pin canjeable (20 monedas)');
    assert.equal(line.quantity, 2);
    assert.equal(line.place.uid, s.places.b);
    assert.equal(line.staff.name.startsWith('Victor'), true);
    const csv = await get('/api/v5/staff/records.csv?kind=redemptions', s.auth.owner);
    assert.equal(csv.statusCode, 200);
    assert.ok(csv.body.includes('Pin canjeable (20 monedas)'));
  });

  test('not enough coins and out of stock: the spec messages, nothing spent or taken', async () => {
    const poor = await memberWithCoins(20);
    const mug = await productUid('Taza canjeable');
    const short = await redeem(poor, s.places.b, mug);
    assert.equal(short.statusCode, 400);
    assert.deepEqual(short.data, {
      non_field_errors: [messageText(loyaltyMessages.notEnoughCoins)],
    });
    assert.equal((await listing(poor, s.places.b)).coins, 20);
    assert.equal(await stockOf(s.places.b, mug), 5);

    const rich = await memberWithCoins(1000);
    const tooMany = await redeem(rich, s.places.b, mug, 6);
    assert.equal(tooMany.statusCode, 400);
    assert.deepEqual(tooMany.data, { non_field_errors: ['Out of stock: Taza canjeable'] });
    assert.equal((await listing(rich, s.places.b)).coins, 1000);
    assert.equal(await stockOf(s.places.b, mug), 5);

    const zero = await redeem(rich, s.places.b, mug, 0);
    assert.equal(zero.statusCode, 400);
    assert.deepEqual(zero.data, { quantity: [messageText(staffMessages.quantityPositive)] });
    const unknown = await redeem(rich, s.places.b, 'nope');
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(unknown.data, { product_uid: [messageText(staffMessages.productNotFound)] });
  });

  test('a client in no coins program is told so', async () => {
    const m = await registerMember(t, s.host);
    const uid = (await t.get('/api/v5/me/', { host: s.host, headers: m.auth })).data.uid as string;
    // Joined only the program without coins: a client of the company, but no coins to pay with.
    const joined = await t.post(
      '/api/v5/me/programs/',
      { program: s.programs.plain },
      { host: s.host, headers: m.auth },
    );
    assert.equal(joined.statusCode, 201, joined.body);
    const list = await listing(uid, s.places.b);
    assert.equal(list.program, null);
    assert.equal(list.coins, 0);
    const res = await redeem(uid, s.places.b, await productUid('Pin canjeable'));
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, { non_field_errors: [messageText(staffMessages.noCoinsProgram)] });
  });

  test('concurrent redemptions of the last unit: exactly one succeeds, the stock ends at 0', async () => {
    const mug = await productUid('Taza canjeable', s.places.a);
    const clients = await Promise.all([
      memberWithCoins(100),
      memberWithCoins(100),
      memberWithCoins(100),
    ]);
    const results = await Promise.all(clients.map((c) => redeem(c, s.places.a, mug)));
    assert.deepEqual(
      results.map((r) => r.statusCode).sort(),
      [201, 400, 400],
      results.map((r) => r.body).join('\n'),
    );
    for (const r of results.filter((x) => x.statusCode === 400))
      assert.deepEqual(r.data, { non_field_errors: ['Out of stock: Taza canjeable'] });
    assert.equal(await stockOf(s.places.a, mug), 0);
    const coins = await Promise.all(clients.map(async (c) => (await listing(c, s.places.a)).coins));
    assert.deepEqual(coins.sort(), [100, 100, 70]);
  });

  test('concurrent redemptions of the last coins: exactly one succeeds, the balance never goes below 0', async () => {
    const client = await memberWithCoins(30);
    const mug = await productUid('Taza canjeable');
    const before = await stockOf(s.places.b, mug);
    const results = await Promise.all([1, 2, 3].map(() => redeem(client, s.places.b, mug)));
    assert.deepEqual(
      results.map((r) => r.statusCode).sort(),
      [201, 400, 400],
      results.map((r) => r.body).join('\n'),
    );
    for (const r of results.filter((x) => x.statusCode === 400))
      assert.deepEqual(r.data, { non_field_errors: [messageText(loyaltyMessages.notEnoughCoins)] });
    assert.equal((await listing(client, s.places.b)).coins, 0);
    assert.equal(await stockOf(s.places.b, mug), before! - 1);
  });

  test("the other company's staff: this client not found, this company's product a field error", async () => {
    const client = await memberWithCoins(100);
    const mug = await productUid('Taza canjeable');
    const list = await get(
      `/api/v5/staff/clients/${client}/products/?place_uid=${s.places.rival}`,
      s.auth.rival,
    );
    assert.equal(list.statusCode, 404);
    const res = await redeem(client, s.places.rival, mug, 1, s.auth.rival);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.data, { detail: messageText(staffMessages.clientNotFound) });
    // Their own client with this company's product: not redeemable at their place.
    const own = await redeem(s.users.rosa.uid, s.places.rival, mug, 1, s.auth.rival);
    assert.equal(own.statusCode, 400);
    assert.deepEqual(own.data, { product_uid: [messageText(staffMessages.productNotFound)] });
    // And this company's staff cannot use the rival place.
    const place = await redeem(client, s.places.rival, mug);
    assert.equal(place.statusCode, 400);
    assert.ok(place.data.place_uid);
    assert.equal((await listing(client, s.places.b)).coins, 100);
  });

  test('a GIFT_CARD promotion redeemed by staff: 201 with its credit in the answer and a records line', async () => {
    const client = await memberWithCoins(0);
    const res = await post('/api/v5/staff/redemptions/', {
      client_uid: client,
      promotion_uid: s.promotionUid('Gift card 50'),
      place_uid: s.places.a,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.redemption.promotion.kind, 'GIFT_CARD');
    assert.equal(res.data.redemption.status, 'USED');
    assert.equal(res.data.gift_card_amount, '50.00');
    const other = await post('/api/v5/staff/redemptions/', {
      client_uid: client,
      promotion_uid: s.promotionUid('Desayuno 20%'),
      place_uid: s.places.a,
    });
    assert.equal(other.statusCode, 201, other.body);
    assert.equal(other.data.gift_card_amount, null);
  });

  test('the orders board gives a coins order its coin total (its money total is 0)', async () => {
    const m = await registerMember(t, s.host);
    const auth = { host: s.host, headers: m.auth };
    assert.equal(
      (await t.post('/api/v5/me/programs/', { program: s.programs.club }, auth)).statusCode,
      201,
    );
    const uid = (await t.get('/api/v5/me/', auth)).data.uid as string;
    await earn(t.db, {
      appId: appUid,
      programUid: s.programs.club,
      userUid: uid,
      currency: 'COINS',
      amount: 50,
      reason: 'Prueba',
    });
    const options = (await t.get(`/api/v5/places/${s.places.b}/checkout-options/`, auth)).data;
    const coinsMethod = options.payment_methods.find((x: { type: string }) => x.type === 'COINS');
    assert.ok(coinsMethod, JSON.stringify(options.payment_methods));
    const schedule = (await t.get(`/api/v7/places/${s.places.b}/pickup-schedule/`, auth)).data;
    const order = await t.post(
      `/api/v5/places/${s.places.b}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: { date: schedule.days[0].date, start: schedule.days[0].slots[0].start },
        products: [{ uid: await productUid('Pin canjeable'), quantity: 2, option_groups: [] }],
        payment_method: coinsMethod.uid,
        expected_total: '0.00',
        expected_coin_total: 20,
        billing: {
          first_name: 'Ana',
          last_name: 'Prueba',
          email: 'ana@staff.test',
          phone: '+51911000001',
          city: 'Lima',
          address: 'Av. Arequipa 123',
        },
      },
      auth,
    );
    assert.equal(order.statusCode, 201, order.body);
    const board = await get(`/api/v5/staff/orders/?place_uid=${s.places.b}`, s.auth.owner);
    assert.equal(board.statusCode, 200, board.body);
    const row = board.data.results.find((o: { uid: string }) => o.uid === order.data.uid);
    assert.equal(row.coin_total, 20);
    assert.equal(row.total, '0.00');
  });
});
