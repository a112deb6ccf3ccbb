import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { authMessages, loyaltyMessages, staffMessages, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { makeStaffShop, qrProof, type StaffShop } from './support/staff';
import { signMemberQr, signPromotionQr } from '../src/modules/programs/qr';
import { promotions, staffActivity, users } from '../src/db/schema';

/** The counter: client look-up (document, phone, QR), creating clients, promotion codes, redemptions, stamps and points. */
let t: TestApp;
let s: StaffShop;
const get = (url: string, headers = s.auth.staff) => t.get(url, { host: s.host, headers });
const post = (url: string, body: unknown, headers = s.auth.staff) =>
  t.post(url, body, { host: s.host, headers });

/** A fresh member of the club, as the member would join. */
async function clubMember(overrides: Record<string, unknown> = {}) {
  const m = await registerMember(t, s.host, overrides);
  const joined = await t.post(
    '/api/v5/me/programs/',
    { program: s.programs.club },
    { host: s.host, headers: m.auth },
  );
  assert.equal(joined.statusCode, 201, joined.body);
  return m;
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'staffcounter');
});
after(() => t?.close());

describe('client look-up', () => {
  test('by document: the client with their standing in the company programs', async () => {
    const res = await get(
      '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=70000010',
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.uid, s.users.ana.uid);
    assert.equal(res.data.first_name, 'Ana');
    assert.equal(res.data.mobile_phone, '+51911000001');
    assert.deepEqual(res.data.memberships, [
      {
        program_uid: s.programs.club,
        program_name: 'Club',
        points: 50,
        coins: 0,
        stamps: 0,
        level: 'Bronce',
      },
    ]);
  });

  test('bad queries are field errors; unknown documents and users who are no client of the company are not found', async () => {
    const none = await get('/api/v5/staff/clients/');
    assert.equal(none.statusCode, 400);
    assert.deepEqual(none.data, { document_number: [messageText(staffMessages.identifyClient)] });
    const noType = await get('/api/v5/staff/clients/?document_number=70000010');
    assert.equal(noType.statusCode, 400);
    assert.ok(noType.data.document_type);
    const badPhone = await get('/api/v5/staff/clients/?mobile_phone=abc');
    assert.equal(badPhone.statusCode, 400);
    assert.ok(badPhone.data.mobile_phone);
    const unknown = await get(
      '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=99999999',
    );
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.data, { detail: messageText(staffMessages.clientNotFound) });
    // nobody@ is a user of the app but never joined a program of the company nor ordered from it.
    const stranger = await get(
      '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=70000012',
    );
    assert.equal(stranger.statusCode, 404);
    // rosa belongs to the rival company's program only.
    const rival = await get(
      '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=70000011',
    );
    assert.equal(rival.statusCode, 404);
  });

  test('by mobile phone: with country code exactly, nine digits under any dial code; two matches ask for the document', async () => {
    const exact = await get(
      `/api/v5/staff/clients/?mobile_phone=${encodeURIComponent('+51911000001')}`,
    );
    assert.equal(exact.statusCode, 200, exact.body);
    assert.equal(exact.data.uid, s.users.ana.uid);
    const digits = await get('/api/v5/staff/clients/?mobile_phone=911000001');
    assert.equal(digits.statusCode, 200, digits.body);
    assert.equal(digits.data.uid, s.users.ana.uid);

    await clubMember({ mobile_number: '+593911000001' });
    const twice = await get('/api/v5/staff/clients/?mobile_phone=911000001');
    assert.equal(twice.statusCode, 400);
    assert.deepEqual(twice.data, {
      mobile_phone: [
        'More than one user was found with this phone number, enter the document number',
      ],
    });
    const still = await get(
      `/api/v5/staff/clients/?mobile_phone=${encodeURIComponent('+51 911 000 001')}`,
    );
    assert.equal(still.statusCode, 200);
    assert.equal(still.data.uid, s.users.ana.uid);
  });

  test('by member QR: valid, expired, forged, of another tenant', async () => {
    const qr = await t.post(
      `/api/v5/me/programs/${s.programs.club}/qr/`,
      {},
      { host: s.host, headers: s.auth.ana },
    );
    assert.equal(qr.statusCode, 200, qr.body);
    const valid = await post('/api/v5/staff/clients/from-qr/', { code: qr.data.qr });
    assert.equal(valid.statusCode, 200, valid.body);
    assert.equal(valid.data.uid, s.users.ana.uid);

    const expired = signMemberQr(
      s.app.uid,
      s.users.ana.uid,
      s.programs.club,
      new Date(Date.now() - 10 * 60 * 1000),
    ).qr;
    const res = await post('/api/v5/staff/clients/from-qr/', { code: expired });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, { code: [messageText(staffMessages.qrExpired)] });

    const parts = qr.data.qr.split('.');
    const forged = [...parts.slice(0, 2), s.users.rosa.uid, ...parts.slice(3)].join('.');
    const forgedRes = await post('/api/v5/staff/clients/from-qr/', { code: forged });
    assert.equal(forgedRes.statusCode, 400);
    assert.deepEqual(forgedRes.data, { code: [messageText(staffMessages.qrInvalid)] });

    const otherTenant = signMemberQr(
      (await t.appOf('localhost')).uid,
      s.users.ana.uid,
      s.programs.club,
    ).qr;
    assert.deepEqual((await post('/api/v5/staff/clients/from-qr/', { code: otherTenant })).data, {
      code: [messageText(staffMessages.qrInvalid)],
    });
    const empty = await post('/api/v5/staff/clients/from-qr/', { code: '' });
    assert.equal(empty.statusCode, 400);
    assert.ok(empty.data.code);
  });
});

describe('creating clients', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    program_uid: s.programs.club,
    first_name: 'Lucía',
    last_name: 'Ramos',
    email: 'lucia@example.com',
    mobile_phone: '922000111',
    document_type: 'NATIONAL_ID',
    document_number: '72000001',
    accept_terms: true,
    accept_age: true,
    accept_data_processing: true,
    ...overrides,
  });

  test('creates the user in the program (201), then finds them; the same document again enrols the existing user (200)', async () => {
    const res = await post('/api/v5/staff/clients/', body());
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.mobile_phone, '+51922000111');
    assert.deepEqual(
      res.data.memberships.map((m: { program_uid: string }) => m.program_uid),
      [s.programs.club],
    );
    const found = await get(
      '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=72000001',
    );
    assert.equal(found.data.uid, res.data.uid);
    const again = await post(
      '/api/v5/staff/clients/',
      body({ program_uid: s.programs.plain, first_name: 'Otro' }),
    );
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.data.uid, res.data.uid);
    assert.equal(again.data.first_name, 'Lucía');
    assert.equal(again.data.memberships.length, 2);
  });

  test("a document of a user who is no client of the company: 400 on the document, never that user's email or phone, and not enrolled", async () => {
    // nobody@ is a user of the app in no program of the company; rosa is the rival company's client.
    for (const [document, email, phone] of [
      ['70000012', 'nobody@staff.test', '+51911000003'],
      ['70000011', 'rosa@staff.test', '+51911000002'],
    ]) {
      const res = await post(
        '/api/v5/staff/clients/',
        body({ document_number: document, email: '' }),
      );
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.data, {
        document_number: [messageText(staffMessages.documentHasAccount)],
      });
      assert.ok(!res.body.includes(email) && !res.body.includes(phone), res.body);
      const lookup = await get(
        `/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=${document}`,
      );
      assert.equal(lookup.statusCode, 404, 'still no client of the company');
    }
    // A client of the company (ana) is answered as before.
    const ana = await post(
      '/api/v5/staff/clients/',
      body({ document_number: '70000010', email: '' }),
    );
    assert.equal(ana.statusCode, 200, ana.body);
    assert.equal(ana.data.uid, s.users.ana.uid);
  });

  test('field errors: document, email and phone of another user, program of the company', async () => {
    const bad = await post('/api/v5/staff/clients/', body({ first_name: '', email: 'nope' }));
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.first_name && bad.data.email, bad.body);
    const badDocument = await post('/api/v5/staff/clients/', body({ document_number: '12' }));
    assert.deepEqual(badDocument.data, { document_number: ['Ingresar un dni correcto.'] });
    const taken = await post(
      '/api/v5/staff/clients/',
      body({ document_number: '72000002', email: 'ana@staff.test', mobile_phone: '+51911000002' }),
    );
    assert.equal(taken.statusCode, 400);
    assert.deepEqual(taken.data, {
      email: [messageText(authMessages.emailTaken)],
      mobile_phone: [messageText(authMessages.mobileTaken)],
    });
    const rivalProgram = await post(
      '/api/v5/staff/clients/',
      body({ document_number: '72000003', email: '', program_uid: s.programs.rival }),
    );
    assert.equal(rivalProgram.statusCode, 400);
    assert.deepEqual(rivalProgram.data, {
      program_uid: [messageText(staffMessages.programNotFound)],
    });
  });

  test("the client's consents are sign-up's: terms, age and data processing required per field, recorded on the new account", async () => {
    const missing = await post(
      '/api/v5/staff/clients/',
      body({
        document_number: '72000021',
        email: '',
        mobile_phone: '',
        accept_terms: undefined,
        accept_age: false,
        accept_data_processing: undefined,
      }),
    );
    assert.equal(missing.statusCode, 400, missing.body);
    assert.deepEqual(missing.data, {
      accept_terms: [messageText(staffMessages.clientAcceptTerms)],
      accept_age: [messageText(staffMessages.clientAcceptAge)],
      accept_data_processing: [messageText(staffMessages.clientAcceptDataProcessing)],
    });
    const lookup = await get(
      '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=72000021',
    );
    assert.equal(lookup.statusCode, 404, 'nobody created without consents');

    const created = await post(
      '/api/v5/staff/clients/',
      body({ document_number: '72000021', email: '', mobile_phone: '', accept_publicity: true }),
    );
    assert.equal(created.statusCode, 201, created.body);
    const [row] = await t.db
      .select({ terms: users.acceptedTermsAt, publicity: users.publicityAcceptedAt })
      .from(users)
      .where(eq(users.uid, created.data.uid));
    assert.ok(row.terms instanceof Date && row.publicity instanceof Date, JSON.stringify(row));
    const noPublicity = await post(
      '/api/v5/staff/clients/',
      body({ document_number: '72000022', email: '', mobile_phone: '' }),
    );
    assert.equal(noPublicity.statusCode, 201, noPublicity.body);
    const [second] = await t.db
      .select({ terms: users.acceptedTermsAt, publicity: users.publicityAcceptedAt })
      .from(users)
      .where(eq(users.uid, noPublicity.data.uid));
    assert.ok(second.terms instanceof Date, 'terms recorded');
    assert.equal(second.publicity, null, 'publicity only when given');
  });

  test('refused when the store has no benefits program assigned', async () => {
    const res = await post(
      '/api/v5/staff/clients/',
      body({ document_number: '72000009' }),
      await s.login('bare@staff.test'),
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      non_field_errors: [messageText(staffMessages.noBenefitsProgram)],
    });
  });
});

describe('redemptions', () => {
  test('within the maximum amount (201, recorded with the place); above it the spec message and nothing written', async () => {
    const promotion = s.promotionUid('Desayuno 20%');
    const over = await post('/api/v5/staff/redemptions/', {
      client_uid: s.users.ana.uid,
      promotion_uid: promotion,
      place_uid: s.places.a,
      amount: '60.01',
    });
    assert.equal(over.statusCode, 400);
    assert.deepEqual(over.data, { amount: ['The amount exceeds the maximum'] });
    const ok = await post('/api/v5/staff/redemptions/', {
      client_uid: s.users.ana.uid,
      promotion_uid: promotion,
      place_uid: s.places.a,
      amount: '60.00',
    });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.data.redemption.status, 'USED');
    assert.equal(ok.data.redemption.amount, '60.00');
    assert.equal(ok.data.client.uid, s.users.ana.uid);
    const lines = await t.db
      .select()
      .from(staffActivity)
      .where(eq(staffActivity.reference, ok.data.redemption.uid));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].placeUid, s.places.a);
    assert.equal(lines[0].amountCents, 6000);
    const bad = await post('/api/v5/staff/redemptions/', {
      client_uid: s.users.ana.uid,
      promotion_uid: promotion,
      place_uid: s.places.a,
      amount: '-3',
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.amount);
  });

  test('a promotion of some places only is refused elsewhere; a limit of one use answers the member message', async () => {
    const onlyB = s.promotionUid('Solo en B');
    const atA = await post('/api/v5/staff/redemptions/', {
      client_uid: s.users.ana.uid,
      promotion_uid: onlyB,
      place_uid: s.places.a,
    });
    assert.equal(atA.statusCode, 400);
    assert.deepEqual(atA.data, { place_uid: [messageText(staffMessages.promotionNotAtPlace)] });
    assert.equal(
      (
        await post('/api/v5/staff/redemptions/', {
          client_uid: s.users.ana.uid,
          promotion_uid: onlyB,
          place_uid: s.places.b,
        })
      ).statusCode,
      201,
    );

    // A once-per-member gift uses up the client's one use: it needs their proof of presence.
    const m = await clubMember();
    const once = s.promotionUid('Una vez');
    assert.equal(
      (
        await post('/api/v5/staff/redemptions/', {
          client_uid: m.user.uid,
          promotion_uid: once,
          place_uid: s.places.a,
          proof: qrProof(s, m.user.uid),
        })
      ).statusCode,
      201,
    );
    const twice = await post('/api/v5/staff/redemptions/', {
      client_uid: m.user.uid,
      promotion_uid: once,
      place_uid: s.places.a,
      proof: qrProof(s, m.user.uid),
    });
    assert.equal(twice.statusCode, 400);
    assert.deepEqual(twice.data, { non_field_errors: [messageText(loyaltyMessages.alreadyUsed)] });
    const coins = await post('/api/v5/staff/redemptions/', {
      client_uid: m.user.uid,
      promotion_uid: s.promotionUid('Con monedas'),
      place_uid: s.places.a,
      proof: qrProof(s, m.user.uid),
    });
    assert.deepEqual(coins.data, {
      non_field_errors: [messageText(loyaltyMessages.notEnoughCoins)],
    });

    // A client of the company who is not in the promotion's program.
    const plainOnly = await post('/api/v5/staff/clients/', {
      program_uid: s.programs.plain,
      first_name: 'Pia',
      last_name: 'Plain',
      document_type: 'NATIONAL_ID',
      document_number: '73000001',
      accept_terms: true,
      accept_age: true,
      accept_data_processing: true,
    });
    assert.equal(plainOnly.statusCode, 201, plainOnly.body);
    const notMember = await post('/api/v5/staff/redemptions/', {
      client_uid: plainOnly.data.uid,
      promotion_uid: once,
      place_uid: s.places.a,
      proof: qrProof(s, plainOnly.data.uid),
    });
    assert.equal(notMember.statusCode, 400);
    assert.deepEqual(notMember.data, { non_field_errors: [messageText(staffMessages.notMember)] });
  });

  test('a coupon code the client holds: found with its client and unit, and redeeming uses that unit', async () => {
    const m = await clubMember();
    const once = s.promotionUid('Una vez');
    const code = await t.post(
      `/api/v5/programs/${s.programs.club}/promotions/${once}/coupon/get-code/`,
      {},
      { host: s.host, headers: m.auth },
    );
    assert.equal(code.statusCode, 201, code.body);
    const found = await get(`/api/v5/staff/promotions/?code=${code.data.code.toLowerCase()}`);
    assert.equal(found.statusCode, 200, found.body);
    assert.equal(found.data.promotion.uid, once);
    assert.equal(found.data.promotion.state, 'active');
    assert.equal(found.data.client.uid, m.user.uid);
    assert.equal(found.data.redemption.uid, code.data.redemption.uid);
    // The unit is the client's: using it up needs their proof of presence.
    const unproven = await post('/api/v5/staff/redemptions/', {
      client_uid: m.user.uid,
      promotion_uid: once,
      place_uid: s.places.a,
    });
    assert.equal(unproven.statusCode, 400, unproven.body);
    assert.ok(unproven.data.proof, unproven.body);
    const used = await post('/api/v5/staff/redemptions/', {
      client_uid: m.user.uid,
      promotion_uid: once,
      place_uid: s.places.a,
      proof: qrProof(s, m.user.uid),
    });
    assert.equal(used.statusCode, 201, used.body);
    assert.equal(used.data.redemption.uid, code.data.redemption.uid);
    assert.equal(used.data.redemption.status, 'USED');
    // Another company's staff do not find the code.
    assert.equal(
      (await get(`/api/v5/staff/promotions/?code=${code.data.code}`, s.auth.rival)).statusCode,
      404,
    );
  });

  test('a promotion QR: valid, expired, forged', async () => {
    const promo = s.promotionUid('Desayuno 20%');
    const qr = await t.post(
      `/api/v5/me/programs/${s.programs.club}/promotions/${promo}/qrcode/`,
      {},
      { host: s.host, headers: s.auth.ana },
    );
    assert.equal(qr.statusCode, 200, qr.body);
    const found = await get(`/api/v5/staff/promotions/?code=${encodeURIComponent(qr.data.qr)}`);
    assert.equal(found.statusCode, 200, found.body);
    assert.equal(found.data.client.uid, s.users.ana.uid);
    assert.equal(found.data.promotion.max_amount, '60.00');
    const old = signPromotionQr(
      s.app.uid,
      s.users.ana.uid,
      promo,
      null,
      new Date(Date.now() - 3600_000),
    ).qr;
    assert.deepEqual(
      (await get(`/api/v5/staff/promotions/?code=${encodeURIComponent(old)}`)).data,
      { code: [messageText(staffMessages.qrExpired)] },
    );
    const forged = `${qr.data.qr.slice(0, -3)}abc`;
    assert.deepEqual(
      (await get(`/api/v5/staff/promotions/?code=${encodeURIComponent(forged)}`)).data,
      { code: [messageText(staffMessages.qrInvalid)] },
    );
  });

  test('concurrent staff redemptions of the last unit: exactly one succeeds, the stock never goes below zero', async () => {
    const last = s.promotionUid('Última unidad');
    const members = await Promise.all(Array.from({ length: 6 }, () => clubMember()));
    const logins = await Promise.all([
      s.login('staff@staff.test'),
      s.login('owner@staff.test'),
      s.login('validator@staff.test'),
    ]);
    const results = await Promise.all(
      members.map((m, i) =>
        t.post(
          '/api/v5/staff/redemptions/',
          { client_uid: m.user.uid, promotion_uid: last, place_uid: s.places.b },
          { host: s.host, headers: logins[i % 3] },
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [201, 400, 400, 400, 400, 400], results.map((r) => r.body).join('\n'));
    for (const r of results.filter((x) => x.statusCode === 400))
      assert.deepEqual(r.data, { non_field_errors: [messageText(loyaltyMessages.stockExhausted)] });
    const [row] = await t.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.appId, s.app.uid), eq(promotions.uid, last)));
    assert.equal(row.stockTaken, 1);
    const lines = await t.db
      .select()
      .from(staffActivity)
      .where(
        and(eq(staffActivity.appId, s.app.uid), eq(staffActivity.description, 'Última unidad')),
      );
    assert.equal(lines.length, 1);
  });
});

describe('stamps and points', () => {
  test('stamps: given at a place, then spent on a stamps promotion (not before there are enough)', async () => {
    const m = await clubMember();
    const stamps5 = s.promotionUid('5 sellos');
    const early = await post('/api/v5/staff/redemptions/', {
      client_uid: m.user.uid,
      promotion_uid: stamps5,
      place_uid: s.places.a,
      proof: qrProof(s, m.user.uid),
    });
    assert.deepEqual(early.data, {
      non_field_errors: [messageText(loyaltyMessages.notEnoughStamps)],
    });
    const given = await post('/api/v5/staff/stamps/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      place_uid: s.places.a,
      quantity: 5,
    });
    assert.equal(given.statusCode, 201, given.body);
    assert.equal(given.data.entry.currency, 'STAMPS');
    assert.equal(given.data.entry.amount, 5);
    assert.equal(given.data.balances.stamps, 5);
    const spent = await post('/api/v5/staff/redemptions/', {
      client_uid: m.user.uid,
      promotion_uid: stamps5,
      place_uid: s.places.a,
      proof: qrProof(s, m.user.uid),
    });
    assert.equal(spent.statusCode, 201, spent.body);
    assert.equal(spent.data.redemption.stamps_spent, 5);
    assert.equal(spent.data.client.memberships[0].stamps, 0);
    const zero = await post('/api/v5/staff/stamps/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      place_uid: s.places.a,
      quantity: 0,
    });
    assert.equal(zero.statusCode, 400);
    assert.deepEqual(zero.data, { quantity: [messageText(staffMessages.quantityPositive)] });
    const many = await post('/api/v5/staff/stamps/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      place_uid: s.places.a,
      quantity: 101,
    });
    assert.equal(many.statusCode, 400);
    assert.deepEqual(many.data.quantity, ['Puedes dar como máximo 100 sellos a la vez.']);
    const plain = await post('/api/v5/staff/stamps/', {
      client_uid: m.user.uid,
      program_uid: s.programs.plain,
      place_uid: s.places.a,
      quantity: 1,
    });
    assert.deepEqual(plain.data, {
      non_field_errors: ['The benefits program does not have this functionality enabled'],
    });
  });

  test('points: amount above 0 and a description, only where the program enables it; the level follows', async () => {
    const m = await clubMember();
    const zero = await post('/api/v5/staff/points/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      amount: 0,
      description: 'Compra',
    });
    assert.equal(zero.statusCode, 400);
    assert.deepEqual(zero.data, { amount: [messageText(staffMessages.amountPositive)] });
    // A typo's 9999999 hears the real rule, the maximum, not 'Ingresar un número'.
    const huge = await post('/api/v5/staff/points/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      amount: 9999999,
      description: 'Compra',
    });
    assert.equal(huge.statusCode, 400);
    assert.deepEqual(huge.data.amount, ['Puedes agregar como máximo 1,000,000 puntos a la vez.']);
    const noText = await post('/api/v5/staff/points/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      amount: 10,
    });
    assert.equal(noText.statusCode, 400);
    assert.deepEqual(Object.keys(noText.data), ['description']);
    const blank = await post('/api/v5/staff/points/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      amount: 10,
      description: '   ',
    });
    assert.equal(blank.statusCode, 400);
    const plain = await post('/api/v5/staff/points/', {
      client_uid: m.user.uid,
      program_uid: s.programs.plain,
      amount: 10,
      description: 'Compra',
    });
    assert.equal(plain.statusCode, 400);
    assert.deepEqual(plain.data, {
      non_field_errors: ['The benefits program does not have this functionality enabled'],
    });
    const ok = await post('/api/v5/staff/points/', {
      client_uid: m.user.uid,
      program_uid: s.programs.club,
      amount: 120,
      description: 'Compra en tienda',
    });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.data.entry.reason, 'Compra en tienda');
    assert.equal(ok.data.balances.points, 120);
    const client = await get(
      `/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=${m.body.document_number}`,
    );
    assert.equal(client.data.memberships[0].level, 'Plata');
    // The member sees the line in their own ledger.
    const ledger = await t.get(`/api/v5/me/programs/${s.programs.club}/ledger/`, {
      host: s.host,
      headers: m.auth,
    });
    assert.ok(
      ledger.data.results.some(
        (l: { reason: string; amount: number }) =>
          l.reason === 'Compra en tienda' && l.amount === 120,
      ),
    );
  });
});
