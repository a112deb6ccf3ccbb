import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { adminMessages, adminProgramsMessages, formMessages, messageText } from '@store/contract';
import { auditLog, companyAds } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's company ads: owner and manager create, edit, reorder, switch off and
 * delete them; bad values are field errors with nothing written; a stale version is a 409;
 * the store's `v5/companies/{uid}/ads` shows the active ones in order.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let manager: Auth;
let company: string;
const list = '/api/v5/admin/ads/';
const url = (uid: string) => `/api/v5/admin/ads/${uid}/`;
const opts = (headers: Auth, body?: unknown) => ({ host: s.host, headers, body });
const ad = {
  title: 'Desayunos',
  image: '/api/v5/media/x-640.webp',
  link: '/products',
  position: 2,
  is_active: true,
};

async function rowOf(uid: string) {
  const [row] = await t.db
    .select()
    .from(companyAds)
    .where(and(eq(companyAds.appId, s.app.uid), eq(companyAds.uid, uid)));
  return row;
}
async function storeAds() {
  const res = await t.get(`/api/v5/companies/${company}/ads`, { host: s.host });
  assert.equal(res.statusCode, 200, res.body);
  return res.data.results.map((a: { title: string }) => a.title) as string[];
}
const form = (a: Record<string, unknown>) => {
  const { uid: _uid, ...rest } = a;
  return rest;
};

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'admin-ads');
  manager = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER', [s.places.b]);
  company = (await t.get('/api/v5/admin/me/', opts(s.auth.owner))).data.company.uid;
});
after(() => t?.close());

describe('company ads', () => {
  let first: { uid: string; version: number } & Record<string, unknown>;

  test('the owner creates ads; the store shows the active ones in position order', async () => {
    const res = await t.post(list, ad, opts(s.auth.owner));
    assert.equal(res.statusCode, 201, res.body);
    first = res.data;
    assert.deepEqual(form(first), { ...ad, version: 1 });
    const second = await t.post(
      list,
      { ...ad, title: 'Almuerzos', position: 1 },
      opts(s.auth.owner),
    );
    assert.equal(second.statusCode, 201, second.body);
    const off = await t.post(
      list,
      { ...ad, title: 'Apagado', is_active: false },
      opts(s.auth.owner),
    );
    assert.equal(off.statusCode, 201, off.body);
    assert.deepEqual(await storeAds(), ['Almuerzos', 'Desayunos']);
    const mine = await t.get(`${list}?active=false`, opts(s.auth.owner));
    assert.deepEqual(
      mine.data.results.map((a: { title: string }) => a.title),
      ['Apagado'],
    );
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entityUid, first.uid)));
    assert.equal(line.entity, 'company_ad');
    assert.equal(line.action, 'create');
  });

  test('a MANAGER edits them too (ads are the company’s, not a place’s)', async () => {
    const res = await t.patch(
      url(first.uid),
      { ...form(first), position: 0, title: 'Desayunos 2x1' },
      opts(manager),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.version, 2);
    first = res.data;
    assert.deepEqual(await storeAds(), ['Desayunos 2x1', 'Almuerzos']);
  });

  test('bad values: field errors, nothing written', async () => {
    const before = await rowOf(first.uid);
    const res = await t.patch(
      url(first.uid),
      {
        ...form(first),
        title: '',
        link: 'javascript:alert(1)',
        image: '//evil.test/x.png',
        position: -1,
      },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data.title, [messageText(formMessages.required)]);
    assert.deepEqual(res.data.link, [messageText(adminProgramsMessages.linkInvalid)]);
    assert.deepEqual(res.data.image, [messageText(formMessages.url)]);
    assert.ok(res.data.position);
    assert.deepEqual(await rowOf(first.uid), before);
    const created = await t.post(list, { ...ad, link: 'ftp://x' }, opts(s.auth.owner));
    assert.equal(created.statusCode, 400, created.body);
    assert.equal((await t.get(list, opts(s.auth.owner))).data.count, 3, 'nothing created');
  });

  test('two saves of the same version at once: one wins, the other gets 409', async () => {
    const [one, two] = await Promise.all(
      ['Uno', 'Dos'].map((title) =>
        t.patch(url(first.uid), { ...form(first), title }, opts(s.auth.owner)),
      ),
    );
    assert.deepEqual([one.statusCode, two.statusCode].sort(), [200, 409], one.body + two.body);
    const [won, lost] = one.statusCode === 200 ? [one, two] : [two, one];
    const body = JSON.parse(lost.body);
    assert.equal(body.code, 'admin.version_conflict');
    assert.equal(body.current.title, won.data.title);
    assert.equal((await rowOf(first.uid)).title, won.data.title);
    first = won.data;
  });

  test('deleting: a stale version is a 409, then gone from the store', async () => {
    const stale = await t.delete(`${url(first.uid)}?version=1`, opts(s.auth.owner));
    assert.equal(stale.statusCode, 409, stale.body);
    assert.ok(await rowOf(first.uid));
    const res = await t.delete(`${url(first.uid)}?version=${first.version}`, opts(s.auth.owner));
    assert.equal(res.statusCode, 204, res.body);
    assert.equal(await rowOf(first.uid), undefined);
    assert.deepEqual(await storeAds(), ['Almuerzos']);
  });

  test("customers and counter staff are refused; another company's owner gets 404", async () => {
    for (const who of [s.auth.ana, s.auth.staff]) {
      const res = await t.get(list, opts(who));
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
    }
    const [remaining] = (await t.get(list, opts(s.auth.owner))).data.results;
    const bare = await s.login('bare@staff.test');
    assert.equal((await t.get(list, opts(bare))).data.count, 0);
    assert.equal((await t.get(url(remaining.uid), opts(bare))).statusCode, 404);
    const before = await rowOf(remaining.uid);
    const res = await t.patch(
      url(remaining.uid),
      { ...form(remaining), title: 'Robado' },
      opts(bare),
    );
    assert.equal(res.statusCode, 404, res.body);
    const gone = await t.delete(`${url(remaining.uid)}?version=${remaining.version}`, opts(bare));
    assert.equal(gone.statusCode, 404, gone.body);
    assert.deepEqual(await rowOf(remaining.uid), before);
  });
});
