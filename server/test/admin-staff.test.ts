import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, desc, eq } from 'drizzle-orm';
import { adminMessages, adminStaffMessages, messageText, staffMessages } from '@store/contract';
import { auditLog, mailOutbox, staffInvitations, staffMembers } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's staff screen (`v5/admin/staff/...`): the owner invites, re-sends and
 * revokes invitations, changes roles and places and removes people, each change with its
 * audit line; never oneself, and the company always keeps an owner.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let ownerUid: string;
const opts = (headers?: Auth) => ({ host: s.host, headers });
const members = async () => (await t.get('/api/v5/admin/staff/members/', opts(s.auth.owner))).data;
const uidOf = async (email: string) =>
  (await members()).find((m: { email: string }) => m.email === email).user_uid as string;
const auditOf = (uid: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.entityUid, uid)).orderBy(desc(auditLog.createdAt));

/** The invitation link of the newest mail to an address. */
async function linkOf(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.appId, s.app.uid), eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  assert.ok(mail, `a mail to ${to}`);
  const match = /\/staff\/invitation\/([0-9a-f-]{36})\/([\w-]+)/.exec(mail.text);
  assert.ok(match, mail.text);
  return { uid: match[1], token: match[2] };
}

/** Someone new joins as the screen does it: invited from the back office, registers, accepts. */
async function join(email: string, role: string): Promise<Auth> {
  const invited = await t.post(
    '/api/v5/admin/staff/invitations/',
    { email, role },
    opts(s.auth.owner),
  );
  assert.equal(invited.statusCode, 201, invited.body);
  const link = await linkOf(email);
  const { auth } = await registerMember(t, s.host, { email });
  const accepted = await t.post(
    `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
    {},
    opts(auth),
  );
  assert.equal(accepted.statusCode, 200, accepted.body);
  return auth;
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'adminstaff');
  ownerUid = (await t.get('/api/v5/me/', opts(s.auth.owner))).data.uid;
});
after(() => t?.close());

describe('admin staff', () => {
  test('the owner lists the staff with roles and places', async () => {
    const list = await members();
    assert.deepEqual(
      list.map((m: { email: string; role: string; places: { name: string }[] }) => [
        m.email,
        m.role,
        m.places.map((p) => p.name),
      ]),
      [
        ['owner@staff.test', 'OWNER', []],
        ['staff@staff.test', 'STAFF', []],
        ['validator@staff.test', 'VALIDATOR', ['Local B']],
      ],
    );
  });

  test('invite, re-send by inviting again, the invitee accepts and is listed; audited', async () => {
    const body = { email: 'Nueva@Staff.test', role: 'MANAGER', place_uids: [s.places.a] };
    const first = await t.post('/api/v5/admin/staff/invitations/', body, opts(s.auth.owner));
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.data.email, 'nueva@staff.test');
    assert.deepEqual(first.data.places, [{ uid: s.places.a, name: 'Local A' }]);
    const firstLink = await linkOf('nueva@staff.test');
    const again = await t.post('/api/v5/admin/staff/invitations/', body, opts(s.auth.owner));
    assert.equal(again.statusCode, 201, again.body);
    const pending = await t.get('/api/v5/admin/staff/invitations/', opts(s.auth.owner));
    assert.deepEqual(
      pending.data.map((i: { uid: string }) => i.uid),
      [again.data.uid],
      'the new invitation replaces the pending one',
    );
    // Only the newest link works.
    const old = await t.get(`/api/v5/invitations/${firstLink.uid}/${firstLink.token}/`, opts());
    assert.equal(old.statusCode, 404, old.body);
    const link = await linkOf('nueva@staff.test');
    assert.equal(link.uid, again.data.uid);
    const [line] = await auditOf(again.data.uid);
    assert.equal(line.entity, 'staff_invitation');
    assert.equal(line.action, 'create');
    assert.equal(line.actorUid, ownerUid);
    assert.deepEqual(line.after, {
      email: 'nueva@staff.test',
      role: 'MANAGER',
      place_uids: [s.places.a],
    });
    assert.ok(!JSON.stringify(line.after).includes(link.token), 'the token is never audited');

    // The invitee registers with that address and accepts.
    const { auth } = await registerMember(t, s.host, { email: 'nueva@staff.test' });
    const accepted = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(auth),
    );
    assert.equal(accepted.statusCode, 200, accepted.body);
    const listed = (await members()).find((m: { email: string }) => m.email === 'nueva@staff.test');
    assert.equal(listed.role, 'MANAGER');
    assert.deepEqual(listed.places, [{ uid: s.places.a, name: 'Local A' }]);
    assert.deepEqual(
      (await t.get('/api/v5/admin/staff/invitations/', opts(s.auth.owner))).data,
      [],
    );
  });

  test('bad invitations: field errors in Spanish, nothing written, nothing mailed', async () => {
    const before = await t.db.select().from(staffInvitations);
    const mails = await t.db.select().from(mailOutbox);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'no-es-correo', role: 'STAFF' }, 'email'],
      [{ email: 'x@staff.test', role: 'JEFE' }, 'role'],
      [{ email: 'x@staff.test', role: 'STAFF', place_uids: [s.places.rival] }, 'place_uids.0'],
      [{ email: 'staff@staff.test', role: 'STAFF' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/api/v5/admin/staff/invitations/', body, opts(s.auth.owner));
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(Array.isArray(res.data[field]), `${field}: ${res.body}`);
    }
    const taken = await t.post(
      '/api/v5/admin/staff/invitations/',
      { email: 'staff@staff.test', role: 'STAFF' },
      opts(s.auth.owner),
    );
    assert.deepEqual(taken.data.email, [messageText(staffMessages.alreadyStaffHere)]);
    assert.equal((await t.db.select().from(staffInvitations)).length, before.length);
    assert.equal((await t.db.select().from(mailOutbox)).length, mails.length);
  });

  test('revoke: the link stops working, audited; twice or unknown is 404', async () => {
    const res = await t.post(
      '/api/v5/admin/staff/invitations/',
      { email: 'revocar@staff.test', role: 'STAFF' },
      opts(s.auth.owner),
    );
    const link = await linkOf('revocar@staff.test');
    const revoke = await t.delete(`/api/v5/admin/staff/invitations/${res.data.uid}/`, {
      ...opts(s.auth.owner),
    });
    assert.equal(revoke.statusCode, 204, revoke.body);
    const gone = await t.get(`/api/v5/invitations/${link.uid}/${link.token}/`, opts());
    assert.equal(gone.statusCode, 404);
    const [line] = await auditOf(res.data.uid);
    assert.equal(line.action, 'delete');
    assert.deepEqual(line.before, { email: 'revocar@staff.test', role: 'STAFF', place_uids: [] });
    const twice = await t.delete(`/api/v5/admin/staff/invitations/${res.data.uid}/`, {
      ...opts(s.auth.owner),
    });
    assert.equal(twice.statusCode, 404);
    assert.deepEqual(twice.data, { detail: messageText(adminStaffMessages.invitationNotFound) });
    assert.equal(
      (await t.delete('/api/v5/admin/staff/invitations/nada/', opts(s.auth.owner))).statusCode,
      404,
    );
  });

  test('change role and places: audited before and after; bad input is a field error', async () => {
    const uid = await uidOf('staff@staff.test');
    const url = `/api/v5/admin/staff/members/${uid}/`;
    const bad = await t.patch(url, { role: 'JEFE' }, opts(s.auth.owner));
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.role, bad.body);
    const rival = await t.patch(
      url,
      { role: 'STAFF', place_uids: [s.places.rival] },
      opts(s.auth.owner),
    );
    assert.equal(rival.statusCode, 400, rival.body);
    assert.deepEqual(rival.data['place_uids.0'], [messageText(staffMessages.placeNotFound)]);
    assert.equal((await auditOf(uid)).length, 0, 'a refused change writes no audit line');

    const res = await t.patch(
      url,
      { role: 'VALIDATOR', place_uids: [s.places.b] },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.role, 'VALIDATOR');
    assert.deepEqual(res.data.places, [{ uid: s.places.b, name: 'Local B' }]);
    const me = await t.get('/api/v5/staff/me/', opts(s.auth.staff));
    assert.equal(me.data.role, 'VALIDATOR', 'the new role applies at once');
    const [line] = await auditOf(uid);
    assert.equal(line.entity, 'staff_member');
    assert.deepEqual(line.before, { email: 'staff@staff.test', role: 'STAFF', place_uids: [] });
    assert.deepEqual(line.after, {
      email: 'staff@staff.test',
      role: 'VALIDATOR',
      place_uids: [s.places.b],
    });
    // Back as it was for the other tests.
    const back = await t.patch(url, { role: 'STAFF', place_uids: [] }, opts(s.auth.owner));
    assert.equal(back.statusCode, 200, back.body);
  });

  test('never oneself: no change of role, no removal', async () => {
    const url = `/api/v5/admin/staff/members/${ownerUid}/`;
    const demote = await t.patch(url, { role: 'STAFF' }, opts(s.auth.owner));
    assert.equal(demote.statusCode, 400, demote.body);
    assert.deepEqual(demote.data.role, [messageText(adminStaffMessages.staffSelf)]);
    const remove = await t.delete(url, opts(s.auth.owner));
    assert.equal(remove.statusCode, 400, remove.body);
    assert.deepEqual(remove.data.non_field_errors, [messageText(adminStaffMessages.staffSelf)]);
    assert.equal((await uidOf('owner@staff.test')) === ownerUid, true);
    assert.equal((await auditOf(ownerUid)).length, 0);
  });

  test('remove someone: gone from the list and from the staff console, audited', async () => {
    const auth = await join('quitar@staff.test', 'STAFF');
    const uid = await uidOf('quitar@staff.test');
    assert.equal((await t.get('/api/v5/staff/me/', opts(auth))).statusCode, 200);
    const res = await t.delete(`/api/v5/admin/staff/members/${uid}/`, opts(s.auth.owner));
    assert.equal(res.statusCode, 204, res.body);
    assert.ok(!(await members()).some((m: { email: string }) => m.email === 'quitar@staff.test'));
    assert.equal((await t.get('/api/v5/staff/me/', opts(auth))).statusCode, 403);
    const [line] = await auditOf(uid);
    assert.equal(line.action, 'delete');
    assert.deepEqual(line.before, { email: 'quitar@staff.test', role: 'STAFF', place_uids: [] });
    const again = await t.delete(`/api/v5/admin/staff/members/${uid}/`, opts(s.auth.owner));
    assert.equal(again.statusCode, 404);
    assert.deepEqual(again.data, { detail: messageText(adminStaffMessages.staffNotFound) });
  });

  test('two owners demoting each other at once leave exactly one owner', async () => {
    const second = await join('socia@staff.test', 'OWNER');
    const secondUid = await uidOf('socia@staff.test');
    const [a, b] = await Promise.all([
      t.patch(`/api/v5/admin/staff/members/${secondUid}/`, { role: 'STAFF' }, opts(s.auth.owner)),
      t.patch(`/api/v5/admin/staff/members/${ownerUid}/`, { role: 'STAFF' }, opts(second)),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    assert.deepEqual(statuses, [200, 403], `${a.body} ${b.body}`);
    const refused = a.statusCode === 403 ? a : b;
    // Refused at the door when the other's demotion came first, or at the owners' lock.
    assert.ok(
      [adminMessages.notAdmin, adminMessages.ownerOnly]
        .map((m) => messageText(m))
        .includes(refused.data.detail),
      refused.body,
    );
    const winner = a.statusCode === 200 ? s.auth.owner : second;
    const { company } = (await t.get('/api/v5/admin/me/', opts(winner))).data;
    const owners = await t.db
      .select()
      .from(staffMembers)
      .where(
        and(
          eq(staffMembers.appId, s.app.uid),
          eq(staffMembers.companyUid, company.uid),
          eq(staffMembers.role, 'OWNER'),
        ),
      );
    assert.equal(owners.length, 1, 'the company keeps exactly one owner');
    // Whoever won is still the owner; put the original owner back if the partner won.
    if (a.statusCode === 403) {
      const restore = await t.patch(
        `/api/v5/admin/staff/members/${ownerUid}/`,
        { role: 'OWNER' },
        opts(second),
      );
      assert.equal(restore.statusCode, 200, restore.body);
    }
  });

  test("another company's member or invitation is 404 and untouched", async () => {
    const bare = await s.login('bare@staff.test');
    const uid = await uidOf('validator@staff.test');
    const patch = await t.patch(
      `/api/v5/admin/staff/members/${uid}/`,
      { role: 'OWNER' },
      opts(bare),
    );
    assert.equal(patch.statusCode, 404, patch.body);
    assert.equal(
      (await t.delete(`/api/v5/admin/staff/members/${uid}/`, opts(bare))).statusCode,
      404,
    );
    const invited = await t.post(
      '/api/v5/admin/staff/invitations/',
      { email: 'ajena@staff.test', role: 'STAFF' },
      opts(s.auth.owner),
    );
    const revoke = await t.delete(`/api/v5/admin/staff/invitations/${invited.data.uid}/`, {
      ...opts(bare),
    });
    assert.equal(revoke.statusCode, 404);
    const theirs = await t.get('/api/v5/admin/staff/members/', opts(bare));
    assert.deepEqual(
      theirs.data.map((m: { email: string }) => m.email),
      ['bare@staff.test'],
    );
    assert.deepEqual((await t.get('/api/v5/admin/staff/invitations/', opts(bare))).data, []);
    assert.equal((await uidOf('validator@staff.test')) === uid, true);
    const pending = await t.get('/api/v5/admin/staff/invitations/', opts(s.auth.owner));
    assert.ok(pending.data.some((i: { uid: string }) => i.uid === invited.data.uid));
  });
});
