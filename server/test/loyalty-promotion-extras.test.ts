import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loyaltyMessages, type Promotion, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { newProgramMember } from './support/loyalty';
import { registerMember } from './support/accounts';
import { eq } from 'drizzle-orm';
import { promotions } from '../src/db/schema';
import { verifyPromotionQr, verifyMemberQr } from '../src/modules/programs/qr';

let t: TestApp;
let club: string;
let appUid: string;
let byName: Record<string, Promotion>;

const newClubMember = (coins = 0) =>
  newProgramMember(t, { host: 'localhost', appUid, program: club }, { coins });
const qrcode = (auth: Record<string, string>, uid: string, program = club) =>
  t.post(`/api/v5/me/programs/${program}/promotions/${uid}/qrcode/`, {}, { headers: auth });

before(async () => {
  t = await startTestApp();
  appUid = (await t.appOf('localhost')).uid;
  club = (await t.get('/api/v5/programs/')).data.results[0].uid;
  const m = await newClubMember();
  byName = Object.fromEntries(
    (await t.get(`/api/v5/me/programs/${club}/promotions/`, { headers: m.auth })).data.results.map(
      (p: Promotion) => [p.name, p],
    ),
  );
});
after(() => t?.close());

describe('POST .../promotions/{uid}/qrcode/', () => {
  test('a signed short-lived QR naming the member, the promotion and the active unit', async () => {
    const m = await newClubMember(100);
    const cake = byName['S/ 5 de descuento en tortas'];
    const free = await qrcode(m.auth, cake.uid);
    assert.equal(free.statusCode, 200, JSON.stringify(free.data));
    assert.equal(free.data.redemption, null);
    const check = verifyPromotionQr(free.data.qr);
    assert.ok(check.valid);
    assert.equal(check.valid && check.userUid, m.user.uid);
    assert.equal(check.valid && check.promotionUid, cake.uid);
    assert.ok(new Date(free.data.expires_at).getTime() - Date.now() <= 300_000);
    // Not a member QR, and a tampered token fails.
    assert.equal(verifyMemberQr(free.data.qr).valid, false);
    assert.deepEqual(verifyPromotionQr(free.data.qr.replace(m.user.uid, crypto.randomUUID())), {
      valid: false,
      reason: 'signature',
    });

    const bought = await t.post(
      `/api/v5/me/programs/${club}/promotions/${cake.uid}/purchase/`,
      {},
      { headers: m.auth },
    );
    assert.equal(bought.statusCode, 201);
    const held = await qrcode(m.auth, cake.uid);
    assert.equal(held.data.redemption, bought.data.uid);
    assert.equal(held.data.code, bought.data.code);
    const heldCheck = verifyPromotionQr(held.data.qr);
    assert.equal(heldCheck.valid && heldCheck.redemptionUid, bought.data.uid);
  });

  test('the spec messages when the member cannot use it; members only; not found; tenants', async () => {
    const m = await newClubMember();
    const coffee = byName['Café americano gratis'];
    assert.equal(
      (
        await t.post(
          '/api/v5/redemption-by-user/',
          { program_promotion: coffee.uid },
          { headers: m.auth },
        )
      ).statusCode,
      201,
    );
    const used = await qrcode(m.auth, coffee.uid);
    assert.equal(used.statusCode, 400);
    assert.deepEqual(used.data, { non_field_errors: [messageText(loyaltyMessages.alreadyUsed)] });

    const outsider = await registerMember(t, 'localhost');
    assert.deepEqual((await qrcode(outsider.auth, coffee.uid)).data, {
      non_field_errors: [messageText(loyaltyMessages.notMember)],
    });
    assert.equal((await qrcode(m.auth, crypto.randomUUID())).statusCode, 404);
    assert.equal((await qrcode(m.auth, "x'--")).statusCode, 404);
    assert.equal((await qrcode(m.auth, coffee.uid, crypto.randomUUID())).statusCode, 404);
    assert.equal(
      (await t.post(`/api/v5/me/programs/${club}/promotions/${coffee.uid}/qrcode/`, {})).statusCode,
      401,
    );
    const foreign = await registerMember(t, 'rockypez.localhost');
    assert.equal(
      (
        await t.post(
          `/api/v5/me/programs/${club}/promotions/${coffee.uid}/qrcode/`,
          {},
          { host: 'rockypez.localhost', headers: foreign.auth },
        )
      ).statusCode,
      404,
    );
  });
});

describe('GET v5/me/promotions/{uid}/places/', () => {
  test("a promotion's own places, or every place of the company when it names none", async () => {
    const m = await newClubMember();
    const own = await t.get(
      `/api/v5/me/promotions/${byName['S/ 5 de descuento en tortas'].uid}/places/`,
      { headers: m.auth },
    );
    assert.equal(own.statusCode, 200, JSON.stringify(own.data));
    assert.deepEqual(own.data.results.map((p: { name: string }) => p.name).sort(), [
      'Aurora Barranco',
      'Aurora Miraflores',
    ]);
    const everywhere = await t.get(
      `/api/v5/me/promotions/${byName['Café americano gratis'].uid}/places/`,
      { headers: m.auth },
    );
    assert.equal(everywhere.data.count, 3);
    assert.deepEqual(Object.keys(everywhere.data.results[0]).sort(), ['address', 'name', 'uid']);
  });
  test('401, 404 for unknown, malformed and foreign promotions, 400 for a bad page', async () => {
    const m = await newClubMember();
    const uid = byName['Café americano gratis'].uid;
    assert.equal((await t.get(`/api/v5/me/promotions/${uid}/places/`)).statusCode, 401);
    assert.equal(
      (await t.get(`/api/v5/me/promotions/${crypto.randomUUID()}/places/`, { headers: m.auth }))
        .statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v5/me/promotions/abc/places/`, { headers: m.auth })).statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v5/me/promotions/${uid}/places/?page=0`, { headers: m.auth })).statusCode,
      400,
    );
    const foreign = await registerMember(t, 'rockypez.localhost');
    assert.equal(
      (
        await t.get(`/api/v5/me/promotions/${uid}/places/`, {
          host: 'rockypez.localhost',
          headers: foreign.auth,
        })
      ).statusCode,
      404,
    );
  });
});

describe('GET .../promotions/{uid}/related/', () => {
  test('other promotions of the program, same kind or tag first, never itself', async () => {
    const m = await newClubMember();
    const breakfast = byName['20% en desayunos'];
    const res = await t.get(`/api/v5/me/programs/${club}/promotions/${breakfast.uid}/related/`, {
      headers: m.auth,
    });
    assert.equal(res.statusCode, 200, JSON.stringify(res.data));
    assert.ok(!res.data.some((p: Promotion) => p.uid === breakfast.uid));
    assert.equal(res.data.length, Object.keys(byName).length - 1);
    // A promotion sharing its tag comes first, ahead of the program order.
    const uid = crypto.randomUUID();
    await t.db.insert(promotions).values({
      appId: appUid,
      uid,
      programUid: club,
      key: 'test-related',
      name: 'Jugo con tu desayuno',
      kind: 'GIFT',
      tags: ['desayunos'],
      position: 99,
    });
    try {
      const again = await t.get(
        `/api/v5/me/programs/${club}/promotions/${breakfast.uid}/related/`,
        { headers: m.auth },
      );
      assert.equal(again.data[0].uid, uid);
    } finally {
      await t.db.delete(promotions).where(eq(promotions.uid, uid));
    }
    assert.ok(res.data.every((p: Promotion) => typeof p.state === 'string'));
  });
  test('401 and 404', async () => {
    const m = await newClubMember();
    const uid = byName['20% en desayunos'].uid;
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/promotions/${uid}/related/`)).statusCode,
      401,
    );
    assert.equal(
      (
        await t.get(`/api/v5/me/programs/${club}/promotions/${crypto.randomUUID()}/related/`, {
          headers: m.auth,
        })
      ).statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v5/me/programs/nope/promotions/${uid}/related/`, { headers: m.auth }))
        .statusCode,
      404,
    );
  });
});
