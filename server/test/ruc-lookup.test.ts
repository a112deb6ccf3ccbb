import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';
import { makeShop, type Shop } from './support/orders';
import { startRucLookupFake } from './support/ruc-lookup-fake';
import { DecolectaRucLookup } from '../src/modules/receipts/ruc-lookup/decolecta';

/**
 * The factura step's RUC look-up (issue 40): `GET v5/ruc/{ruc}/` answers razón social and fiscal
 * address from a stand-in of Decolecta's SUNAT RUC API; a RUC it lacks is a 404, a provider down
 * or none configured a 503 (the shopper types them), answers are cached, calls rate limited.
 */
let t: TestApp;
let bare: TestApp;
let fake: Awaited<ReturnType<typeof startRucLookupFake>>;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;
const few = { max: 4, windowSeconds: 300 };

before(async () => {
  fake = await startRucLookupFake();
  t = await startTestApp({
    accounts: {
      rateLimits: {
        ...generousRateLimits,
        rucLookup: { address: { max: 100, windowSeconds: 300 }, identity: few, identityTotal: few },
      },
    },
    more: { rucLookup: { provider: new DecolectaRucLookup(fake.url, fake.token) } },
  });
  shop = await makeShop(t, 'ruc-shop');
  member = await shop.member();
});
after(async () => {
  await t?.close();
  await bare?.close();
  await fake?.close();
});

const ask = (ruc: string, auth = member.auth, app = t, host = shop.host) =>
  app.get(`/api/v5/ruc/${ruc}/`, { host, headers: auth });

describe('RUC look-up', () => {
  test('a session is needed: anonymous 401, another tenant’s session 401', async () => {
    assert.equal((await t.get('/api/v5/ruc/20100070970/', { host: shop.host })).statusCode, 401);
    const elsewhere = await makeShop(t, 'ruc-other');
    const theirs = await elsewhere.member();
    assert.equal((await ask('20100070970', theirs.auth)).statusCode, 401);
    assert.equal(fake.state.requests, 0, 'nothing reached the provider');
  });

  test('a RUC without its check digit is a 400 with the field, and never asked of the provider', async () => {
    for (const ruc of ['20100070971', '2010007097', 'abc', '30100070970']) {
      const res = await ask(ruc);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(
        (res.errorCodes?.codes?.ruc ?? []).map((c) => c.code),
        ['receipts.ruc_invalid'],
      );
    }
    assert.equal(fake.state.requests, 0);
  });

  test('a RUC of the register: razón social and fiscal address, asked once then cached', async () => {
    const res = await ask('20100070970');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data, {
      ruc: '20100070970',
      business_name: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
      fiscal_address: 'CAL. MORELLI NRO. 181 INT. P-2, SAN BORJA, LIMA',
      status: 'ACTIVO',
      condition: 'HABIDO',
    });
    assert.equal(fake.state.requests, 1);
    // The provider down: the kept answer still serves.
    fake.state.mode = 'down';
    const again = await ask('20100070970');
    fake.state.mode = 'up';
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(fake.state.requests, 1, 'answered from the cache');
  });

  test('a RUC the register lacks is a 404; the provider down a 503 (the shopper types)', async () => {
    // Another member: the first has used part of their look-ups.
    const buyer = (await shop.member()).auth;
    const missing = await ask('20601030013', buyer);
    assert.equal(missing.statusCode, 404, missing.body);
    assert.equal(missing.errorCodes?.code, 'receipts.ruc_not_found');
    fake.state.mode = 'down';
    const down = await ask('20131312955', buyer);
    fake.state.mode = 'up';
    assert.equal(down.statusCode, 503, down.body);
    assert.equal(down.errorCodes?.code, 'receipts.ruc_lookup_unavailable');
    assert.ok(down.headers['retry-after']);
    // Not kept: once the provider is back it answers ("-" parts of the register left out).
    const back = await ask('20131312955', buyer);
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.data.fiscal_address, '');
  });

  test('over the per-member limit: 429 with Retry-After, whatever the RUC', async () => {
    const other = await shop.member();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await ask('20100070970', other.auth)).statusCode);
    assert.deepEqual(answers, [200, 200, 200, 200, 429, 429]);
    const limited = await ask('20123456786', other.auth);
    assert.equal(limited.statusCode, 429);
    assert.ok(limited.headers['retry-after']);
  });

  test('no provider configured: 503, the shopper types razón social and address', async () => {
    bare = await startTestApp();
    const bareShop = await makeShop(bare, 'ruc-bare');
    const someone = await bareShop.member();
    const res = await ask('20100070970', someone.auth, bare, bareShop.host);
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.errorCodes?.code, 'receipts.ruc_lookup_unavailable');
  });
});
