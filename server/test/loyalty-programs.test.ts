import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loyaltyMessages, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { levelFor } from '../src/modules/programs/service';
import { earn, reverseByReference, balancesOf } from '../src/modules/programs/ledger';
import { signMemberQr, verifyMemberQr, QR_LIFETIME_SECONDS } from '../src/modules/programs/qr';

let t: TestApp;
let club: string;
let aurora: string;
let demo: { authorization: string };

before(async () => {
  t = await startTestApp();
  const list = await t.get('/api/v5/programs/');
  club = list.data.results.find((p: { name: string }) => p.name === 'Aurora Club').uid;
  aurora = list.data.results[0].company.uid;
  const login = await t.post('/api/v5/login/', {
    email: 'demo@aurora.pe',
    password: 'Aurora2026!',
  });
  assert.equal(login.statusCode, 200, JSON.stringify(login.data));
  demo = { authorization: `Token ${login.data.token}` };
});
after(() => t?.close());

describe('GET v5/programs/', () => {
  test('lists the tenant programs with levels sorted', async () => {
    const res = await t.get('/api/v5/programs/');
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.count, 1);
    const p = res.data.results[0];
    assert.equal(p.name, 'Aurora Club');
    assert.equal(p.company.name, 'Café Aurora');
    assert.deepEqual(
      p.levels.map((l: { name: string }) => l.name),
      ['Bronce', 'Plata', 'Oro'],
    );
  });
  test('filters by company; a malformed or foreign company gives an empty list, never a 500', async () => {
    assert.equal((await t.get(`/api/v5/programs/?company=${aurora}`)).data.count, 1);
    assert.equal((await t.get('/api/v5/programs/?company=not-a-uid')).data.count, 0);
    assert.equal((await t.get(`/api/v5/programs/?company=${crypto.randomUUID()}`)).data.count, 0);
    assert.equal((await t.get("/api/v5/programs/?company=' OR 1=1 --")).data.count, 0);
    assert.equal((await t.get('/api/v5/programs/?page=abc')).statusCode, 400);
  });
  test('another tenant does not list them', async () => {
    const res = await t.get('/api/v5/programs/', { host: 'rockypez.localhost' });
    assert.equal(res.statusCode, 200);
    assert.ok(!res.data.results.some((p: { uid: string }) => p.uid === club));
  });
  test('the App answer lists the programs in allowed_programs', async () => {
    const app = await t.appOf('localhost');
    assert.deepEqual(app.allowed_programs, [
      { uid: club, name: 'Aurora Club', company_uid: aurora },
    ]);
  });
});

describe('GET v5/me/programs/{uid}/', () => {
  test('needs a member', async () => {
    assert.equal((await t.get(`/api/v5/me/programs/${club}/`)).statusCode, 401);
  });
  test("the demo member's balances and level come from the ledger", async () => {
    const res = await t.get(`/api/v5/me/programs/${club}/`, { headers: demo });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.is_member, true);
    assert.deepEqual(res.data.balances, { points: 630, coins: 120, stamps: 4 });
    assert.deepEqual(res.data.level, {
      current: { name: 'Plata', min_points: 500 },
      next: { name: 'Oro', min_points: 1500 },
      points_to_next: 870,
    });
  });
  test('unknown, malformed and other-tenant programs are 404 (the not-found state)', async () => {
    const m = await registerMember(t, 'rockypez.localhost');
    assert.equal(
      (await t.get(`/api/v5/me/programs/${crypto.randomUUID()}/`, { headers: demo })).statusCode,
      404,
    );
    assert.equal((await t.get('/api/v5/me/programs/abc/', { headers: demo })).statusCode, 404);
    const foreign = await t.get(`/api/v5/me/programs/${club}/`, {
      host: 'rockypez.localhost',
      headers: m.auth,
    });
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.data.detail, messageText(loyaltyMessages.programNotFound));
  });
});

describe('POST v5/me/programs/ (join)', () => {
  test('a new member joins (201), joining again is 200, and starts at the first level', async () => {
    const m = await registerMember(t, 'localhost');
    const before = await t.get(`/api/v5/me/programs/${club}/`, { headers: m.auth });
    assert.equal(before.data.is_member, false);
    const joined = await t.post('/api/v5/me/programs/', { program: club }, { headers: m.auth });
    assert.equal(joined.statusCode, 201);
    assert.equal(joined.data.is_member, true);
    assert.deepEqual(joined.data.balances, { points: 0, coins: 0, stamps: 0 });
    assert.equal(joined.data.level.current.name, 'Bronce');
    assert.equal(joined.data.level.points_to_next, 500);
    assert.equal(
      (await t.post('/api/v5/me/programs/', { program: club }, { headers: m.auth })).statusCode,
      200,
    );
  });
  test('bad and hostile bodies are 400 field errors', async () => {
    const m = await registerMember(t, 'localhost');
    const cases: unknown[] = [
      {},
      { program: '' },
      { program: 42 },
      { program: 'nope' },
      { program: crypto.randomUUID() },
      { program: "'; DROP TABLE programs; --" },
    ];
    for (const body of cases) {
      const res = await t.post('/api/v5/me/programs/', body, { headers: m.auth });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(Array.isArray(res.data.program), JSON.stringify(res.data));
    }
    assert.equal((await t.post('/api/v5/me/programs/', { program: club })).statusCode, 401);
  });
});

describe('levels', () => {
  const levels = [
    { name: 'Plata', min_points: 500 },
    { name: 'Bronce', min_points: 100 },
    { name: 'Oro', min_points: 1500 },
  ];
  test('no level below the first, with the points to reach it', () => {
    assert.deepEqual(levelFor(levels, 40), {
      current: null,
      next: { name: 'Bronce', min_points: 100 },
      points_to_next: 60,
    });
  });
  test('current level at its exact minimum, and the next', () => {
    assert.deepEqual(levelFor(levels, 500), {
      current: { name: 'Plata', min_points: 500 },
      next: { name: 'Oro', min_points: 1500 },
      points_to_next: 1000,
    });
  });
  test('top level has no next', () => {
    assert.deepEqual(levelFor(levels, 9000), {
      current: { name: 'Oro', min_points: 1500 },
      next: null,
      points_to_next: null,
    });
  });
  test('a program without levels has none', () => {
    assert.deepEqual(levelFor([], 10), { current: null, next: null, points_to_next: null });
  });
});

describe('GET v5/me/programs/{uid}/ledger/', () => {
  test('explains every figure: the lines sum to the balances', async () => {
    const res = await t.get(`/api/v5/me/programs/${club}/ledger/`, { headers: demo });
    assert.equal(res.statusCode, 200);
    const sum = (c: string) =>
      res.data.results
        .filter((l: { currency: string }) => l.currency === c)
        .reduce((s: number, l: { amount: number }) => s + l.amount, 0);
    const program = (await t.get(`/api/v5/me/programs/${club}/`, { headers: demo })).data;
    assert.deepEqual(
      { points: sum('POINTS'), coins: sum('COINS'), stamps: sum('STAMPS') },
      program.balances,
    );
    const coins = await t.get(`/api/v5/me/programs/${club}/ledger/?currency=COINS`, {
      headers: demo,
    });
    assert.ok(coins.data.results.every((l: { currency: string }) => l.currency === 'COINS'));
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/ledger/?currency=GOLD`, { headers: demo }))
        .statusCode,
      400,
    );
  });
  test("another member never sees the demo member's lines", async () => {
    const m = await registerMember(t, 'localhost');
    const res = await t.get(`/api/v5/me/programs/${club}/ledger/`, { headers: m.auth });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.count, 0);
  });
  test('points of a cancelled order are reversed once, with both lines kept', async () => {
    const m = await registerMember(t, 'localhost');
    const app = await t.appOf('localhost');
    await earn(t.db, {
      appId: app.uid,
      programUid: club,
      userUid: m.user.uid,
      currency: 'POINTS',
      amount: 120,
      reason: 'Pedido 42',
      reference: 'order-42',
    });
    assert.equal((await balancesOf(t.db, app.uid, club, m.user.uid)).points, 120);
    assert.equal(await reverseByReference(t.db, app.uid, 'order-42', 'Pedido 42 cancelado'), 1);
    assert.equal(await reverseByReference(t.db, app.uid, 'order-42', 'Pedido 42 cancelado'), 0);
    assert.equal((await balancesOf(t.db, app.uid, club, m.user.uid)).points, 0);
    const lines = (await t.get(`/api/v5/me/programs/${club}/ledger/`, { headers: m.auth })).data
      .results;
    assert.deepEqual(
      lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount]).sort(),
      [
        ['earn', 120],
        ['reverse', -120],
      ],
    );
  });
});

describe('POST v5/me/programs/{uid}/qr/', () => {
  test('a member gets a signed QR that verifies and names them', async () => {
    const res = await t.post(`/api/v5/me/programs/${club}/qr/`, undefined, { headers: demo });
    assert.equal(res.statusCode, 200);
    const check = verifyMemberQr(res.data.qr);
    assert.equal(check.valid, true);
    const app = await t.appOf('localhost');
    if (check.valid) {
      assert.equal(check.appUid, app.uid);
      assert.equal(check.programUid, club);
    }
    const lifetime = new Date(res.data.expires_at).getTime() - Date.now();
    assert.ok(lifetime > 0 && lifetime <= QR_LIFETIME_SECONDS * 1000);
  });
  test('non-members get 400, strangers 401, unknown programs 404', async () => {
    const m = await registerMember(t, 'localhost');
    const res = await t.post(`/api/v5/me/programs/${club}/qr/`, undefined, { headers: m.auth });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data.non_field_errors, [messageText(loyaltyMessages.notMember)]);
    assert.equal((await t.post(`/api/v5/me/programs/${club}/qr/`)).statusCode, 401);
    assert.equal(
      (await t.post(`/api/v5/me/programs/${crypto.randomUUID()}/qr/`, undefined, { headers: demo }))
        .statusCode,
      404,
    );
  });
  test('a tampered, malformed or expired QR is invalid', () => {
    const app = crypto.randomUUID();
    const member = crypto.randomUUID();
    const program = crypto.randomUUID();
    const { qr } = signMemberQr(app, member, program);
    const parts = qr.split('.');
    const otherMember = [parts[0], parts[1], crypto.randomUUID(), ...parts.slice(3)].join('.');
    assert.deepEqual(verifyMemberQr(otherMember), { valid: false, reason: 'signature' });
    const longer = [...parts.slice(0, 4), String(Number(parts[4]) + 3600), ...parts.slice(5)].join(
      '.',
    );
    assert.deepEqual(verifyMemberQr(longer), { valid: false, reason: 'signature' });
    // The nonce is signed too: a QR cannot be made new again by changing it.
    const renonced = [...parts.slice(0, 5), 'AAAAAAAAAAAAAAAA', parts[6]].join('.');
    assert.deepEqual(verifyMemberQr(renonced), { valid: false, reason: 'signature' });
    const flipped = qr.slice(0, -1) + (qr.endsWith('A') ? 'B' : 'A');
    assert.equal(verifyMemberQr(flipped).valid, false);
    // `v1.a.b.c.1.x` is the nonce-less format of before: no longer a QR.
    for (const bad of [
      '',
      'abc',
      'v2.a.b.c.1.x',
      'v1.a.b.c.1.x',
      'v1.a.b.c.notanumber.AAAAAAAAAAAAAAAA.x',
      'x'.repeat(1000),
    ])
      assert.deepEqual(verifyMemberQr(bad), { valid: false, reason: 'malformed' });
    const later = new Date(Date.now() + (QR_LIFETIME_SECONDS + 1) * 1000);
    assert.deepEqual(verifyMemberQr(qr, later), { valid: false, reason: 'expired' });
  });
});
