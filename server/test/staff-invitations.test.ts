import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, desc, eq } from 'drizzle-orm';
import { staffMessages, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { makeStaffShop, type StaffShop } from './support/staff';
import { mailOutbox, staffInvitations, users } from '../src/db/schema';

/**
 * Staff roles reach an account only through an invitation mailed to its
 * address and accepted by someone signed in with that address; the owner's
 * form never grants a role to whoever holds an email first.
 */
let t: TestApp;
let s: StaffShop;
let appUid: string;
const opts = (headers?: Record<string, string>) => ({ host: s.host, headers });

/** The newest mail to an address and the invitation link in it (uid and token). */
async function invitationMail(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.appId, appUid), eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  assert.ok(mail, `a mail to ${to}`);
  const match = /(https?:\/\/[^/\s]+)\/staff\/invitation\/([0-9a-f-]{36})\/([\w-]+)/.exec(
    mail.text,
  );
  assert.ok(match, mail.text);
  return { mail, origin: match[1], uid: match[2], token: match[3] };
}

const invite = (body: Record<string, unknown>) =>
  t.post('/api/v5/staff/invitations/', body, opts(s.auth.owner));
const staffMe = (auth: Record<string, string>) => t.get('/api/v5/staff/me/', opts(auth));

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'staffinvite');
  appUid = (s.app as { uid: string }).uid;
});
after(() => t?.close());

describe('staff invitations', () => {
  test('invite, register with that email, accept: the role is given and the email verified', async () => {
    const res = await invite({
      email: 'Nueva@Example.com',
      role: 'VALIDATOR',
      place_uids: [s.places.a],
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.email, 'nueva@example.com');
    assert.deepEqual(res.data.places, [{ uid: s.places.a, name: 'Local A' }]);
    assert.equal(res.data.expired, false);
    const link = await invitationMail('nueva@example.com');
    assert.equal(link.uid, res.data.uid);
    assert.equal(
      link.origin,
      `https://${s.host}`,
      "the link points at the store's own domain (https), as the accounts mails do",
    );

    const pending = await t.get('/api/v5/staff/invitations/', opts(s.auth.owner));
    assert.deepEqual(
      pending.data.map((i: { email: string }) => i.email),
      ['nueva@example.com'],
    );

    // Anyone with the link may read the offer; it names the email to sign in with.
    const offer = await t.get(`/api/v5/invitations/${link.uid}/${link.token}/`, opts());
    assert.equal(offer.statusCode, 200, offer.body);
    assert.equal(offer.data.company.name, 'Main staffinvite');
    assert.equal(offer.data.email, 'nueva@example.com');
    assert.equal(offer.data.role, 'VALIDATOR');

    const anonymous = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(),
    );
    assert.equal(anonymous.statusCode, 401);
    // Someone else, signed in with another address, cannot take it.
    const other = await registerMember(t, s.host);
    const wrong = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(other.auth),
    );
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.data, {
      non_field_errors: [messageText(staffMessages.invitationOtherEmail)],
    });
    assert.equal((await staffMe(other.auth)).statusCode, 403);

    const invitee = await registerMember(t, s.host, { email: 'nueva@example.com' });
    assert.equal((await staffMe(invitee.auth)).statusCode, 403, 'no role before accepting');
    const accepted = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(invitee.auth),
    );
    assert.equal(accepted.statusCode, 200, accepted.body);
    const me = await staffMe(invitee.auth);
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.data.role, 'VALIDATOR');
    assert.deepEqual(
      me.data.places.map((p: { uid: string }) => p.uid),
      [s.places.a],
    );
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.appId, appUid), eq(users.uid, invitee.user.uid)));
    assert.ok(row.emailVerifiedAt, 'accepting from the mailed link verifies the address');

    const twice = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(invitee.auth),
    );
    assert.equal(twice.statusCode, 404);
    assert.deepEqual(twice.data, { detail: messageText(staffMessages.invitationNotFound) });
    const after = await t.get('/api/v5/staff/invitations/', opts(s.auth.owner));
    assert.deepEqual(after.data, []);
    const members = await t.get('/api/v5/staff/members/', opts(s.auth.owner));
    assert.ok(members.data.some((m: { email: string }) => m.email === 'nueva@example.com'));
  });

  test("whoever registered the address first gets nothing from the owner's form: no grant by email", async () => {
    // The attacker registers the address the owner is about to add (unverified).
    const squatter = await registerMember(t, s.host, { email: 'cajera.nueva@example.com' });
    const grant = await t.post(
      '/api/v5/staff/members/',
      { email: 'cajera.nueva@example.com', role: 'OWNER', place_uids: [] },
      opts(s.auth.owner),
    );
    assert.equal(grant.statusCode, 400);
    assert.deepEqual(grant.data, { email: [messageText(staffMessages.notStaffHere)] });
    const invited = await invite({ email: 'cajera.nueva@example.com', role: 'STAFF' });
    assert.equal(invited.statusCode, 201, invited.body);
    assert.equal((await staffMe(squatter.auth)).statusCode, 403, 'an invitation is not a role');
  });

  test('a verified account is invited too: no role until it accepts', async () => {
    // nobody@ was imported verified.
    const res = await invite({ email: 'nobody@staff.test', role: 'STAFF' });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((await staffMe(s.auth.nobody)).statusCode, 403);
    const link = await invitationMail('nobody@staff.test');
    const accepted = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(s.auth.nobody),
    );
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal((await staffMe(s.auth.nobody)).data.role, 'STAFF');
    // Now on the staff, the owner changes the role directly; inviting again is refused.
    const change = await t.post(
      '/api/v5/staff/members/',
      { email: 'nobody@staff.test', role: 'VALIDATOR', place_uids: [s.places.b] },
      opts(s.auth.owner),
    );
    assert.equal(change.statusCode, 200, change.body);
    assert.equal(change.data.role, 'VALIDATOR');
    const again = await invite({ email: 'nobody@staff.test', role: 'STAFF' });
    assert.deepEqual(again.data, { email: [messageText(staffMessages.alreadyStaffHere)] });
  });

  test('revoked, replaced and expired links stop working; revoking twice is 404', async () => {
    const first = await invite({ email: 'revocar@example.com', role: 'STAFF' });
    const firstLink = await invitationMail('revocar@example.com');
    const second = await invite({ email: 'revocar@example.com', role: 'VALIDATOR' });
    assert.equal(second.statusCode, 201);
    const replaced = await t.get(
      `/api/v5/invitations/${firstLink.uid}/${firstLink.token}/`,
      opts(),
    );
    assert.equal(replaced.statusCode, 404, 'only the newest link works');
    assert.notEqual(first.data.uid, second.data.uid);
    const link = await invitationMail('revocar@example.com');
    const forged = await t.get(`/api/v5/invitations/${link.uid}/${link.token}x/`, opts());
    assert.equal(forged.statusCode, 404);

    const revoke = await t.delete(`/api/v5/staff/invitations/${link.uid}/`, opts(s.auth.owner));
    assert.equal(revoke.statusCode, 204, revoke.body);
    const gone = await t.get(`/api/v5/invitations/${link.uid}/${link.token}/`, opts());
    assert.equal(gone.statusCode, 404);
    const invitee = await registerMember(t, s.host, { email: 'revocar@example.com' });
    const late = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(invitee.auth),
    );
    assert.equal(late.statusCode, 404);
    assert.equal((await staffMe(invitee.auth)).statusCode, 403);
    const twice = await t.delete(`/api/v5/staff/invitations/${link.uid}/`, opts(s.auth.owner));
    assert.equal(twice.statusCode, 404);
    // Another company's owner cannot revoke this company's invitation.
    const third = await invite({ email: 'revocar@example.com', role: 'STAFF' });
    const bare = await s.login('bare@staff.test');
    const foreign = await t.delete(`/api/v5/staff/invitations/${third.data.uid}/`, opts(bare));
    assert.equal(foreign.statusCode, 404);
    // Past its 7 days: listed as expired for the owner, and the link no longer opens.
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(staffInvitations.appId, appUid), eq(staffInvitations.uid, third.data.uid)));
    const thirdLink = await invitationMail('revocar@example.com');
    const expired = await t.get(`/api/v5/invitations/${thirdLink.uid}/${thirdLink.token}/`, opts());
    assert.equal(expired.statusCode, 404);
    const list = await t.get('/api/v5/staff/invitations/', opts(s.auth.owner));
    assert.equal(
      list.data.find((i: { uid: string }) => i.uid === third.data.uid)?.expired,
      true,
      list.body,
    );
  });

  test('a user already staff of another company cannot accept', async () => {
    await invite({ email: 'rival@staff.test', role: 'STAFF' });
    const link = await invitationMail('rival@staff.test');
    const res = await t.post(
      `/api/v5/invitations/${link.uid}/${link.token}/accept/`,
      {},
      opts(s.auth.rival),
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      non_field_errors: [messageText(staffMessages.staffOfOtherCompany)],
    });
    assert.equal((await staffMe(s.auth.rival)).data.company.name, 'Rival staffinvite');
  });

  test('field errors: bad email, places of another company; not for staff or validators', async () => {
    const bad = await invite({ email: 'nope', role: 'STAFF' });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.email);
    const place = await invite({
      email: 'x@example.com',
      role: 'STAFF',
      place_uids: [s.places.rival],
    });
    assert.deepEqual(place.data, { 'place_uids.0': [messageText(staffMessages.placeNotFound)] });
    for (const auth of [s.auth.staff, s.auth.validator]) {
      const res = await t.post(
        '/api/v5/staff/invitations/',
        { email: 'x@example.com', role: 'STAFF' },
        opts(auth),
      );
      assert.equal(res.statusCode, 403);
    }
  });
});
