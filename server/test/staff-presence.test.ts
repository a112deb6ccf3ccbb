import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { staffMessages, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { clubClient, makeStaffShop, qrProof, type StaffShop } from './support/staff';
import { counterCodes, promotions, redemptions } from '../src/db/schema';

/**
 * Proof that the client is at the counter: spending a client's coins, stamps,
 * a unit they hold or a use of a per-member limit needs their member QR, their
 * promotion QR or the one-time code their phone shows, each good once and for
 * two minutes; staff never give themselves points or stamps; every counter
 * action is recorded.
 */
let t: TestApp;
let s: StaffShop;
let appUid: string;
const post = (url: string, body: unknown, headers: Record<string, string> = s.auth.staff) =>
  t.post(url, body, { host: s.host, headers });

/** A fresh club member holding `coins`, with their session (to ask for codes). */
const client = (coins = 0) => clubClient(t, s, coins);

/** The member QR the client's phone shows (`POST v5/me/programs/{uid}/qr/`). */
async function memberQrOf(auth: Record<string, string>) {
  const res = await post(`/api/v5/me/programs/${s.programs.club}/qr/`, {}, auth);
  assert.equal(res.statusCode, 200, res.body);
  return res.data as { qr: string; expires_at: string };
}

async function codeFor(auth: Record<string, string>) {
  const res = await post('/api/v5/me/counter-code/', {}, auth);
  assert.equal(res.statusCode, 200, res.body);
  return res.data as { code: string; expires_at: string };
}

async function pinUid() {
  const res = await t.get(
    `/api/v5/staff/clients/${s.users.ana.uid}/products/?place_uid=${s.places.b}`,
    {
      host: s.host,
      headers: s.auth.staff,
    },
  );
  return (res.data.products as { uid: string; title: string }[]).find(
    (p) => p.title === 'Pin canjeable',
  )!.uid;
}

const redeemPin = async (clientUid: string, proof?: string) =>
  post('/api/v5/staff/product-redemptions/', {
    client_uid: clientUid,
    place_uid: s.places.b,
    product_uid: await pinUid(),
    quantity: 1,
    ...(proof === undefined ? {} : { proof }),
  });

async function coinsOf(clientUid: string) {
  const res = await t.get(`/api/v5/staff/clients/${clientUid}/products/?place_uid=${s.places.b}`, {
    host: s.host,
    headers: s.auth.staff,
  });
  return res.data.coins as number;
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'staffpresence');
  appUid = (s.app as { uid: string }).uid;
});
after(() => t?.close());

describe('the member counter code', () => {
  test('6 digits valid 2 minutes, for signed-in members only', async () => {
    const anonymous = await t.post('/api/v5/me/counter-code/', {}, { host: s.host });
    assert.equal(anonymous.statusCode, 401);
    const c = await client();
    const { code, expires_at } = await codeFor(c.auth);
    assert.match(code, /^\d{6}$/);
    const seconds = (Date.parse(expires_at) - Date.now()) / 1000;
    assert.ok(seconds > 110 && seconds <= 120, `lives 2 minutes, not ${seconds}s`);
    const [row] = await t.db
      .select()
      .from(counterCodes)
      .where(and(eq(counterCodes.appId, appUid), eq(counterCodes.userUid, c.uid)));
    assert.notEqual(row.codeHash, code, 'only a hash is kept');
  });
});

describe('spending coins at the counter needs the client present', () => {
  test('a coin product: no proof, a wrong code, then the right code once; a used code is refused', async () => {
    const c = await client(50);
    const none = await redeemPin(c.uid);
    assert.equal(none.statusCode, 400);
    assert.deepEqual(none.data, { proof: [messageText(staffMessages.proofRequired)] });
    const { code } = await codeFor(c.auth);
    const wrong = await redeemPin(c.uid, code === '000000' ? '000001' : '000000');
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.data, { proof: [messageText(staffMessages.proofInvalid)] });
    const junk = await redeemPin(c.uid, 'abc');
    assert.deepEqual(junk.data, { proof: [messageText(staffMessages.proofInvalid)] });
    assert.equal(await coinsOf(c.uid), 50, 'nothing spent without the proof');

    const ok = await redeemPin(c.uid, code);
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(await coinsOf(c.uid), 40);
    const again = await redeemPin(c.uid, code);
    assert.equal(again.statusCode, 400);
    assert.deepEqual(again.data, { proof: [messageText(staffMessages.proofExpired)] });
    assert.equal(await coinsOf(c.uid), 40);

    // The records report keeps the coin product, as every other counter action.
    const records = await t.get('/api/v5/staff/records/?kind=redemptions', {
      host: s.host,
      headers: s.auth.owner,
    });
    assert.ok(
      (records.data.results as { client: { uid: string }; status: string }[]).some(
        (r) => r.client?.uid === c.uid && r.status === 'PRODUCT',
      ),
      records.body,
    );
  });

  test('an expired code is refused; a new code replaces the old one', async () => {
    const c = await client(50);
    const first = await codeFor(c.auth);
    const second = await codeFor(c.auth);
    if (first.code !== second.code) {
      const old = await redeemPin(c.uid, first.code);
      assert.deepEqual(old.data, { proof: [messageText(staffMessages.proofInvalid)] });
    }
    await t.db
      .update(counterCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(counterCodes.appId, appUid), eq(counterCodes.userUid, c.uid)));
    const expired = await redeemPin(c.uid, second.code);
    assert.equal(expired.statusCode, 400);
    assert.deepEqual(expired.data, { proof: [messageText(staffMessages.proofExpired)] });
    assert.equal(await coinsOf(c.uid), 50);
  });

  test('five wrong tries kill the code: the right one no longer works', async () => {
    const c = await client(50);
    const { code } = await codeFor(c.auth);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await redeemPin(c.uid, wrongCode)).data);
    assert.deepEqual(
      answers.slice(0, 4),
      Array(4).fill({ proof: [messageText(staffMessages.proofInvalid)] }),
    );
    assert.deepEqual(answers[4], { proof: [messageText(staffMessages.proofBlocked)] });
    const right = await redeemPin(c.uid, code);
    assert.equal(right.statusCode, 400);
    assert.deepEqual(right.data, { proof: [messageText(staffMessages.proofBlocked)] });
    assert.equal(await coinsOf(c.uid), 50);
  });

  test("a code is not spent by a refused redemption; another client's code or QR is no proof", async () => {
    const poor = await client(0);
    const { code } = await codeFor(poor.auth);
    const refused = await redeemPin(poor.uid, code);
    assert.equal(refused.statusCode, 400);
    assert.ok(refused.data.non_field_errors, refused.body);
    const [row] = await t.db
      .select()
      .from(counterCodes)
      .where(and(eq(counterCodes.appId, appUid), eq(counterCodes.userUid, poor.uid)));
    assert.equal(row.usedAt, null, 'the code is still good');

    const rich = await client(50);
    const byCode = await redeemPin(rich.uid, code);
    assert.equal(byCode.statusCode, 400);
    const byQr = await redeemPin(rich.uid, qrProof(s, poor.uid));
    assert.deepEqual(byQr.data, { proof: [messageText(staffMessages.proofOtherClient)] });
    const forged = await redeemPin(rich.uid, `${qrProof(s, rich.uid)}x`);
    assert.deepEqual(forged.data, { proof: [messageText(staffMessages.qrInvalid)] });
    assert.equal(await coinsOf(rich.uid), 50);
    const scanned = await redeemPin(rich.uid, qrProof(s, rich.uid));
    assert.equal(scanned.statusCode, 201, scanned.body);
  });

  test('one code used by two redemptions at once: exactly one spends', async () => {
    const c = await client(50);
    const { code } = await codeFor(c.auth);
    const results = await Promise.all([redeemPin(c.uid, code), redeemPin(c.uid, code)]);
    assert.deepEqual(
      results.map((r) => r.statusCode).sort(),
      [201, 400],
      results.map((r) => r.body).join('\n'),
    );
    assert.equal(await coinsOf(c.uid), 40);
  });

  test('promotions paid with coins or stamps need the proof; a free one does not', async () => {
    const c = await client(100);
    const redeem = (name: string, proof?: string) =>
      post('/api/v5/staff/redemptions/', {
        client_uid: c.uid,
        promotion_uid: s.promotionUid(name),
        place_uid: s.places.a,
        ...(proof ? { proof } : {}),
      });
    const coins = await redeem('Con monedas');
    assert.equal(coins.statusCode, 400);
    assert.deepEqual(coins.data, { proof: [messageText(staffMessages.proofRequired)] });
    const stamps = await redeem('5 sellos');
    assert.deepEqual(stamps.data, { proof: [messageText(staffMessages.proofRequired)] });
    assert.equal(await coinsOf(c.uid), 100);

    const withCode = await redeem('Con monedas', (await codeFor(c.auth)).code);
    assert.equal(withCode.statusCode, 201, withCode.body);
    assert.equal(await coinsOf(c.uid), 70);
    const free = await redeem('Desayuno 20%');
    assert.equal(free.statusCode, 201, free.body);
  });
});

describe('a proof of presence works once (issue 35)', () => {
  const redeemCoins = (clientUid: string, proof: string) =>
    post('/api/v5/staff/redemptions/', {
      client_uid: clientUid,
      promotion_uid: s.promotionUid('Con monedas'),
      place_uid: s.places.a,
      proof,
    });

  test('one member QR spends once: the second and third redemptions with it are refused', async () => {
    const c = await client(120);
    const { qr, expires_at } = await memberQrOf(c.auth);
    const seconds = (Date.parse(expires_at) - Date.now()) / 1000;
    assert.ok(seconds > 110 && seconds <= 120, `a member QR lives 2 minutes, not ${seconds}s`);
    const first = await redeemCoins(c.uid, qr);
    assert.equal(first.statusCode, 201, first.body);
    for (const _ of [1, 2]) {
      const again = await redeemCoins(c.uid, qr);
      assert.equal(again.statusCode, 400, again.body);
      assert.deepEqual(again.data, { proof: [messageText(staffMessages.qrUsed)] });
    }
    // The coin product at the counter is refused with the same QR too.
    const product = await redeemPin(c.uid, qr);
    assert.deepEqual(product.data, { proof: [messageText(staffMessages.qrUsed)] });
    assert.equal(await coinsOf(c.uid), 90, 'one spend of 30 coins, not three');
    // Looking the client up by the spent QR still finds them (finding is not spending).
    const found = await post('/api/v5/staff/clients/from-qr/', { code: qr });
    assert.equal(found.statusCode, 200, found.body);
    // A new QR from the phone works.
    const next = await redeemCoins(c.uid, (await memberQrOf(c.auth)).qr);
    assert.equal(next.statusCode, 201, next.body);
  });

  test('a QR not spent by a refused redemption stays good', async () => {
    const c = await client(10);
    const { qr } = await memberQrOf(c.auth);
    const poor = await redeemCoins(c.uid, qr);
    assert.equal(poor.statusCode, 400);
    assert.ok(poor.data.non_field_errors, poor.body);
    const pin = await redeemPin(c.uid, qr);
    assert.equal(pin.statusCode, 201, pin.body);
  });

  test('the same member QR fired at two redemptions at once: exactly one succeeds', async () => {
    const c = await client(120);
    const { qr } = await memberQrOf(c.auth);
    const results = await Promise.all([redeemCoins(c.uid, qr), redeemCoins(c.uid, qr)]);
    assert.deepEqual(
      results.map((r) => r.statusCode).sort(),
      [201, 400],
      results.map((r) => r.body).join('\n'),
    );
    const refused = results.find((r) => r.statusCode === 400)!;
    assert.deepEqual(refused.data, { proof: [messageText(staffMessages.qrUsed)] });
    assert.equal(await coinsOf(c.uid), 90);
  });

  test('the same member QR at a promotion and a coin product at once: exactly one spends', async () => {
    const c = await client(120);
    const { qr } = await memberQrOf(c.auth);
    const results = await Promise.all([redeemCoins(c.uid, qr), redeemPin(c.uid, qr)]);
    assert.deepEqual(
      results.map((r) => r.statusCode).sort(),
      [201, 400],
      results.map((r) => r.body).join('\n'),
    );
    assert.ok([90, 110].includes(await coinsOf(c.uid)));
  });
});

describe('using up what the client owns or is limited to needs their presence (issue 35)', () => {
  const redeemFor = (clientUid: string, name: string, proof?: string) =>
    post('/api/v5/staff/redemptions/', {
      client_uid: clientUid,
      promotion_uid: s.promotionUid(name),
      place_uid: s.places.b,
      ...(proof ? { proof } : {}),
    });
  const statusOf = async (uid: string) =>
    (
      await t.db
        .select({ status: redemptions.status })
        .from(redemptions)
        .where(and(eq(redemptions.appId, appUid), eq(redemptions.uid, uid)))
    )[0]?.status;

  test('a once-per-member gift: refused without proof, then with the code', async () => {
    const c = await client();
    const none = await redeemFor(c.uid, 'Una vez');
    assert.equal(none.statusCode, 400, none.body);
    assert.deepEqual(none.data, { proof: [messageText(staffMessages.proofRequired)] });
    const ok = await redeemFor(c.uid, 'Una vez', (await codeFor(c.auth)).code);
    assert.equal(ok.statusCode, 201, ok.body);
  });

  test('a unit the client holds (their coupon code of a free promotion): refused without proof, it stays ACTIVE', async () => {
    const c = await client();
    const held = await post(
      `/api/v5/programs/${s.programs.club}/promotions/${s.promotionUid('Desayuno 20%')}/coupon/get-code/`,
      {},
      c.auth,
    );
    assert.equal(held.statusCode, 201, held.body);
    const unitUid = held.data.redemption.uid as string;
    const none = await redeemFor(c.uid, 'Desayuno 20%');
    assert.equal(none.statusCode, 400, none.body);
    assert.deepEqual(none.data, { proof: [messageText(staffMessages.proofRequired)] });
    assert.equal(await statusOf(unitUid), 'ACTIVE');
    const ok = await redeemFor(c.uid, 'Desayuno 20%', (await memberQrOf(c.auth)).qr);
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.data.redemption.status, 'USED');
    // Nothing held any more: the free discount anyone may use again needs no proof.
    const free = await redeemFor(c.uid, 'Desayuno 20%');
    assert.equal(free.statusCode, 201, free.body);
  });

  test('a gift the client bought by card: refused without proof, used with it', async () => {
    const c = await client();
    const promotionUid = randomUUID();
    await t.db.insert(promotions).values({
      appId: appUid,
      uid: promotionUid,
      programUid: s.programs.club,
      key: `card-${promotionUid.slice(0, 8)}`,
      name: 'Regalo pagado',
      kind: 'GIFT',
      priceCents: 1500,
    });
    const unitUid = randomUUID();
    await t.db.insert(redemptions).values({
      appId: appUid,
      uid: unitUid,
      programUid: s.programs.club,
      promotionUid,
      userUid: c.uid,
      status: 'ACTIVE',
      code: `PAID${unitUid.slice(0, 6).toUpperCase()}`,
      paidCents: 1500,
      paymentStatus: 'PAID',
    });
    const body = (proof?: string) => ({
      client_uid: c.uid,
      promotion_uid: promotionUid,
      place_uid: s.places.a,
      ...(proof ? { proof } : {}),
    });
    const none = await post('/api/v5/staff/redemptions/', body());
    assert.equal(none.statusCode, 400, none.body);
    assert.deepEqual(none.data, { proof: [messageText(staffMessages.proofRequired)] });
    assert.equal(await statusOf(unitUid), 'ACTIVE');
    const ok = await post('/api/v5/staff/redemptions/', body((await codeFor(c.auth)).code));
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(await statusOf(unitUid), 'USED');
  });

  test('a unit the client takes while staff redeem without proof is never used without it', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await client();
      const [code, counter] = await Promise.all([
        post(
          `/api/v5/programs/${s.programs.club}/promotions/${s.promotionUid('Desayuno 20%')}/coupon/get-code/`,
          {},
          c.auth,
        ),
        redeemFor(c.uid, 'Desayuno 20%'),
      ]);
      assert.equal(code.statusCode, 201, code.body);
      const heldUid = code.data.redemption.uid as string;
      if (counter.statusCode === 201) {
        // Staff took a fresh unit: the one the client holds is still theirs.
        assert.notEqual(counter.data.redemption.uid, heldUid);
        assert.equal(await statusOf(heldUid), 'ACTIVE');
      } else {
        assert.deepEqual(counter.data, { proof: [messageText(staffMessages.proofRequired)] });
        assert.equal(await statusOf(heldUid), 'ACTIVE');
      }
    }
  });
});

describe('staff and their own account', () => {
  test('staff cannot give themselves points or stamps (400), while a client gets them', async () => {
    // The cashier is also a member of the club, so they are a client of the company.
    const joined = await post('/api/v5/me/programs/', { program: s.programs.club }, s.auth.staff);
    assert.equal(joined.statusCode, 201, joined.body);
    const me = (await t.get('/api/v5/me/', { host: s.host, headers: s.auth.staff })).data.uid;
    const points = await post('/api/v5/staff/points/', {
      client_uid: me,
      program_uid: s.programs.club,
      amount: 100,
      description: 'Para mí',
    });
    assert.equal(points.statusCode, 400);
    assert.deepEqual(points.data, { client_uid: [messageText(staffMessages.notOwnAccount)] });
    const stamps = await post('/api/v5/staff/stamps/', {
      client_uid: me,
      program_uid: s.programs.club,
      place_uid: s.places.a,
      quantity: 5,
    });
    assert.deepEqual(stamps.data, { client_uid: [messageText(staffMessages.notOwnAccount)] });
    // Another staff member may serve them as a client.
    const byOwner = await post(
      '/api/v5/staff/stamps/',
      { client_uid: me, program_uid: s.programs.club, place_uid: s.places.a, quantity: 1 },
      s.auth.owner,
    );
    assert.equal(byOwner.statusCode, 201, byOwner.body);
  });
});
