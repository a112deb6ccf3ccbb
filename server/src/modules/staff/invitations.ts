import { randomUUID } from 'node:crypto';
import { desc, eq, gt, isNull } from 'drizzle-orm';
import {
  staffMessages,
  type StaffInvitation,
  type StaffInvitationOffer,
  type StaffRole,
} from '@store/contract';
import { companies, places, staffInvitations, staffMembers, users } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { newToken, tokenHash } from '../../lib/secrets';
import { isUid } from '../../lib/uid';
import type { Mailer } from '../mail/mailer';
import { staffInvitationMail } from '../mail/templates';
import {
  withDb,
  type MemberScope,
  type Scope,
  type StaffScope,
  type TenantDb,
} from '../../scope/scope';
import { checkPlaces, placeNames } from './members';
import { type TenantRef, ofTenant, sameTenant } from '../../scope/tenant-query';
import { updateSet } from '../../db/upsert';
import { enforceRateLimits } from '../../lib/rate-limit';
import { defaultMailQuotas, type MailQuotas } from '../../config';

/**
 * Staff invitations (docs/decisions.md "Security (issue 15)"), as Medusa and
 * Saleor do them: the owner names an email and a role, the address gets a
 * single-use link, and the role reaches an account only when someone signed
 * in with THAT address accepts it. Never granted at once, not even to a
 * verified account: the invitee consents, and the owner's form tells nobody
 * which addresses have accounts.
 */
export const INVITATION_DAYS = 7;

/** What the invitation routes say of the daily quota (Config mailQuotas). */
export const INVITATION_QUOTA = `A company mails at most ${defaultMailQuotas.invitationsPerCompany.max} invitations a day, ${defaultMailQuotas.invitationsPerUnreviewedStore.max} while the marketplace has not approved the store (RATE_LIMIT_FACTOR scales both): over that, 429 with Retry-After.`;

const roleNames: Record<StaffRole, string> = {
  OWNER: 'Dueño',
  MANAGER: 'Administrador',
  STAFF: 'Personal',
  VALIDATOR: 'Validador',
};

/**
 * Where the mailed link points (protocol://host of the tenant, as the accounts mails build it) and
 * how many invitations a company may mail a day.
 */
export type InvitationMail = {
  mailer: Mailer;
  origin: string;
  quotas: Pick<MailQuotas, 'invitationsPerCompany' | 'invitationsPerUnreviewedStore'>;
};

function toApi(
  row: typeof staffInvitations.$inferSelect,
  names: Map<string, string>,
  invitedBy: string | null,
  now: Date,
): StaffInvitation {
  return {
    uid: row.uid,
    email: row.email,
    role: row.role,
    places: row.placeUids.filter((u) => names.has(u)).map((u) => ({ uid: u, name: names.get(u)! })),
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/** The company's invitations nobody accepted nor revoked, newest first (expired ones flagged). */
export async function listInvitations(staff: StaffScope): Promise<StaffInvitation[]> {
  const rows = await staff.db
    .select({ invitation: staffInvitations, inviter: users.email })
    .from(staffInvitations)
    .leftJoin(
      users,
      sameTenant(users, staffInvitations, eq(users.uid, staffInvitations.invitedByUid)),
    )
    .where(
      ofTenant(
        staff,
        staffInvitations,
        eq(staffInvitations.companyUid, staff.company.uid),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt))
    .limit(100);
  const names = await placeNames(staff);
  const now = new Date();
  return rows.map((r) => toApi(r.invitation, names, r.inviter, now));
}

/**
 * `POST v5/staff/invitations/`: a new invitation replaces the company's
 * pending one for the same address (only the newest link works) and is mailed.
 * `inside` runs in the invitation's transaction (the back office's audit line), before the mail.
 */
export async function createInvitation(
  staff: StaffScope,
  input: { email: string; role: StaffRole; place_uids: string[] },
  mail: InvitationMail,
  inside?: (scope: StaffScope, invitation: StaffInvitation) => Promise<void>,
): Promise<StaffInvitation> {
  const email = input.email.toLowerCase();
  const placeUids = await checkPlaces(staff, input.place_uids);
  const [already] = await staff.db
    .select({ uid: users.uid })
    .from(staffMembers)
    .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
    .where(
      ofTenant(
        staff,
        staffMembers,
        eq(staffMembers.companyUid, staff.company.uid),
        eq(users.email, email),
      ),
    );
  if (already) throw new ValidationError({ email: [staffMessages.alreadyStaffHere] });
  const counted = await countInvitation(staff, mail.quotas);
  const token = newToken();
  const now = new Date();
  const written = staff.db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        ofTenant(
          staff,
          staffInvitations,
          eq(staffInvitations.companyUid, staff.company.uid),
          eq(staffInvitations.email, email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const [inserted] = await tx
      .insert(staffInvitations)
      .values({
        appId: staff.app.uid,
        uid: randomUUID(),
        tokenHash: tokenHash(token),
        companyUid: staff.company.uid,
        email,
        role: input.role,
        placeUids,
        invitedByUid: staff.user.uid,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
        createdAt: now,
      })
      .returning();
    if (inside)
      await inside(
        withDb(staff, tx),
        toApi(inserted, await placeNames(withDb(staff, tx)), staff.user.email, now),
      );
    await mail.mailer.queue(
      tx,
      staff.app.uid,
      staffInvitationMail(
        { appName: staff.app.name, to: email, firstName: '' },
        {
          company: staff.company.name,
          role: roleNames[input.role],
          link: `${mail.origin}/staff/invitation/${inserted.uid}/${token}`,
          days: INVITATION_DAYS,
        },
      ),
    );
    return inserted;
  });
  // Nothing was mailed: the count goes back.
  const row = await written.catch(async (err: unknown) => {
    await counted.giveBack();
    throw err;
  });
  return toApi(row, await placeNames(staff), staff.user.email, now);
}

/**
 * Each invitation mails an address the company names, under the tenant's name: a company sends
 * so many a day, and a store the marketplace has not approved (its name and its owner unchecked)
 * far fewer. One count per company, whatever its status, so an approval the same day adds only
 * the difference.
 */
function countInvitation(staff: StaffScope, quotas: InvitationMail['quotas']) {
  return staff.db
    .select({ status: companies.status })
    .from(companies)
    .where(ofTenant(staff, companies, eq(companies.uid, staff.company.uid)))
    .then(([company]) =>
      enforceRateLimits(
        staff.db,
        staff.app.uid,
        [
          {
            bucket: 'staff-invitations:company',
            key: staff.company.uid,
            limit:
              company?.status === 'approved'
                ? quotas.invitationsPerCompany
                : quotas.invitationsPerUnreviewedStore,
          },
        ],
        staff.clock(),
      ),
    );
}

/** `DELETE v5/staff/invitations/{uid}/`: a pending invitation of the company stops working. */
export async function revokeInvitation(staff: StaffScope, uid: string): Promise<void> {
  if (!isUid(uid)) throw new NotFoundError();
  const revoked = await staff.db
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(
      ofTenant(
        staff,
        staffInvitations,
        eq(staffInvitations.uid, uid),
        eq(staffInvitations.companyUid, staff.company.uid),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ uid: staffInvitations.uid });
  if (revoked.length === 0) throw new NotFoundError();
}

const gone = () => new NotFoundError(staffMessages.invitationNotFound);

/** The invitation behind a link while it is good: not accepted, revoked nor expired. */
function goodLink(scope: TenantRef, uid: string, token: string) {
  return ofTenant(
    scope,
    staffInvitations,
    eq(staffInvitations.uid, uid),
    eq(staffInvitations.tokenHash, tokenHash(token)),
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, new Date()),
  );
}

async function offerOf(
  scope: TenantDb,
  row: typeof staffInvitations.$inferSelect,
): Promise<StaffInvitationOffer> {
  const { db } = scope;
  const [company] = await db
    .select({ uid: companies.uid, name: companies.name })
    .from(companies)
    .where(ofTenant(scope, companies, eq(companies.uid, row.companyUid)));
  const placeRows = await db
    .select({ uid: places.uid, name: places.name })
    .from(places)
    .where(ofTenant(scope, places, eq(places.companyUid, row.companyUid)));
  const names = new Map(placeRows.map((p) => [p.uid, p.name]));
  return {
    uid: row.uid,
    company,
    email: row.email,
    role: row.role,
    places: row.placeUids.filter((u) => names.has(u)).map((u) => ({ uid: u, name: names.get(u)! })),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** `GET v5/invitations/{uid}/{token}/`: what the link offers (anyone holding the link may read it). */
export async function openInvitation(
  scope: Scope,
  uid: string,
  token: string,
): Promise<StaffInvitationOffer> {
  const { db } = scope;
  if (!isUid(uid) || token.length > 200) throw gone();
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(goodLink(scope, uid, token));
  if (!row) throw gone();
  return offerOf(scope, row);
}

/**
 * `POST v5/invitations/{uid}/{token}/accept/`: the signed-in account must have
 * the invited address. Opening the mailed link proves the mailbox, so an
 * unverified address becomes verified here. The invitation is spent in the
 * statement that checks it, so a link works once.
 */
export async function acceptInvitation(
  scope: MemberScope,
  uid: string,
  token: string,
): Promise<StaffInvitationOffer> {
  const { db, app, user } = scope;
  if (!isUid(uid) || token.length > 200) throw gone();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staffInvitations)
      .where(goodLink(scope, uid, token))
      .for('update');
    if (!row) throw gone();
    if (!user.email || user.email.toLowerCase() !== row.email)
      throw new ValidationError(staffMessages.invitationOtherEmail);
    const [existing] = await tx
      .select({ companyUid: staffMembers.companyUid })
      .from(staffMembers)
      .where(ofTenant(scope, staffMembers, eq(staffMembers.userUid, user.uid)));
    if (existing && existing.companyUid !== row.companyUid)
      throw new ValidationError(staffMessages.staffOfOtherCompany);
    const member = {
      appId: app.uid,
      userUid: user.uid,
      companyUid: row.companyUid,
      role: row.role,
      placeUids: row.placeUids,
      source: 'owner' as const,
    };
    await tx
      .insert(staffMembers)
      .values(member)
      .onConflictDoUpdate({
        target: [staffMembers.appId, staffMembers.userUid],
        set: updateSet(member),
      });
    if (!user.emailVerifiedAt)
      await tx
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(ofTenant(scope, users, eq(users.uid, user.uid)));
    const now = new Date();
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: now, acceptedByUid: user.uid })
      .where(ofTenant(scope, staffInvitations, eq(staffInvitations.uid, row.uid)));
    return offerOf(withDb(scope, tx), row);
  });
}
