import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidRuc } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';

/**
 * "¿Boleta o factura?" at checkout: a boleta with the buyer's DNI (or CE / passport; none needed
 * up to S/ 700), a factura with a RUC whose check digit is right, razón social and fiscal
 * address; the answer is kept on the order and on the member's profile for next time.
 */
let t: TestApp;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'receipts-shop', { stock: 500 });
  member = await shop.member();
});
after(() => t?.close());

async function order(receipt: unknown, quantity = 1) {
  return t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products: [shop.cakeLine(quantity)],
      expected_total: (10 * quantity).toFixed(2),
      payment_method: shop.cash,
      ...(receipt === undefined ? {} : { receipt }),
      billing,
    },
    { host: shop.host, headers: member.auth },
  );
}

describe('boleta or factura', () => {
  test('the RUC check digit (SUNAT modulo 11)', () => {
    for (const ruc of ['20100070970', '20131312955', '20100047218', '20100130204'])
      assert.ok(isValidRuc(ruc), ruc);
    for (const ruc of ['20100070971', '2010007097', '30100070970', 'abcdefghijk', '201000709700'])
      assert.ok(!isValidRuc(ruc), ruc);
  });

  test('bad receipts are 400 with their field, and nothing is ordered', async () => {
    const cases: [unknown, string, string][] = [
      [
        { type: 'factura', ruc: '20100070971', business_name: 'X SAC', fiscal_address: 'Av. 1' },
        'receipt.ruc',
        'receipts.ruc_invalid',
      ],
      [
        { type: 'factura', ruc: '20100070970', business_name: ' ', fiscal_address: 'Av. 1' },
        'receipt.business_name',
        'form.required',
      ],
      [
        { type: 'factura', ruc: '20100070970', business_name: 'X SAC' },
        'receipt.fiscal_address',
        'form.required',
      ],
      [
        { type: 'boleta', document_type: 'DNI', document_number: '1234567' },
        'receipt.document_number',
        'receipts.dni_invalid',
      ],
      [
        { type: 'boleta', document_type: 'CE', document_number: '12' },
        'receipt.document_number',
        'receipts.document_invalid',
      ],
    ];
    const before = (await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth }))
      .data.count;
    for (const [receipt, field, code] of cases) {
      const res = await order(receipt);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.errorCodes?.codes?.[field]?.[0]?.code, code, `${field}: ${res.body}`);
    }
    const other = await order({ type: 'nota' });
    assert.equal(other.statusCode, 400, other.body);
    const extra = await order({ type: 'boleta', ruc: '20100070970' });
    assert.equal(extra.statusCode, 400, extra.body);
    const after = (await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth }))
      .data.count;
    assert.equal(after, before);
  });

  test('a boleta needs no document up to S/ 700, and needs one above it', async () => {
    const small = await order({ type: 'boleta' });
    assert.equal(small.statusCode, 201, small.body);
    assert.deepEqual(small.data.receipt, { type: 'boleta' });
    const big = await order({ type: 'boleta' }, 71);
    assert.equal(big.statusCode, 400, big.body);
    assert.equal(
      big.errorCodes?.codes?.['receipt.document_number']?.[0]?.code,
      'receipts.document_required',
    );
    const none = await order(undefined, 71);
    assert.equal(none.statusCode, 400, 'no receipt reads as a boleta without document');
    const named = await order(
      { type: 'boleta', document_type: 'PASSPORT', document_number: 'ab-123456' },
      71,
    );
    assert.equal(named.statusCode, 201, named.body);
    assert.deepEqual(named.data.receipt, {
      type: 'boleta',
      document_type: 'PASSPORT',
      document_number: 'AB123456',
    });
  });

  test('a factura is kept on the order and on the profile, offered at the next checkout', async () => {
    const factura = {
      type: 'factura',
      ruc: '20100070970',
      business_name: 'Panadería Aurora S.A.C.',
      fiscal_address: 'Av. José Larco 812, Miraflores, Lima',
    };
    const res = await order(factura);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.data.receipt, factura);
    const detail = await t.get(`/api/v5/me/orders/${res.data.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.deepEqual(detail.data.receipt, factura);
    const me = await t.get('/api/v5/me/', { host: shop.host, headers: member.auth });
    assert.deepEqual(me.data.receipt_preference, factura);
    const boleta = await order({
      type: 'boleta',
      document_type: 'DNI',
      document_number: '45678912',
    });
    assert.equal(boleta.statusCode, 201, boleta.body);
    const again = await t.get('/api/v5/me/', { host: shop.host, headers: member.auth });
    assert.deepEqual(again.data.receipt_preference, {
      type: 'boleta',
      document_type: 'DNI',
      document_number: '45678912',
    });
  });
});
