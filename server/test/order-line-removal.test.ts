import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, stockOf, type Shop } from './support/orders';
import { MercadoPagoFake } from './support/mercadopago-fake';
import { orders, paymentRefunds } from '../src/db/schema';
import { reconcilePayments } from '../src/modules/payments/updates';
import { totalsAfterRemoval } from '../src/modules/orders/line-removal';

/**
 * Removing a line from a paid order before it is prepared (staff counter and back office): the
 * totals computed again, the stock back, the difference refunded through Mercado Pago's SDK
 * against the local fake, never more than was paid, even with removals racing.
 */
const credentials = {
  public_key: 'TEST-pk-lines-0f1e2d3c',
  access_token: 'TEST-1234567890-445566-lines-aabbccddeeff00112233445566778899',
  webhook_secret: 'whsec-lines-test-0123456789abcdef',
};
let t: TestApp;
let fake: MercadoPagoFake;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;
const auth: Record<'owner' | 'staff', Record<string, string>> = { owner: {}, staff: {} };

before(async () => {
  fake = await new MercadoPagoFake(new Set([credentials.access_token])).start();
  t = await startTestApp();
  shop = await makeShop(t, 'lines-shop', { stock: 50, mercadopago: credentials, staff: true });
  member = await shop.member();
  for (const role of ['owner', 'staff'] as const) auth[role] = await shop.signIn(role);
});
after(async () => {
  await t?.close();
  await fake?.stop();
});

const coffeeLine = (quantity = 1) => ({ uid: shop.coffee.uid, quantity, option_groups: [] });

/** A member's pickup order paid by an approved Mercado Pago card (or in cash). */
async function order(products: unknown[], total: string, pay: 'card' | 'cash' = 'card') {
  const res = await t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products,
      expected_total: total,
      payment_method: pay === 'card' ? shop.online : shop.cash,
      ...(pay === 'card'
        ? {
            card: {
              token: fake.cardToken('APRO'),
              payment_method_id: 'visa',
              installments: 1,
              issuer_id: '1',
            },
          }
        : {}),
      billing,
    },
    { host: shop.host, headers: member.auth },
  );
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; total: string; payment_status: string };
}

const orderRow = async (uid: string) =>
  (
    await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.appId, shop.app.uid), eq(orders.uid, uid)))
  )[0];
const refundsOf = (uid: string) =>
  t.db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.appId, shop.app.uid), eq(paymentRefunds.orderUid, uid)));
const paymentOf = async (uid: string) =>
  fake.payments.get(Number((await orderRow(uid)).paymentReference))!;

const staffRemove = (uid: string, body: unknown, who: 'owner' | 'staff' = 'staff') =>
  t.post(`/api/v5/staff/orders/${uid}/remove-line/`, body, {
    host: shop.host,
    headers: auth[who],
  });
const adminRemove = (uid: string, body: unknown) =>
  t.post(`/api/v5/admin/orders/${uid}/remove-line/`, body, {
    host: shop.host,
    headers: auth.owner,
  });

describe('removing a line from an order not prepared yet', () => {
  test('staff remove one of three cakes: total and taxes again, stock back, 10.00 refunded through Mercado Pago, the shopper sees it', async () => {
    const placed = await order([shop.cakeLine(3)], '30.00');
    const stock = await stockOf(t, shop, shop.cake.uid);
    const res = await staffRemove(placed.uid, { position: 0, quantity: 1 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.total, '20.00');
    assert.equal(res.data.subtotal, '20.00');
    // IGV 18 % included: 20.00 * 18 / 118.
    assert.equal(res.data.taxes, '3.05');
    assert.equal(res.data.payment_status, 'PAID', 'a partial refund leaves the order paid');
    assert.equal(res.data.products[0].quantity, 2);
    assert.equal(res.data.products[0].total, '20.00');
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock! + 1);
    const payment = await paymentOf(placed.uid);
    assert.deepEqual(
      payment.refunds.map((r) => r.amount),
      [10],
      'a partial refund of the difference',
    );
    assert.equal(payment.status, 'approved');
    const [refund] = await refundsOf(placed.uid);
    assert.deepEqual([refund.status, refund.amountCents], ['DONE', 1000]);

    const mine = await t.get(`/api/v5/me/orders/${placed.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(mine.statusCode, 200, mine.body);
    assert.equal(mine.data.total, '20.00');
    assert.equal(mine.data.removed_lines.length, 1);
    assert.deepEqual(
      {
        title: mine.data.removed_lines[0].title,
        quantity: mine.data.removed_lines[0].quantity,
        amount: mine.data.removed_lines[0].amount,
        refund: mine.data.removed_lines[0].refund_status,
      },
      { title: 'Torta', quantity: 1, amount: '10.00', refund: 'DONE' },
    );
    // The history: the audit log of the back office names who removed what.
    const audit = await t.get(`/api/v5/admin/audit/?entity=order&entity_uid=${placed.uid}`, {
      host: shop.host,
      headers: auth.owner,
    });
    assert.equal(audit.statusCode, 200, audit.body);
    assert.equal(audit.data.results.length, 1);
    assert.equal(audit.data.results[0].actor.role, 'STAFF');
    assert.equal(audit.data.results[0].after.removed, 1);
    assert.equal(audit.data.results[0].after.refund, 10);
  });

  test('the back office removes a whole line; a later cancel refunds exactly the rest', async () => {
    const placed = await order([shop.cakeLine(1), coffeeLine(2)], '23.00');
    const res = await adminRemove(placed.uid, { position: 1 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.total, '10.00');
    assert.equal(res.data.products.length, 1);
    assert.equal(res.data.refunds.length, 1);
    assert.equal(res.data.refunds[0].amount, '13.00');
    assert.equal(res.data.refunds[0].status, 'DONE');
    const cancel = await t.post(`/api/v5/admin/orders/${placed.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: auth.owner,
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.data.payment_status, 'REFUNDED');
    const payment = await paymentOf(placed.uid);
    assert.deepEqual(
      payment.refunds.map((r) => r.amount),
      [13, 10],
      'the cancel names the amount left, not the whole payment',
    );
    assert.equal(payment.status, 'refunded');
  });

  test('five removals at once of a three-cake order: two happen, never more refunded than paid', async () => {
    const placed = await order([shop.cakeLine(3)], '30.00');
    const stock = await stockOf(t, shop, shop.cake.uid);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        i % 2
          ? adminRemove(placed.uid, { position: 0, quantity: 1 })
          : staffRemove(placed.uid, { position: 0, quantity: 1 }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(codes, [200, 200, 400, 400, 400], answers.map((a) => a.body).join('\n'));
    for (const refused of answers.filter((a) => a.statusCode === 400))
      assert.ok(refused.data.non_field_errors, refused.body);
    const row = await orderRow(placed.uid);
    assert.equal(row.totalCents, 1000);
    const refunds = await refundsOf(placed.uid);
    assert.equal(
      refunds.reduce((sum, r) => sum + r.amountCents, 0),
      2000,
    );
    const payment = await paymentOf(placed.uid);
    assert.equal(
      payment.refunds.reduce((sum, r) => sum + r.amount, 0),
      20,
    );
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock! + 2);
  });

  test('bad requests are 400 with the field, and change nothing', async () => {
    const placed = await order([shop.cakeLine(2)], '20.00');
    const cases: [unknown, string][] = [
      [{ position: 7 }, 'position'],
      [{ position: 0, quantity: 3 }, 'quantity'],
      [{ position: 0, quantity: 0 }, 'quantity'],
      [{ position: 'x' }, 'position'],
      [{}, 'position'],
      [{ position: 0 }, 'non_field_errors'],
    ];
    for (const [body, field] of cases) {
      const res = await staffRemove(placed.uid, body);
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(res.data[field], `${JSON.stringify(body)}: ${res.body}`);
    }
    const unknown = await staffRemove('00000000-0000-0000-0000-000000000000', { position: 0 });
    assert.equal(unknown.statusCode, 404, unknown.body);
    const row = await orderRow(placed.uid);
    assert.equal(row.totalCents, 2000);
    assert.equal((await refundsOf(placed.uid)).length, 0);
    // Shipped / ready: too late.
    for (const action of ['accept', 'ship'])
      assert.equal(
        (
          await t.post(
            `/api/v5/staff/orders/${placed.uid}/transition/`,
            { action },
            { host: shop.host, headers: auth.staff },
          )
        ).statusCode,
        action === 'ship' ? 400 : 200,
      );
    const delivered = await t.post(
      `/api/v5/staff/orders/${placed.uid}/transition/`,
      { action: 'deliver' },
      { host: shop.host, headers: auth.staff },
    );
    assert.equal(delivered.statusCode, 200, delivered.body);
    const late = await staffRemove(placed.uid, { position: 0, quantity: 1 });
    assert.equal(late.statusCode, 400, late.body);
    assert.ok(late.data.non_field_errors, late.body);
    assert.equal((await orderRow(placed.uid)).totalCents, 2000);
  });

  test('a refund Mercado Pago fails is shown pending with its error, and the reconciliation run does it once', async () => {
    const placed = await order([shop.cakeLine(2)], '20.00');
    fake.failRefunds = 4;
    const res = await adminRemove(placed.uid, { position: 0, quantity: 1 });
    fake.failRefunds = 0;
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.total, '10.00');
    assert.equal(res.data.removed_lines[0].refund_status, 'PENDING');
    assert.equal(res.data.refunds[0].status, 'PENDING');
    assert.ok(res.data.refunds[0].last_error, 'the provider error is shown to staff');
    const staffSees = await t.get(`/api/v5/staff/orders/${placed.uid}/`, {
      host: shop.host,
      headers: auth.staff,
    });
    assert.equal(staffSees.data.removed_lines[0].refund_status, 'PENDING');
    await reconcilePayments(t.db, new Date(Date.now() + 2 * 60_000));
    await reconcilePayments(t.db, new Date(Date.now() + 4 * 60_000));
    const payment = await paymentOf(placed.uid);
    assert.deepEqual(
      payment.refunds.map((r) => r.amount),
      [10],
      'refunded once, of the difference',
    );
    const [refund] = await refundsOf(placed.uid);
    assert.equal(refund.status, 'DONE');
    const mine = await t.get(`/api/v5/me/orders/${placed.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(mine.data.removed_lines[0].refund_status, 'DONE');
    assert.equal(mine.data.payment_status, 'PAID');
  });

  test('a cash order: the total goes down, nothing to refund', async () => {
    const placed = await order([shop.cakeLine(1), coffeeLine(1)], '16.50', 'cash');
    const res = await staffRemove(placed.uid, { position: 1 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.total, '10.00');
    assert.equal(res.data.removed_lines[0].refund_status, null);
    assert.equal((await refundsOf(placed.uid)).length, 0);
  });

  test("the coupon's rule on the new subtotal, never a higher total than before", () => {
    const base = { deliveryCents: 500, taxRateBasisPoints: 1800 };
    // 10 % off 100.00 -> remove 40.00: 10 % off 60.00.
    assert.deepEqual(
      totalsAfterRemoval(
        { ...base, subtotalCents: 10_000, discountCents: 1_000, totalCents: 9_500 },
        6_000,
        { kind: 'PERCENT', value: 1_000 },
      ),
      { subtotalCents: 6_000, discountCents: 600, totalCents: 5_900, taxesCents: 900 },
    );
    // 15.00 off, line of 10.00 removed from 20.00: the discount stays within the new subtotal.
    const amount = totalsAfterRemoval(
      { ...base, subtotalCents: 2_000, discountCents: 1_500, totalCents: 1_000 },
      1_000,
      { kind: 'AMOUNT', value: 1_500 },
    );
    assert.equal(amount.discountCents, 1_000);
    assert.equal(amount.totalCents, 500);
    // The coupon made smaller since the purchase: the total still cannot go up.
    const edited = totalsAfterRemoval(
      { ...base, subtotalCents: 6_000, discountCents: 3_000, totalCents: 3_500 },
      5_000,
      { kind: 'AMOUNT', value: 100 },
    );
    assert.ok(edited.totalCents <= 3_500, JSON.stringify(edited));
    // The coupon gone: the discount given, within the new subtotal.
    assert.equal(
      totalsAfterRemoval(
        { ...base, subtotalCents: 6_000, discountCents: 1_000, totalCents: 5_500 },
        4_000,
        null,
      ).discountCents,
      1_000,
    );
  });
});
