import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { loyaltyMessages, messageText, staffMessages } from '@store/contract';
import { redemptions, staffActivity } from '../src/db/schema';
import { exportTenant } from '../src/tenants/exporter';
import { signPromotionQr } from '../src/modules/programs/qr';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { clubClient, inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The spec's member flow at the venue (confirm presence, show to the establishment,
 * congratulations; `POST v5/redemption-by-user/`) made checkable (issue 35): the shown step
 * carries a promotion QR and a one-time code that prove the member present once, for staff to
 * scan or type; a redemption the member confirms names their place and shows at once in that
 * place's staff activity; and a program may let only staff mark units used.
 */
let t: TestApp;
let s: StaffShop;
let appUid: string;
type Auth = Record<string, string>;
const post = (url: string, body: unknown, headers: Auth = s.auth.staff) =>
  t.post(url, body, { host: s.host, headers });
const get = (url: string, headers: Auth = s.auth.staff) => t.get(url, { host: s.host, headers });

const client = (coins = 0) => clubClient(t, s, coins);

async function shownStep(auth: Auth, promotion: string) {
  const res = await post(
    `/api/v5/me/programs/${s.programs.club}/promotions/${s.promotionUid(promotion)}/qrcode/`,
    {},
    auth,
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.data as {
    qr: string;
    expires_at: string;
    code: string | null;
    redemption: string | null;
    counter_code: string | null;
    member_confirms: boolean;
  };
}

const staffRedeem = (clientUid: string, promotion: string, proof?: string, place = s.places.a) =>
  post('/api/v5/staff/redemptions/', {
    client_uid: clientUid,
    promotion_uid: s.promotionUid(promotion),
    place_uid: place,
    ...(proof ? { proof } : {}),
  });

const selfRedeem = (auth: Auth, promotion: string, more: Record<string, unknown> = {}) =>
  post(
    '/api/v5/redemption-by-user/',
    { program_promotion: s.promotionUid(promotion), ...more },
    auth,
  );

async function unitStatus(uid: string) {
  const [row] = await t.db
    .select({ status: redemptions.status })
    .from(redemptions)
    .where(and(eq(redemptions.appId, appUid), eq(redemptions.uid, uid)));
  return row?.status;
}

async function selfLines(clientUid: string) {
  return t.db
    .select()
    .from(staffActivity)
    .where(and(eq(staffActivity.appId, appUid), eq(staffActivity.clientUserUid, clientUid)));
}

/** Saves the club's setting as the owner does in /admin (the whole program form, its version). */
async function setStaffConfirms(on: boolean) {
  const url = `/api/v5/admin/programs/${s.programs.club}/`;
  const current = await get(url, s.auth.owner);
  assert.equal(current.statusCode, 200, current.body);
  const { uid: _u, key: _k, members: _m, ...form } = current.data;
  const saved = await t.patch(
    url,
    { ...form, staff_confirms_redemptions: on },
    { host: s.host, headers: s.auth.owner },
  );
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal(saved.data.staff_confirms_redemptions, on);
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'venueconfirm');
  appUid = (s.app as { uid: string }).uid;
});
after(() => t?.close());

describe('the shown step proves the member present once', () => {
  test('its QR and its code each redeem once, and only that promotion', async () => {
    const c = await client(200);
    const shown = await shownStep(c.auth, 'Con monedas');
    assert.match(shown.counter_code ?? '', /^\d{6}$/);
    assert.equal(shown.member_confirms, true, 'the spec flow is the default');
    const seconds = (Date.parse(shown.expires_at) - Date.now()) / 1000;
    assert.ok(seconds > 110 && seconds <= 120, `lives 2 minutes, not ${seconds}s`);

    // Another promotion, or a coin product, is not what the member showed.
    const other = await staffRedeem(c.uid, '5 sellos', shown.qr);
    assert.deepEqual(other.data, { proof: [messageText(staffMessages.qrOtherPromotion)] });

    const scanned = await staffRedeem(c.uid, 'Con monedas', shown.qr);
    assert.equal(scanned.statusCode, 201, scanned.body);
    const again = await staffRedeem(c.uid, 'Con monedas', shown.qr);
    assert.deepEqual(again.data, { proof: [messageText(staffMessages.qrUsed)] });

    const typed = await staffRedeem(c.uid, 'Con monedas', shown.counter_code!);
    assert.equal(typed.statusCode, 201, typed.body);
    const retyped = await staffRedeem(c.uid, 'Con monedas', shown.counter_code!);
    assert.deepEqual(retyped.data, { proof: [messageText(staffMessages.proofExpired)] });
  });

  test("another member's shown QR is no proof for this client", async () => {
    const a = await client(100);
    const b = await client(100);
    const shown = await shownStep(a.auth, 'Con monedas');
    const res = await staffRedeem(b.uid, 'Con monedas', shown.qr);
    assert.deepEqual(res.data, { proof: [messageText(staffMessages.proofOtherClient)] });
  });

  test('the same shown QR at two counters at once: exactly one redemption', async () => {
    const c = await client(200);
    const { qr } = await shownStep(c.auth, 'Con monedas');
    const results = await Promise.all([
      staffRedeem(c.uid, 'Con monedas', qr),
      staffRedeem(c.uid, 'Con monedas', qr, s.places.b),
    ]);
    assert.deepEqual(
      results.map((r) => r.statusCode).sort(),
      [201, 400],
      results.map((r) => r.body).join('\n'),
    );
  });
  test("a document-only session's promotion QR (k1.) finds the promotion but proves nothing", async () => {
    const c = await client(100);
    const k1 = signPromotionQr(
      appUid,
      c.uid,
      s.promotionUid('Con monedas'),
      null,
      new Date(),
      'k1',
    );
    const found = await get(`/api/v5/staff/promotions/?code=${encodeURIComponent(k1.qr)}`);
    assert.equal(found.statusCode, 200, found.body);
    assert.equal(found.data.client.uid, c.uid);
    const refused = await staffRedeem(c.uid, 'Con monedas', k1.qr);
    assert.deepEqual(refused.data, { proof: [messageText(staffMessages.proofLimitedSession)] });
  });
});

describe("a redemption the member confirms shows at once in the place's staff activity", () => {
  test('at the place the member names; a place the promotion does not run at is refused', async () => {
    const c = await client();
    const elsewhere = await selfRedeem(c.auth, 'Solo en B', { place: s.places.a });
    assert.equal(elsewhere.statusCode, 400, elsewhere.body);
    assert.deepEqual(elsewhere.data, { place: [messageText(loyaltyMessages.placeNotUsable)] });
    const rival = await selfRedeem(c.auth, 'Desayuno 20%', { place: s.places.rival });
    assert.deepEqual(rival.data, { place: [messageText(loyaltyMessages.placeNotUsable)] });
    assert.equal((await selfLines(c.uid)).length, 0, 'nothing written');

    const ok = await selfRedeem(c.auth, 'Desayuno 20%', { place: s.places.b, amount: '12.50' });
    assert.equal(ok.statusCode, 201, ok.body);
    // A cashier of place B only: the line is in what they see, at once.
    const cashierB = await inviteStaff(t, s, 'nobody@staff.test', 'STAFF', [s.places.b]);
    const seen = await get('/api/v5/staff/records/?kind=redemptions', cashierB);
    assert.equal(seen.statusCode, 200, seen.body);
    const line = (
      seen.data.results as {
        client: { uid: string } | null;
        place: { uid: string } | null;
        channel: string;
      }[]
    ).find((r) => r.client?.uid === c.uid);
    assert.ok(line, seen.body);
    assert.equal(line.place?.uid, s.places.b);
    assert.equal(line.channel, 'SELF');
    const atA = await get(
      `/api/v5/staff/records/?kind=redemptions&place_uid=${s.places.a}`,
      s.auth.owner,
    );
    assert.ok(
      !(atA.data.results as { client: { uid: string } | null }[]).some(
        (r) => r.client?.uid === c.uid,
      ),
    );
  });
});

describe('a program where only staff mark units used', () => {
  test('the owner switches it on in /admin; the member is refused, the unit stays ACTIVE until staff scan or type', async () => {
    const c = await client();
    const held = await post(
      `/api/v5/programs/${s.programs.club}/promotions/${s.promotionUid('Una vez')}/coupon/get-code/`,
      {},
      c.auth,
    );
    assert.equal(held.statusCode, 201, held.body);
    const unitUid = held.data.redemption.uid as string;

    await setStaffConfirms(true);
    try {
      const shown = await shownStep(c.auth, 'Una vez');
      assert.equal(shown.member_confirms, false);
      assert.equal(shown.redemption, unitUid);

      const alone = await selfRedeem(c.auth, 'Una vez', { place: s.places.a });
      assert.equal(alone.statusCode, 400, alone.body);
      assert.deepEqual(alone.data, {
        non_field_errors: [messageText(loyaltyMessages.staffConfirmsRedemption)],
      });
      assert.equal(await unitStatus(unitUid), 'ACTIVE');
      assert.equal((await selfLines(c.uid)).length, 0);
      // Not held, free: refused the same, nothing taken.
      const free = await selfRedeem(c.auth, 'Desayuno 20%');
      assert.equal(free.statusCode, 400, free.body);
      const taken = await t.db
        .select()
        .from(redemptions)
        .where(and(eq(redemptions.appId, appUid), eq(redemptions.userUid, c.uid)));
      assert.equal(taken.length, 1, 'only the held unit');

      // Staff scan the shown QR: it names the unit, and using it up is proven by it.
      const found = await get(`/api/v5/staff/promotions/?code=${encodeURIComponent(shown.qr)}`);
      assert.equal(found.statusCode, 200, found.body);
      assert.equal(found.data.redemption.uid, unitUid);
      const used = await staffRedeem(c.uid, 'Una vez', shown.qr);
      assert.equal(used.statusCode, 201, used.body);
      assert.equal(used.data.redemption.uid, unitUid);
      assert.equal(await unitStatus(unitUid), 'USED');

      // Or they type the shown code.
      const d = await client();
      const typedStep = await shownStep(d.auth, 'Una vez');
      const typed = await staffRedeem(d.uid, 'Una vez', typedStep.counter_code!);
      assert.equal(typed.statusCode, 201, typed.body);
    } finally {
      await setStaffConfirms(false);
    }
    const d = await client();
    const back = await selfRedeem(d.auth, 'Desayuno 20%');
    assert.equal(back.statusCode, 201, back.body);
  });

  test('the tenant file carries the setting both ways', async () => {
    const file = await exportTenant(t.db, appUid);
    const club = (file.programs as { key: string; staff_confirms_redemptions: boolean }[]).find(
      (p) => p.key === 'club',
    )!;
    assert.equal(club.staff_confirms_redemptions, false);
    club.staff_confirms_redemptions = true;
    await importTenant(t.db, file);
    const c = await client();
    const refused = await selfRedeem(c.auth, 'Desayuno 20%');
    assert.deepEqual(refused.data, {
      non_field_errors: [messageText(loyaltyMessages.staffConfirmsRedemption)],
    });
    const again = await exportTenant(t.db, appUid);
    assert.equal(
      (again.programs as { key: string; staff_confirms_redemptions: boolean }[]).find(
        (p) => p.key === 'club',
      )!.staff_confirms_redemptions,
      true,
    );
    club.staff_confirms_redemptions = false;
    await importTenant(t.db, file);
  });
});
