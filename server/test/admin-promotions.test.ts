import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  adminMessages,
  adminMoneyMessages,
  adminPromotionsMessages,
  formatMessage,
  formMessages,
  loyaltyMessages,
  messageText,
} from '@store/contract';
import { auditLog, promotions } from '../src/db/schema';
import { exportTenant } from '../src/tenants/exporter';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's promotions: every kind with its own value and field errors, the list's
 * filters and usage, optimistic concurrency and the audit line, a stock edit racing
 * redemptions, switching off, deleting only what was never redeemed, a MANAGER limited to one
 * place, and the tenant file keeping an admin-made promotion.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let managerOfB: Auth;
const base = '/api/v5/admin/promotions/';
const opts = (headers: Auth) => ({ host: s.host, headers });
const put = (uid: string, body: unknown, headers: Auth = s.auth.owner) =>
  t.call('PUT', `${base}${uid}/`, { host: s.host, headers, body });

function draft(extra: Record<string, unknown> = {}) {
  return {
    program: s.programs.club,
    name: 'Café gratis',
    kind: 'GIFT',
    ...extra,
  };
}
async function create(extra: Record<string, unknown> = {}, headers: Auth = s.auth.owner) {
  const res = await t.post(base, draft(extra), opts(headers));
  assert.equal(res.statusCode, 201, res.body);
  return res.data;
}
async function count() {
  return (await t.db.select().from(promotions).where(eq(promotions.appId, s.app.uid))).length;
}
/** What the member Ana sees of a promotion in the program (null when not listed). */
async function memberSees(uid: string) {
  const res = await t.get(
    `/api/v5/me/programs/${s.programs.club}/promotions/?page_size=100`,
    opts(s.auth.ana),
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.data.results.find((p: { uid: string }) => p.uid === uid) ?? null;
}
const redeem = (uid: string) =>
  t.post('/api/v5/redemption-by-user/', { program_promotion: uid }, opts(s.auth.ana));

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'admin-promotions');
  managerOfB = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER', [s.places.b]);
});
after(() => t?.close());

describe('creating every kind', () => {
  test('each kind with its value; the member sees it with the same value', async () => {
    const kinds = [
      ['DISCOUNT_RATE', { rate_discount: 12.5 }, 'rate_discount', 12.5],
      ['FIXED_DISCOUNT', { fixed_discount: '5' }, 'fixed_discount', '5.00'],
      ['GIFT', {}, 'kind', 'GIFT'],
      ['SPECIAL_PRICE', { special_price: '9.90' }, 'special_price', '9.90'],
      ['GIFT_CARD', { gift_card_amount: '50' }, 'gift_card_amount', '50.00'],
      ['STAMPS', { stamps_required: 6 }, 'stamps_required', 6],
    ] as const;
    for (const [kind, value, field, expected] of kinds) {
      const p = await create({ kind, name: `Nueva ${kind}`, ...value, tags: ['nuevo', 'nuevo'] });
      assert.equal(p.kind, kind);
      assert.equal(p[field], expected);
      assert.equal(p.status, 'active');
      assert.deepEqual(p.tags, ['nuevo']);
      assert.deepEqual(p.usage, { used: 0, held: 0 });
      assert.equal(p.version, 1);
      const seen = await memberSees(p.uid);
      assert.ok(seen, `the member sees the ${kind}`);
      assert.equal(seen[field], expected);
      assert.equal(seen.state, 'not_acquired');
    }
  });

  test('stock, limit, maximum, dates, places, coin or money price and featured are kept', async () => {
    const p = await create({
      name: 'Completa',
      kind: 'DISCOUNT_RATE',
      rate_discount: 30,
      description: 'Todo el día',
      image: 'https://img.test/promo.png',
      coin_price: 20,
      stock: 10,
      limit_per_member: 2,
      max_amount: '80',
      starts_at: '2020-01-01T00:00:00-05:00',
      ends_at: '2099-12-31T23:59:59-05:00',
      places: [s.places.a],
      featured: true,
    });
    assert.equal(p.stock, 10);
    assert.equal(p.units_left, 10);
    assert.equal(p.limit_per_member, 2);
    assert.equal(p.max_amount, '80.00');
    assert.equal(p.coin_price, 20);
    assert.equal(p.starts_at, '2020-01-01T05:00:00.000Z');
    assert.deepEqual(p.places, [{ uid: s.places.a, name: 'Local A' }]);
    const seen = await memberSees(p.uid);
    assert.equal(seen.stock, 10);
    assert.equal(seen.featured, true);
    assert.deepEqual(
      seen.places.map((x: { uid: string }) => x.uid),
      [s.places.a],
    );
    const sold = await create({ name: 'Por tarjeta', price: '19.90' });
    assert.equal(sold.price, '19.90');
  });

  test('field errors per kind and across fields, in Spanish, and nothing written', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ kind: 'DISCOUNT_RATE' }, { rate_discount: ['Ingresar un número'] }],
      [
        { kind: 'DISCOUNT_RATE', rate_discount: 120 },
        { rate_discount: [messageText(adminMoneyMessages.couponPercentRange)] },
      ],
      [
        { kind: 'FIXED_DISCOUNT', fixed_discount: '0' },
        { fixed_discount: [messageText(adminMoneyMessages.couponAmountPositive)] },
      ],
      [{ kind: 'STAMPS', stamps_required: 0 }, { stamps_required: ['Ingresar un número válido'] }],
      [{ kind: 'GIFT', rate_discount: 10 }, {}],
      [
        { coin_price: 5, price: '10.00' },
        { price: [messageText(adminPromotionsMessages.promotionOnePrice)] },
      ],
      [
        { starts_at: '2030-01-02T00:00:00-05:00', ends_at: '2030-01-01T00:00:00-05:00' },
        { ends_at: [messageText(adminMoneyMessages.couponDatesOrder)] },
      ],
      [{ name: '  ' }, { name: [messageText(formMessages.required)] }],
      [
        { program: s.programs.rival },
        { program: [messageText(adminPromotionsMessages.promotionProgramNotFound)] },
      ],
      [
        { places: [s.places.rival] },
        { places: [messageText(adminPromotionsMessages.promotionPlaceNotAllowed)] },
      ],
    ];
    for (const [extra, errors] of cases) {
      const res = await t.post(base, draft(extra), opts(s.auth.owner));
      assert.equal(res.statusCode, 400, `${JSON.stringify(extra)}: ${res.body}`);
      for (const [field, messages] of Object.entries(errors))
        assert.deepEqual(res.data[field], messages, `${JSON.stringify(extra)}: ${res.body}`);
      if (Object.keys(errors).length === 0) assert.ok(Object.keys(res.data).length > 0);
    }
    const unknownKind = await t.post(base, draft({ kind: 'BOGUS' }), opts(s.auth.owner));
    assert.equal(unknownKind.statusCode, 400);
    assert.ok(unknownKind.data.kind, unknownKind.body);
    assert.equal(await count(), before);
  });
});

describe('the list', () => {
  test('filters by program, kind, status and name; usage and units left follow redemptions', async () => {
    const scheduled = await create({ name: 'Futura', starts_at: '2099-01-01T00:00:00-05:00' });
    const ended = await create({ name: 'Pasada', ends_at: '2021-01-01T00:00:00-05:00' });
    const counted = await create({ name: 'Contada', stock: 3 });
    const list = async (q: string) => {
      const res = await t.get(`${base}?page_size=100&${q}`, opts(s.auth.owner));
      assert.equal(res.statusCode, 200, res.body);
      return res.data.results as { uid: string; name: string; status: string }[];
    };
    assert.deepEqual(
      (await list('status=scheduled')).map((p) => p.name),
      ['Futura'],
    );
    assert.ok((await list('status=ended')).some((p) => p.uid === ended.uid));
    assert.ok(!(await list('status=active')).some((p) => p.uid === scheduled.uid));
    assert.ok(
      (await list('kind=STAMPS')).every(
        (p) => p.name.includes('sellos') || p.name.includes('STAMPS'),
      ),
    );
    assert.deepEqual(
      (await list('q=contad')).map((p) => p.name),
      ['Contada'],
    );
    assert.deepEqual(
      (await list(`program=${s.programs.plain}`)).map((p) => p.name),
      [],
    );
    const all = await list('');
    assert.ok(!all.some((p) => p.name === 'Regalo rival'), 'never the rival company');

    assert.equal((await redeem(counted.uid)).statusCode, 201);
    const [row] = await t.get(`${base}${counted.uid}/`, opts(s.auth.owner)).then((r) => [r.data]);
    assert.deepEqual(row.usage, { used: 1, held: 0 });
    assert.equal(row.stock_taken, 1);
    assert.equal(row.units_left, 2);
  });
});

describe('changes', () => {
  test('an edit needs the version read (409 with the current one), is audited, and the member sees it', async () => {
    const p = await create({ name: 'Editable', kind: 'FIXED_DISCOUNT', fixed_discount: '4.00' });
    const { uid, version, program, places, usage: _u, ...rest } = p;
    const body = {
      ...rest,
      program: program.uid,
      places: places.map((x: { uid: string }) => x.uid),
      kind: 'DISCOUNT_RATE',
      rate_discount: 15,
      name: 'Editada',
      version,
    };
    const clean = Object.fromEntries(
      Object.entries(body).filter(
        ([k]) =>
          ![
            'fixed_discount',
            'special_price',
            'gift_card_amount',
            'stamps_required',
            'stock_taken',
            'units_left',
            'status',
          ].includes(k),
      ),
    );
    const ok = await put(uid, clean);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.data.kind, 'DISCOUNT_RATE');
    assert.equal(ok.data.fixed_discount, null);
    assert.equal(ok.data.version, 2);
    const stale = await put(uid, { ...clean, name: 'Pisada' });
    assert.equal(stale.statusCode, 409);
    assert.equal(stale.data.detail, messageText(adminMessages.versionConflict));
    assert.equal(stale.data.current.name, 'Editada');
    assert.equal((await memberSees(uid)).rate_discount, 15);
    const moved = await put(uid, { ...clean, program: s.programs.plain, version: 2 });
    assert.equal(moved.statusCode, 400);
    assert.deepEqual(moved.data.program, [
      messageText(adminPromotionsMessages.promotionProgramFixed),
    ]);
    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'promotion'), eq(auditLog.entityUid, uid)));
    assert.deepEqual(lines.map((l) => l.action).sort(), ['create', 'update']);
  });

  test('switched off the member no longer sees or uses it; a unit held cannot be used', async () => {
    const p = await create({ name: 'Apagable' });
    const code = await t.post(
      `/api/v5/programs/${s.programs.club}/promotions/${p.uid}/coupon/get-code/`,
      {},
      opts(s.auth.ana),
    );
    assert.equal(code.statusCode, 201, code.body);
    const off = await t.patch(
      `${base}${p.uid}/`,
      { is_active: false, version: p.version },
      opts(s.auth.owner),
    );
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.data.status, 'off');
    assert.deepEqual(off.data.usage, { used: 0, held: 1 });
    assert.equal(await memberSees(p.uid), null);
    const used = await redeem(p.uid);
    assert.equal(used.statusCode, 400);
    assert.deepEqual(used.data.non_field_errors, [messageText(loyaltyMessages.noLongerUsable)]);
  });

  test('deletes only a promotion never redeemed; otherwise the advice to switch it off', async () => {
    const unused = await create({ name: 'Borrable' });
    const stale = await t.delete(`${base}${unused.uid}/?version=9`, opts(s.auth.owner));
    assert.equal(stale.statusCode, 409);
    const gone = await t.delete(`${base}${unused.uid}/?version=1`, opts(s.auth.owner));
    assert.equal(gone.statusCode, 204, gone.body);
    assert.equal((await t.get(`${base}${unused.uid}/`, opts(s.auth.owner))).statusCode, 404);

    const used = await create({ name: 'Usada' });
    assert.equal((await redeem(used.uid)).statusCode, 201);
    const kept = await t.delete(`${base}${used.uid}/?version=1`, opts(s.auth.owner));
    assert.equal(kept.statusCode, 400);
    assert.deepEqual(kept.data.non_field_errors, [
      messageText(adminPromotionsMessages.promotionRedeemed),
    ]);
    assert.equal((await t.get(`${base}${used.uid}/`, opts(s.auth.owner))).statusCode, 200);
  });
});

describe('stock under concurrency', () => {
  test('lowering the stock while members redeem never oversells; below the units taken is refused', async () => {
    const p = await create({ name: 'Carrera', stock: 10 });
    const { uid, program, places, usage: _u, ...rest } = p;
    const body = {
      program: program.uid,
      name: rest.name,
      kind: 'GIFT',
      places: places.map((x: { uid: string }) => x.uid),
      stock: 4,
      version: p.version,
    };
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => redeem(uid)),
      put(uid, body),
      ...Array.from({ length: 4 }, () => redeem(uid)),
    ]);
    const edit = results[4];
    const redemptions = results.filter((_, i) => i !== 4);
    const ok = redemptions.filter((r) => r.statusCode === 201).length;
    for (const r of redemptions)
      if (r.statusCode !== 201)
        assert.deepEqual(r.data.non_field_errors, [messageText(loyaltyMessages.stockExhausted)]);
    const [row] = await t.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.appId, s.app.uid), eq(promotions.uid, uid)));
    assert.equal(row.stockTaken, ok, 'every unit taken is one answered 201');
    assert.ok(row.stockTotal === null || row.stockTaken <= row.stockTotal);
    if (edit.statusCode === 200) {
      assert.equal(row.stockTotal, 4);
      assert.ok(ok <= 4, `no more than the new stock: ${ok}`);
    } else {
      assert.equal(edit.statusCode, 400, edit.body);
      // Refused because more than 4 units were already taken when the edit got the lock.
      const taken = Number(/\d+/.exec(edit.data.stock[0])?.[0]);
      assert.ok(taken > 4, edit.body);
      assert.deepEqual(edit.data.stock, [
        messageText(formatMessage('admin.promotion_stock_below_taken', { taken })),
      ]);
      assert.equal(row.stockTotal, 10);
    }
    // Now surely below what was taken.
    const current = (await t.get(`${base}${uid}/`, opts(s.auth.owner))).data;
    const low = await put(uid, { ...body, stock: 0, version: current.version });
    assert.equal(low.statusCode, 400);
    assert.ok(low.data.stock, low.body);
  });
});

describe('a MANAGER limited to place B', () => {
  test('sees and edits only promotions of B; must name B; never A or the whole company', async () => {
    const list = await t.get(`${base}?page_size=100`, opts(managerOfB));
    assert.equal(list.statusCode, 200, list.body);
    const names = list.data.results.map((p: { name: string }) => p.name);
    assert.ok(names.includes('Solo en B'));
    assert.ok(!names.includes('Desayuno 20%'), 'a promotion of every place is not theirs');
    const breakfast = s.promotionUid('Desayuno 20%');
    assert.equal((await t.get(`${base}${breakfast}/`, opts(managerOfB))).statusCode, 404);
    const nowhere = await t.post(base, draft(), opts(managerOfB));
    assert.equal(nowhere.statusCode, 400);
    assert.deepEqual(nowhere.data.places, [
      messageText(adminPromotionsMessages.promotionPlacesRequired),
    ]);
    const atA = await t.post(base, draft({ places: [s.places.a] }), opts(managerOfB));
    assert.equal(atA.statusCode, 400);
    const atB = await create({ name: 'Del gerente', places: [s.places.b] }, managerOfB);
    assert.equal(atB.places[0].uid, s.places.b);
    const off = await t.patch(
      `${base}${breakfast}/`,
      { is_active: false, version: 1 },
      opts(managerOfB),
    );
    assert.equal(off.statusCode, 404);
  });
});

describe('the tenant file', () => {
  test('an admin-made promotion survives export and re-import as the same promotion', async () => {
    const p = await create({ name: 'Exportable', kind: 'SPECIAL_PRICE', special_price: '7.50' });
    const file = await exportTenant(t.db, s.app.uid);
    const before = await count();
    await importTenant(t.db, file as never);
    assert.equal(await count(), before);
    const again = (await t.get(`${base}${p.uid}/`, opts(s.auth.owner))).data;
    assert.equal(again.special_price, '7.50');
    assert.equal(again.is_active, true);
    assert.equal(again.version, 2, 'the import is a write: an open form gets the conflict');
  });
});
