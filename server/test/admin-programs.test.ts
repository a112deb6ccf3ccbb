import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { adminMessages, adminProgramsMessages, formMessages, messageText } from '@store/contract';
import { auditLog, loyaltyLedger, programs, programSections } from '../src/db/schema';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's programs: the list, creating and saving a program with its levels,
 * sections and ads (field errors, nothing written), the store reading the change (levels
 * move a member, sections and ads on the program page), optimistic concurrency, the owner-only
 * area, and deleting: never a program with members.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let manager: Auth;
const list = '/api/v5/admin/programs/';
const url = (uid: string) => `/api/v5/admin/programs/${uid}/`;
const opts = (headers: Auth, body?: unknown) => ({ host: s.host, headers, body });

async function read(uid: string) {
  const res = await t.get(url(uid), opts(s.auth.owner));
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}
async function rowOf(uid: string) {
  const [row] = await t.db
    .select()
    .from(programs)
    .where(and(eq(programs.appId, s.app.uid), eq(programs.uid, uid)));
  return row;
}
/** The editable part of a program as the form sends it back. */
function form(p: Record<string, unknown>) {
  const { uid: _u, key: _k, members: _m, ...rest } = p;
  return rest;
}
const newProgram = {
  name: 'Club Café',
  description: 'Puntos por cada compra',
  image: null,
  points_enabled: true,
  coins_enabled: false,
  stamps_enabled: true,
  add_points_enabled: false,
  open_to_join: true,
  order_points_per_sol: 2,
  points_expire_after_days: 365,
  is_active: true,
  levels: [
    { name: 'Verde', min_points: 0, benefits: '' },
    { name: 'Oro', min_points: 500, benefits: 'Café gratis los lunes' },
  ],
  sections: [
    { title: 'Cómo funciona', image: null, link: '/program/about', is_active: true },
    { title: 'Oculta', image: null, link: null, is_active: false },
  ],
  ads: [
    {
      title: 'Doble puntos',
      image: '/media/x.webp',
      link: 'https://cafe.test/promo',
      is_active: true,
    },
  ],
};

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'admin-programs');
  manager = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER');
});
after(() => t?.close());

describe('who opens the programs', () => {
  test("the owner lists the company's programs with their members; never the rival's", async () => {
    const res = await t.get(list, opts(s.auth.owner));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.data.results.map((p: { name: string; members: number }) => [p.name, p.members]),
      [
        ['Club', 1],
        ['Sin puntos', 0],
      ],
    );
    assert.ok(!res.body.includes(s.programs.rival));
    const q = await t.get(`${list}?q=sin`, opts(s.auth.owner));
    assert.deepEqual(
      q.data.results.map((p: { name: string }) => p.name),
      ['Sin puntos'],
    );
  });

  test('a MANAGER is refused: program rules are the owner’s', async () => {
    for (const [method, path] of [
      ['GET', list],
      ['GET', url(s.programs.club)],
      ['POST', list],
      ['PATCH', url(s.programs.club)],
      ['DELETE', `${url(s.programs.club)}?version=1`],
    ] as const) {
      const res = await t.call(
        method,
        path,
        opts(manager, method === 'POST' ? newProgram : undefined),
      );
      assert.equal(res.statusCode, 403, `${method} ${path}: ${res.body}`);
      assert.deepEqual(res.data, { detail: messageText(adminMessages.ownerOnly) });
    }
  });

  test("another company's owner gets 404 and changes nothing", async () => {
    const bare = await s.login('bare@staff.test');
    const before = await rowOf(s.programs.club);
    assert.equal((await t.get(url(s.programs.club), opts(bare))).statusCode, 404);
    const res = await t.patch(
      url(s.programs.club),
      { ...newProgram, version: before.version },
      opts(bare),
    );
    assert.equal(res.statusCode, 404, res.body);
    assert.deepEqual(await rowOf(s.programs.club), before);
    assert.equal((await t.get(list, opts(bare))).data.count, 0);
  });
});

describe('creating and saving a program', () => {
  let created: Record<string, unknown> & { uid: string; version: number };

  test('a new program with levels, sections and ads; the store shows it', async () => {
    const res = await t.post(list, newProgram, opts(s.auth.owner));
    assert.equal(res.statusCode, 201, res.body);
    created = res.data;
    assert.equal(created.version, 1);
    assert.equal(created.members, 0);
    assert.deepEqual(created.levels, newProgram.levels);
    assert.deepEqual(
      (created.sections as { title: string }[]).map((b) => b.title),
      ['Cómo funciona', 'Oculta'],
    );
    const store = await t.get('/api/v5/programs/', { host: s.host });
    const shown = store.data.results.find((p: { uid: string }) => p.uid === created.uid);
    assert.equal(shown.order_points_per_sol, 2);
    assert.deepEqual(shown.levels[1], {
      name: 'Oro',
      min_points: 500,
      benefits: 'Café gratis los lunes',
    });
    const sections = await t.get(`/api/v5/me/programs/${created.uid}/sections/`, opts(s.auth.ana));
    assert.equal(sections.statusCode, 200, sections.body);
    assert.deepEqual(
      sections.data.results.map((b: { title: string }) => b.title),
      ['Cómo funciona'],
      'only active sections',
    );
    const ads = await t.get(`/api/v5/me/programs/${created.uid}/ads/`, opts(s.auth.ana));
    assert.equal(ads.data.results[0].link, 'https://cafe.test/promo');
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entityUid, created.uid)));
    assert.equal(line.action, 'create');
  });

  test('sections reordered, one removed, one added: the program page follows', async () => {
    const p = await read(created.uid);
    const [how, hidden] = p.sections;
    const res = await t.patch(
      url(created.uid),
      {
        ...form(p),
        sections: [
          { title: 'Nueva', image: null, link: null, is_active: true },
          { ...how, title: 'Cómo funciona (v2)' },
        ],
      },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.version, p.version + 1);
    assert.equal(res.data.sections[1].uid, how.uid, 'kept its uid');
    const rows = await t.db
      .select()
      .from(programSections)
      .where(
        and(eq(programSections.appId, s.app.uid), eq(programSections.programUid, created.uid)),
      );
    assert.equal(rows.length, 2);
    assert.ok(!rows.some((r) => r.uid === hidden.uid), 'the left-out section is gone');
    const page = await t.get(`/api/v5/me/programs/${created.uid}/sections/`, opts(s.auth.ana));
    assert.deepEqual(
      page.data.results.map((b: { title: string }) => b.title),
      ['Nueva', 'Cómo funciona (v2)'],
    );
  });

  test('bad values: field errors in Spanish, nothing written', async () => {
    const p = await read(created.uid);
    const before = await rowOf(created.uid);
    const refused = async (change: Record<string, unknown>) => {
      const res = await t.patch(url(created.uid), { ...form(p), ...change }, opts(s.auth.owner));
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(await rowOf(created.uid), before, 'nothing written');
      return res.data as Record<string, string[]>;
    };
    const order = await refused({
      levels: [
        { name: 'Oro', min_points: 500, benefits: '' },
        { name: 'Verde', min_points: 0, benefits: '' },
        { name: 'oro', min_points: 900, benefits: '' },
      ],
    });
    assert.deepEqual(order['levels.1.min_points'], [
      messageText(adminProgramsMessages.programLevelsAscending),
    ]);
    assert.deepEqual(order['levels.2.name'], [
      messageText(adminProgramsMessages.programLevelNameTaken),
    ]);
    assert.equal(
      messageText(adminProgramsMessages.programLevelsAscending),
      'Cada nivel debe pedir más puntos que el anterior.',
    );
    const none = await refused({
      points_enabled: false,
      coins_enabled: false,
      stamps_enabled: false,
    });
    assert.deepEqual(none.points_enabled, [messageText(adminProgramsMessages.programNoCurrency)]);
    assert.deepEqual(none.levels, [messageText(adminProgramsMessages.programLevelsNeedPoints)]);
    const fields = await refused({
      name: '  ',
      order_points_per_sol: -1,
      points_expire_after_days: 0,
      ads: [{ title: 'x', image: null, link: 'javascript:alert(1)', is_active: true }],
    });
    assert.deepEqual(fields.name, [messageText(formMessages.required)]);
    assert.ok(fields.order_points_per_sol, JSON.stringify(fields));
    assert.ok(fields.points_expire_after_days, JSON.stringify(fields));
    assert.deepEqual(fields['ads.0.link'], [messageText(adminProgramsMessages.linkInvalid)]);
    // A section of another program (the rival's uid) is not one this program has.
    const foreign = await refused({
      sections: [{ uid: s.programs.rival, title: 'x', image: null, link: null, is_active: true }],
    });
    assert.deepEqual(foreign['sections.0.uid'], [
      messageText(adminProgramsMessages.programBlockNotFound),
    ]);
  });

  test('two saves of the same version at once: one wins, the other gets 409 with the program', async () => {
    const p = await read(created.uid);
    const [one, two] = await Promise.all(
      ['Club Uno', 'Club Dos'].map((name) =>
        t.patch(url(created.uid), { ...form(p), name }, opts(s.auth.owner)),
      ),
    );
    const codes = [one.statusCode, two.statusCode].sort();
    assert.deepEqual(codes, [200, 409], one.body + two.body);
    const [won, lost] = one.statusCode === 200 ? [one, two] : [two, one];
    assert.equal(JSON.parse(lost.body).code, 'admin.version_conflict');
    assert.equal(JSON.parse(lost.body).current.name, won.data.name);
    assert.equal((await rowOf(created.uid)).name, won.data.name);
    assert.equal((await rowOf(created.uid)).version, p.version + 1);
  });

  test('a program nobody joined is deleted; a stale version is a 409', async () => {
    const p = await read(created.uid);
    const stale = await t.delete(
      `${url(created.uid)}?version=${p.version - 1}`,
      opts(s.auth.owner),
    );
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(JSON.parse(stale.body).code, 'admin.version_conflict');
    const res = await t.delete(`${url(created.uid)}?version=${p.version}`, opts(s.auth.owner));
    assert.equal(res.statusCode, 204, res.body);
    assert.equal(await rowOf(created.uid), undefined);
    assert.equal((await t.get(url(created.uid), opts(s.auth.owner))).statusCode, 404);
  });
});

describe('changes that reach members', () => {
  test("a level threshold moves a member's level as the store computes it", async () => {
    const me = async () => {
      const res = await t.get(`/api/v5/me/programs/${s.programs.club}/`, opts(s.auth.ana));
      assert.equal(res.statusCode, 200, res.body);
      return res.data;
    };
    const before = await me();
    assert.equal(before.balances.points, 50);
    assert.equal(before.level.current.name, 'Bronce');
    assert.equal(before.level.next.name, 'Plata');
    const p = await read(s.programs.club);
    const res = await t.patch(
      url(s.programs.club),
      {
        ...form(p),
        levels: [
          { name: 'Bronce', min_points: 0, benefits: '' },
          { name: 'Plata', min_points: 40, benefits: '5 % en bebidas' },
          { name: 'Oro', min_points: 200, benefits: '' },
        ],
      },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    const after = await me();
    assert.deepEqual(after.level.current, {
      name: 'Plata',
      min_points: 40,
      benefits: '5 % en bebidas',
    });
    assert.equal(after.level.next.name, 'Oro');
    assert.equal(after.level.points_to_next, 150);
  });

  test('a new earning rate counts from now on: points already earned stay', async () => {
    const ledger = () =>
      t.db
        .select()
        .from(loyaltyLedger)
        .where(
          and(eq(loyaltyLedger.appId, s.app.uid), eq(loyaltyLedger.programUid, s.programs.club)),
        );
    const lines = await ledger();
    const p = await read(s.programs.club);
    const res = await t.patch(
      url(s.programs.club),
      { ...form(p), order_points_per_sol: 10 },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await ledger(), lines);
    const store = await t.get(`/api/v5/me/programs/${s.programs.club}/`, opts(s.auth.ana));
    assert.equal(store.data.order_points_per_sol, 10);
    assert.equal(store.data.balances.points, 50);
  });

  test('a program with members is never deleted, only switched off', async () => {
    const p = await read(s.programs.club);
    const res = await t.delete(`${url(s.programs.club)}?version=${p.version}`, opts(s.auth.owner));
    assert.equal(res.statusCode, 409, res.body);
    assert.deepEqual(JSON.parse(res.body), {
      code: 'admin.program_has_members',
      detail: messageText(adminProgramsMessages.programHasMembers),
    });
    assert.ok(await rowOf(s.programs.club));
    const off = await t.patch(
      url(s.programs.club),
      { ...form(p), is_active: false },
      opts(s.auth.owner),
    );
    assert.equal(off.statusCode, 200, off.body);
    const store = await t.get('/api/v5/programs/', { host: s.host });
    assert.ok(!store.body.includes(s.programs.club), 'the store no longer lists it');
    const listed = await t.get(`${list}?active=false`, opts(s.auth.owner));
    assert.deepEqual(
      listed.data.results.map((x: { name: string }) => x.name),
      ['Club'],
    );
  });
});

describe('the tenant file', () => {
  test('round trip: a section made here and level benefits come back as they were; an import is a new version', async () => {
    const p = await read(s.programs.plain);
    const saved = await t.patch(
      url(s.programs.plain),
      {
        ...form(p),
        points_enabled: true,
        levels: [{ name: 'Uno', min_points: 0, benefits: 'Agua gratis' }],
        sections: [{ title: 'Hecha aquí', image: null, link: '/products', is_active: true }],
      },
      opts(s.auth.owner),
    );
    assert.equal(saved.statusCode, 200, saved.body);
    const file = (await t.get('/api/v5/admin/export/', opts(s.auth.owner))).data;
    const filed = file.programs.find((x: { key: string }) => x.key === 'plain');
    assert.deepEqual(filed.levels, [{ name: 'Uno', min_points: 0, benefits: 'Agua gratis' }]);
    assert.equal(filed.sections[0].title, 'Hecha aquí');
    await importTenant(t.db, file);
    const after = await read(s.programs.plain);
    assert.equal(after.sections.length, 1, 'the same section, not a copy');
    assert.equal(after.sections[0].uid, saved.data.sections[0].uid);
    assert.deepEqual(after.levels, saved.data.levels);
    assert.ok(after.version > saved.data.version);
    const again = (await t.get('/api/v5/admin/export/', opts(s.auth.owner))).data;
    assert.deepEqual(again.programs, file.programs, 'the second export is the first');
    const stale = await t.patch(url(s.programs.plain), form(saved.data), opts(s.auth.owner));
    assert.equal(stale.statusCode, 409, stale.body);
  });
});
