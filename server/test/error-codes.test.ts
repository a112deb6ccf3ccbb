import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorCatalogue, messageText } from '@store/contract';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';
import { makeStaffShop, type StaffShop } from './support/staff';

/**
 * Every error answer names its message by code: `{code, detail, params?}`, or a 400 whose
 * `codes` gives each field's codes beside DRF's texts. These read the raw bodies (`body`),
 * not the test view that sets the codes aside.
 */
let t: TestApp;
let shop: Shop;
let staffShop: StaffShop;

before(async () => {
  t = await startTestApp({
    seedDemo: false,
    accounts: {
      rateLimits: {
        ...generousRateLimits,
        couponCode: {
          address: { max: 2, windowSeconds: 600 },
          identity: { max: 100, windowSeconds: 600 },
          identityTotal: { max: 1000, windowSeconds: 600 },
        },
      },
    },
  });
  shop = await makeShop(t, 'codes', {
    stock: 1,
    coupons: [
      { key: 'old', code: 'VIEJO', kind: 'PERCENT', value: 5, valid_until: '2020-01-01T00:00:00Z' },
    ],
  });
  staffShop = await makeStaffShop(t, 'codes-staff');
});
after(() => t?.close());

const raw = (res: { body: string }) => JSON.parse(res.body) as Record<string, any>;

/** A `{code, detail}` body whose detail is the code's text for the API. */
function assertDetail(res: { statusCode: number; body: string }, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  const body = raw(res);
  assert.equal(body.code, code, res.body);
  assert.ok(Object.hasOwn(errorCatalogue, body.code));
  return body;
}

describe('error answers carry codes', () => {
  test('a schema (zod) field error: texts as DRF writes them, codes beside them', async () => {
    const res = await t.post(
      '/api/v5/login/',
      { email: 'not-an-email', password: '' },
      { host: shop.host },
    );
    assert.equal(res.statusCode, 400, res.body);
    const body = raw(res);
    for (const [field, texts] of Object.entries(body)) {
      if (field === 'codes') continue;
      const codes = body.codes[field] as { code: string; params?: Record<string, string> }[];
      assert.equal(codes.length, (texts as string[]).length, field);
      codes.forEach((c, i) => {
        const ref = c.params ? `${c.code}?${new URLSearchParams(c.params)}` : c.code;
        assert.equal(messageText(ref), (texts as string[])[i], field);
      });
    }
    assert.ok(Object.keys(body.codes).length > 0);
  });

  test('the router 404, a bad JSON body, a service 404 and a 403', async () => {
    assertDetail(
      await t.get('/api/v5/no-such-route/', { host: shop.host }),
      404,
      'common.not_found',
    );
    const badJson = await t.post('/api/v5/login/', '{"email":', {
      host: shop.host,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(badJson.statusCode, 400);
    assert.deepEqual(raw(badJson).codes, { non_field_errors: [{ code: 'common.invalid_json' }] });
    const raffle = await t.get('/api/v5/me/programs/no-such-program/raffles/no-such-raffle/', {
      host: shop.host,
      headers: (await shop.member()).auth,
    });
    assert.equal(raffle.statusCode, 404, raffle.body);
    assert.ok(raw(raffle).code, raffle.body);
    const notStaff = await t.get('/api/v5/staff/subscriptions/skipped-days/', {
      host: staffShop.host,
      headers: staffShop.auth.ana,
    });
    assertDetail(notStaff, 403, 'staff.not_staff');
  });

  test('coupon errors: an unknown code is 404 coupons.not_found, an expired one a coupon field code', async () => {
    const unknown = await t.get(`/api/v5/companies/${shop.place}/validate-code/NOPE/`, {
      host: shop.host,
    });
    const body = assertDetail(unknown, 404, 'coupons.not_found');
    assert.equal(body.detail, 'Este código no existe');
    const expired = await t.get(`/api/v5/companies/${shop.place}/validate-code/VIEJO/`, {
      host: shop.host,
    });
    assert.equal(expired.statusCode, 400, expired.body);
    assert.deepEqual(raw(expired).codes, { non_field_errors: [{ code: 'coupons.expired' }] });
  });

  test('a 429 names common.too_many_requests with its seconds', async () => {
    let res;
    for (let i = 0; i < 3; i++)
      res = await t.get(`/api/v5/companies/${shop.place}/validate-code/GUESS${i}/`, {
        host: shop.host,
      });
    const body = assertDetail(res!, 429, 'common.too_many_requests');
    assert.equal(body.params.seconds, res!.headers['retry-after']);
  });

  test('out of stock: the spec English words in the API, the product as a parameter', async () => {
    const member = await shop.member();
    const order = async () =>
      t.post(
        `/api/v5/places/${shop.place}/orders/`,
        {
          shipping_type: 'pickup',
          pickup: await firstSlot(t, shop),
          products: [shop.cakeLine(1)],
          expected_total: '10.00',
          payment_method: shop.cash,
          billing,
        },
        { host: shop.host, headers: member.auth },
      );
    assert.equal((await order()).statusCode, 201);
    const gone = await order();
    assert.equal(gone.statusCode, 400, gone.body);
    const body = raw(gone);
    assert.deepEqual(body.non_field_errors, ['Out of stock: Torta']);
    assert.deepEqual(body.codes.non_field_errors, [
      { code: 'orders.out_of_stock', params: { product: 'Torta' } },
    ]);
  });
});
