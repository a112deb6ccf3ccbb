import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loyaltyMessages, type Promotion, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { newProgramMember } from './support/loyalty';
import { registerMember } from './support/accounts';

let t: TestApp;
let club: string;
let appUid: string;
let demo: { authorization: string };
let byKey: Record<string, Promotion>;
let places: { uid: string; name: string }[];

const newClubMember = (coins = 0, stamps = 0) =>
  newProgramMember(t, { host: 'localhost', appUid, program: club }, { coins, stamps });
const promotionsUrl = () => `/api/v5/me/programs/${club}/promotions/`;
const redeem = (auth: object, body: unknown) =>
  t.post('/api/v5/redemption-by-user/', body, { headers: auth as Record<string, string> });
const purchase = (auth: object, uid: string) =>
  t.post(
    `/api/v5/me/programs/${club}/promotions/${uid}/purchase/`,
    {},
    { headers: auth as Record<string, string> },
  );
const nonField = (res: { data: { non_field_errors?: string[] } }) => res.data.non_field_errors?.[0];

before(async () => {
  t = await startTestApp();
  appUid = (await t.appOf('localhost')).uid;
  club = (await t.get('/api/v5/programs/')).data.results[0].uid;
  const login = await t.post('/api/v5/login/', {
    email: 'demo@aurora.pe',
    password: 'Aurora2026!',
  });
  demo = { authorization: `Token ${login.data.token}` };
  const list = await t.get(promotionsUrl(), { headers: demo });
  byKey = Object.fromEntries(list.data.results.map((p: Promotion) => [p.name, p]));
  places = (await t.get('/api/v7/places/')).data.results;
});
after(() => t?.close());

const P = {
  breakfast: '20% en desayunos',
  coffee: 'Café americano gratis',
  cake: 'S/ 5 de descuento en tortas',
  sandwich: 'Sándwich de la casa a S/ 12',
  giftCard: 'Gift card de S/ 50',
  stamps: '10 sellos = 1 capuchino',
};

describe('GET v5/me/programs/{uid}/promotions/', () => {
  test('lists current promotions (not ended ones) with kinds, money as strings and 24 a page', async () => {
    const res = await t.get(promotionsUrl(), { headers: demo });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.data.results.map((p: Promotion) => p.name).sort(),
      Object.values(P).sort(),
    );
    const cake = byKey[P.cake];
    assert.equal(cake.kind, 'FIXED_DISCOUNT');
    assert.equal(cake.fixed_discount, '5.00');
    assert.equal(cake.coin_price, 30);
    assert.equal(byKey[P.giftCard].stock, 1);
    assert.equal(byKey[P.breakfast].max_amount, '60.00');
    assert.equal(byKey[P.breakfast].rate_discount, 20);
    assert.equal(byKey[P.coffee].state, 'not_acquired');
    const one = await t.get(`${promotionsUrl()}?page_size=1`, { headers: demo });
    assert.equal(one.data.results.length, 1);
    assert.ok(one.data.next);
  });
  test('ordering=-rate_discount puts the biggest discount first', async () => {
    const res = await t.get(`${promotionsUrl()}?ordering=-rate_discount`, { headers: demo });
    assert.equal(res.data.results[0].name, P.breakfast);
  });
  test('filters kind, search, tag and place (promotions without places count everywhere)', async () => {
    const kind = await t.get(`${promotionsUrl()}?kind=GIFT`, { headers: demo });
    assert.deepEqual(
      kind.data.results.map((p: Promotion) => p.name),
      [P.coffee],
    );
    const search = await t.get(`${promotionsUrl()}?search=${encodeURIComponent('sándwich')}`, {
      headers: demo,
    });
    assert.deepEqual(
      search.data.results.map((p: Promotion) => p.name),
      [P.sandwich],
    );
    const tag = await t.get(`${promotionsUrl()}?tag=postres`, { headers: demo });
    assert.deepEqual(
      tag.data.results.map((p: Promotion) => p.name),
      [P.cake],
    );
    const yanahuara = places.find((p) => p.name === 'Aurora Yanahuara')!.uid;
    const there = await t.get(`${promotionsUrl()}?place=${yanahuara}`, { headers: demo });
    assert.ok(!there.data.results.some((p: Promotion) => p.name === P.cake));
    assert.equal(there.data.results.length, Object.keys(P).length - 1);
    const hostile = await t.get(`${promotionsUrl()}?search=${encodeURIComponent("%' OR 1=1 --")}`, {
      headers: demo,
    });
    assert.equal(hostile.statusCode, 200);
    assert.equal(hostile.data.count, 0);
  });
  test('tagged=true: featured ones plus those the member can afford now', async () => {
    const demoTagged = await t.get(`${promotionsUrl()}?tagged=true`, { headers: demo });
    assert.deepEqual(
      demoTagged.data.results.map((p: Promotion) => p.name).sort(),
      [P.breakfast, P.coffee, P.cake, P.sandwich, P.giftCard].sort(),
    );
    const poor = await newClubMember();
    const poorTagged = await t.get(`${promotionsUrl()}?tagged=true`, { headers: poor.auth });
    assert.deepEqual(
      poorTagged.data.results.map((p: Promotion) => p.name).sort(),
      [P.breakfast, P.coffee].sort(),
    );
    const stamper = await newClubMember(0, 10);
    const stamperTagged = await t.get(`${promotionsUrl()}?tagged=true`, { headers: stamper.auth });
    assert.ok(stamperTagged.data.results.some((p: Promotion) => p.name === P.stamps));
  });
  test('bad queries are 400 field errors; foreign programs 404', async () => {
    for (const q of [
      'ordering=price',
      'kind=FREE',
      'tagged=yes',
      'page_size=0',
      'page_size=1000',
      'page=-1',
    ]) {
      const res = await t.get(`${promotionsUrl()}?${q}`, { headers: demo });
      assert.equal(res.statusCode, 400, q);
      assert.equal(typeof res.data, 'object');
    }
    assert.equal((await t.get(`${promotionsUrl()}?place=nope`, { headers: demo })).data.count, 0);
    const other = await registerMember(t, 'rockypez.localhost');
    assert.equal(
      (await t.get(promotionsUrl(), { host: 'rockypez.localhost', headers: other.auth }))
        .statusCode,
      404,
    );
    assert.equal((await t.get(promotionsUrl())).statusCode, 401);
  });
});

describe('GET .../promotions/{uid}/', () => {
  test('shows a promotion with the member state; unknown ones are 404', async () => {
    const res = await t.get(`${promotionsUrl()}${byKey[P.cake].uid}/`, { headers: demo });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.data.places.map((p: { name: string }) => p.name).sort(), [
      'Aurora Barranco',
      'Aurora Miraflores',
    ]);
    assert.equal(
      (await t.get(`${promotionsUrl()}${crypto.randomUUID()}/`, { headers: demo })).statusCode,
      404,
    );
    assert.equal((await t.get(`${promotionsUrl()}x/`, { headers: demo })).statusCode, 404);
  });
});

describe('POST v5/redemption-by-user/', () => {
  test('redeems a free promotion once; the second time it has already been used', async () => {
    const m = await newClubMember();
    const first = await redeem(m.auth, { program_promotion: byKey[P.coffee].uid });
    assert.equal(first.statusCode, 201, JSON.stringify(first.data));
    assert.equal(first.data.status, 'USED');
    assert.match(first.data.code, /^[A-Z2-9]{10}$/);
    const second = await redeem(m.auth, { program_promotion: byKey[P.coffee].uid });
    assert.equal(second.statusCode, 400);
    assert.equal(nonField(second), messageText(loyaltyMessages.alreadyUsed));
    const detail = await t.get(`${promotionsUrl()}${byKey[P.coffee].uid}/`, { headers: m.auth });
    assert.equal(detail.data.state, 'already_used');
  });
  test('the amount must not exceed the maximum', async () => {
    const m = await newClubMember();
    const over = await redeem(m.auth, {
      program_promotion: byKey[P.breakfast].uid,
      amount: '60.01',
    });
    assert.equal(over.statusCode, 400);
    assert.deepEqual(over.data.amount, [messageText(loyaltyMessages.amountExceedsMaximum)]);
    const ok = await redeem(m.auth, { program_promotion: byKey[P.breakfast].uid, amount: '60.00' });
    assert.equal(ok.statusCode, 201);
    assert.equal(ok.data.amount, '60.00');
  });
  test('an ended promotion can no longer be used', async () => {
    const m = await newClubMember();
    const ended = (
      await t.get('/api/v5/me/programs/' + club + '/promotions/?page_size=100', { headers: demo })
    ).data.results.length;
    assert.equal(ended, Object.keys(P).length);
    // The ended one is not listed but is still known by uid.
    const { tenantUid } = await import('../src/lib/uid');
    const summer = tenantUid('demo', 'promotion', 'aurora-club/verano-15');
    const detail = await t.get(`${promotionsUrl()}${summer}/`, { headers: m.auth });
    assert.equal(detail.statusCode, 200, JSON.stringify(detail.data));
    assert.equal(detail.data.state, 'no_longer_usable');
    const res = await redeem(m.auth, { program_promotion: summer });
    assert.equal(nonField(res), messageText(loyaltyMessages.noLongerUsable));
  });
  test('the member limit: a third-use limit answers the limit message', async () => {
    const m = await newClubMember(200);
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await redeem(m.auth, { program_promotion: byKey[P.cake].uid })).statusCode,
        201,
      );
    const fourth = await redeem(m.auth, { program_promotion: byKey[P.cake].uid });
    assert.equal(nonField(fourth), messageText(loyaltyMessages.limitExceeded));
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/`, { headers: m.auth })).data.balances.coins,
      110,
    );
    assert.equal(
      (await t.get(`${promotionsUrl()}${byKey[P.cake].uid}/`, { headers: m.auth })).data.state,
      'limit_exceeded',
    );
  });
  test('stamps are spent; too few answer the stamps message', async () => {
    const poor = await newClubMember(0, 9);
    assert.equal(
      nonField(await redeem(poor.auth, { program_promotion: byKey[P.stamps].uid })),
      messageText(loyaltyMessages.notEnoughStamps),
    );
    const rich = await newClubMember(0, 12);
    const res = await redeem(rich.auth, { program_promotion: byKey[P.stamps].uid });
    assert.equal(res.statusCode, 201);
    assert.equal(res.data.stamps_spent, 10);
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/`, { headers: rich.auth })).data.balances.stamps,
      2,
    );
  });
  test('non-members, bad and hostile bodies', async () => {
    const outsider = await registerMember(t, 'localhost');
    assert.equal(
      nonField(await redeem(outsider.auth, { program_promotion: byKey[P.coffee].uid })),
      messageText(loyaltyMessages.notMember),
    );
    const m = await newClubMember();
    for (const body of [
      {},
      { program_promotion: '' },
      { program_promotion: 7 },
      { program_promotion: 'x' },
      { program_promotion: crypto.randomUUID() },
    ]) {
      const res = await redeem(m.auth, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(Array.isArray(res.data.program_promotion), JSON.stringify(res.data));
    }
    for (const amount of ['abc', '-1', '1e5', '10.999', 12]) {
      const res = await redeem(m.auth, { program_promotion: byKey[P.breakfast].uid, amount });
      assert.equal(res.statusCode, 400, String(amount));
      assert.ok(Array.isArray(res.data.amount), JSON.stringify(res.data));
    }
    assert.equal(
      (await t.post('/api/v5/redemption-by-user/', { program_promotion: byKey[P.coffee].uid }))
        .statusCode,
      401,
    );
    // A promotion of another tenant is not found from here.
    const other = await registerMember(t, 'rockypez.localhost');
    const foreign = await t.post(
      '/api/v5/redemption-by-user/',
      { program_promotion: byKey[P.coffee].uid },
      { host: 'rockypez.localhost', headers: other.auth },
    );
    assert.equal(foreign.statusCode, 400);
    assert.deepEqual(foreign.data.program_promotion, [
      messageText(loyaltyMessages.promotionNotFound),
    ]);
  });
});

describe('POST .../promotions/{uid}/purchase/', () => {
  test('buys with coins: ACTIVE unit, coins spent in the ledger, then used at the venue without paying again', async () => {
    const m = await newClubMember(60);
    const bought = await purchase(m.auth, byKey[P.sandwich].uid);
    assert.equal(bought.statusCode, 201, JSON.stringify(bought.data));
    assert.equal(bought.data.status, 'ACTIVE');
    assert.equal(bought.data.coins_spent, 50);
    const ledger = (
      await t.get(`/api/v5/me/programs/${club}/ledger/?currency=COINS`, { headers: m.auth })
    ).data.results;
    assert.deepEqual(
      ledger.map((l: { kind: string; amount: number; reference: string }) => [
        l.kind,
        l.amount,
        l.reference,
      ]),
      [
        ['spend', -50, bought.data.uid],
        ['earn', 60, null],
      ],
    );
    assert.equal(
      (await t.get(`${promotionsUrl()}${byKey[P.sandwich].uid}/`, { headers: m.auth })).data.state,
      'active',
    );
    const used = await redeem(m.auth, { program_promotion: byKey[P.sandwich].uid });
    assert.equal(used.statusCode, 201);
    assert.equal(used.data.uid, bought.data.uid);
    assert.equal(used.data.status, 'USED');
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/`, { headers: m.auth })).data.balances.coins,
      10,
    );
  });
  test('not enough coins; free promotions are not purchased; unknown ones 404', async () => {
    const m = await newClubMember(49);
    assert.equal(
      nonField(await purchase(m.auth, byKey[P.sandwich].uid)),
      messageText(loyaltyMessages.notEnoughCoins),
    );
    assert.equal(
      nonField(await purchase(m.auth, byKey[P.coffee].uid)),
      messageText(loyaltyMessages.notForSale),
    );
    assert.equal((await purchase(m.auth, crypto.randomUUID())).statusCode, 404);
    assert.equal((await purchase(m.auth, 'junk')).statusCode, 404);
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/`, { headers: m.auth })).data.balances.coins,
      49,
    );
  });
  test('the last unit: the second buyer finds the stock exhausted', async () => {
    const a = await newClubMember(100);
    const b = await newClubMember(100);
    assert.equal((await purchase(a.auth, byKey[P.giftCard].uid)).statusCode, 201);
    assert.equal(
      nonField(await purchase(b.auth, byKey[P.giftCard].uid)),
      messageText(loyaltyMessages.stockExhausted),
    );
    const detail = await t.get(`${promotionsUrl()}${byKey[P.giftCard].uid}/`, { headers: b.auth });
    assert.equal(detail.data.stock, 0);
    assert.equal(detail.data.state, 'out_of_stock');
  });
});

describe('GET v5/me/programs/{uid}/redemptions/', () => {
  test("lists the member's own redemptions only, newest first, with filters", async () => {
    const m = await newClubMember(60);
    await purchase(m.auth, byKey[P.sandwich].uid);
    await redeem(m.auth, { program_promotion: byKey[P.coffee].uid });
    const res = await t.get(`/api/v5/me/programs/${club}/redemptions/`, { headers: m.auth });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.data.results.map((r: { promotion: { name: string } }) => r.promotion.name),
      [P.coffee, P.sandwich],
    );
    const active = await t.get(`/api/v5/me/programs/${club}/redemptions/?status=ACTIVE`, {
      headers: m.auth,
    });
    assert.deepEqual(
      active.data.results.map((r: { status: string }) => r.status),
      ['ACTIVE'],
    );
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/redemptions/?status=NOPE`, { headers: m.auth }))
        .statusCode,
      400,
    );
    const other = await newClubMember();
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/redemptions/`, { headers: other.auth })).data.count,
      0,
    );
  });
});

describe('POST v5/programs/{p}/promotions/{uid}/coupon/get-code/', () => {
  const getCode = (auth: object, uid: string) =>
    t.post(`/api/v5/programs/${club}/promotions/${uid}/coupon/get-code/`, undefined, {
      headers: auth as Record<string, string>,
    });
  test('gives a code for an ACTIVE unit, the same one when asked again, usable at the venue', async () => {
    const m = await newClubMember();
    const first = await getCode(m.auth, byKey[P.breakfast].uid);
    assert.equal(first.statusCode, 201, JSON.stringify(first.data));
    assert.match(first.data.code, /^[A-Z2-9]{10}$/);
    assert.equal(first.data.redemption.status, 'ACTIVE');
    const again = await getCode(m.auth, byKey[P.breakfast].uid);
    assert.equal(again.data.code, first.data.code);
    const used = await redeem(m.auth, {
      program_promotion: byKey[P.breakfast].uid,
      amount: '10.00',
    });
    assert.equal(used.data.code, first.data.code);
    assert.equal(used.data.status, 'USED');
  });
  test('400 with a body for the member rules, 406 with a body when the promotion cannot give codes', async () => {
    const poor = await newClubMember();
    const coins = await getCode(poor.auth, byKey[P.sandwich].uid);
    assert.equal(coins.statusCode, 400);
    assert.deepEqual(coins.data.non_field_errors, [messageText(loyaltyMessages.notEnoughCoins)]);
    const { tenantUid } = await import('../src/lib/uid');
    const ended = await getCode(poor.auth, tenantUid('demo', 'promotion', 'aurora-club/verano-15'));
    assert.equal(ended.statusCode, 406);
    assert.deepEqual(ended.data, { detail: messageText(loyaltyMessages.noLongerUsable) });
    assert.equal((await getCode(poor.auth, crypto.randomUUID())).statusCode, 404);
    assert.equal(
      (await t.post(`/api/v5/programs/${club}/promotions/${byKey[P.coffee].uid}/coupon/get-code/`))
        .statusCode,
      401,
    );
  });
});
