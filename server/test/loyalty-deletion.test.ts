import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember, startSmtp } from './support/accounts';
import { earn } from '../src/modules/programs/ledger';
import { programMembers, programs } from '../src/db/schema';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let club: string;
let appUid: string;

before(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ accounts: { smtpUrl: smtp.url } });
  appUid = (await t.appOf('localhost')).uid;
  club = (await t.get('/api/v5/programs/')).data.results[0].uid;
});
after(async () => {
  await t?.close();
  await smtp?.close();
});

async function deletionLink(m: Awaited<ReturnType<typeof registerMember>>) {
  await smtp.waitFor(m.body.email, /Confirma tu correo/);
  assert.equal(
    (await t.post('/api/v5/delete-account/', undefined, { headers: m.auth })).statusCode,
    200,
  );
  const mail = await smtp.waitFor(m.body.email, /Confirma la eliminación de tu cuenta/);
  const [, , , , userUid, token] = new URL(
    mail.links.find((l) => l.includes('/me/delete/'))!,
  ).pathname.split('/');
  return `/api/v5/me/delete/${userUid}/${token}/list-members-programs/`;
}

describe('account deletion: list-members-programs', () => {
  test("the member's programs with coins and total points; nothing of other members", async () => {
    const m = await registerMember(t, 'localhost');
    const other = await registerMember(t, 'localhost');
    assert.equal(
      (await t.post('/api/v5/me/programs/', { program: club }, { headers: m.auth })).statusCode,
      201,
    );
    await earn(t.db, {
      appId: appUid,
      programUid: club,
      userUid: m.user.uid,
      currency: 'COINS',
      amount: 40,
      reason: 'test',
    });
    await earn(t.db, {
      appId: appUid,
      programUid: club,
      userUid: m.user.uid,
      currency: 'POINTS',
      amount: 250,
      reason: 'test',
    });
    await earn(t.db, {
      appId: appUid,
      programUid: club,
      userUid: other.user.uid,
      currency: 'POINTS',
      amount: 999,
      reason: 'test',
    });
    const list = await t.get(await deletionLink(m));
    assert.equal(list.statusCode, 200, JSON.stringify(list.data));
    assert.deepEqual(list.data, {
      count: 1,
      next: null,
      previous: null,
      results: [{ name: 'Aurora Club', coins: 40, total_points: 250 }],
    });
    const otherList = await t.get(await deletionLink(other));
    assert.deepEqual(otherList.data.results, [
      { name: 'Aurora Club', coins: 0, total_points: 999 },
    ]);
  });

  test('pages of 25; a bad page is 400, past the end 404; a wrong token 404', async () => {
    const m = await registerMember(t, 'localhost');
    const [companyUid] = [(await t.get('/api/v5/programs/')).data.results[0].company.uid as string];
    const extra = Array.from({ length: 26 }, (_, i) => ({
      appId: appUid,
      uid: crypto.randomUUID(),
      companyUid,
      key: `old-${i}-${crypto.randomUUID().slice(0, 8)}`,
      name: `Programa ${i}`,
      isActive: false,
      position: 10 + i,
    }));
    await t.db.insert(programs).values(extra);
    await t.db
      .insert(programMembers)
      .values(extra.map((p) => ({ appId: appUid, programUid: p.uid, userUid: m.user.uid })));
    const url = await deletionLink(m);
    const first = await t.get(url);
    assert.equal(first.data.count, 26);
    assert.equal(first.data.results.length, 25);
    assert.ok(first.data.next);
    const second = await t.get(`${url}?page=2`);
    assert.equal(second.data.results.length, 1);
    assert.deepEqual(second.data.results[0], { name: 'Programa 25', coins: 0, total_points: 0 });
    assert.equal((await t.get(`${url}?page=3`)).statusCode, 404);
    assert.equal((await t.get(`${url}?page=x`)).statusCode, 400);
    assert.equal(
      (
        await t.get(
          url.replace(/\/[^/]+\/list-members-programs\/$/, '/not-the-token/list-members-programs/'),
        )
      ).statusCode,
      404,
    );
  });
});
