import { eq, gt, isNull, ne } from 'drizzle-orm';
import { authMessages, passwordError, returnPath } from '@store/contract';
import { linkTokens, mailOutbox, sessions, users } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { hashPassword, newToken, tokenHash } from '../../lib/secrets';
import { isUid } from '../../lib/uid';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { anonymiseOrdersOf } from '../orders/service';
import { deleteAccountMail, resetPasswordMail, verificationMail } from '../mail/templates';
import type { AuthScope } from './context';
import { limitByAddress, limitByIdentity } from './limits';
import { findUser } from './users';
import { type TenantRef, ofTenant } from '../../scope/tenant-query';
import { withDb, type MemberScope, type TenantDb } from '../../scope/scope';

export type LinkPurpose = 'verify_email' | 'reset_password' | 'delete_account';

const expired = () => new NotFoundError(authMessages.linkExpired);

/**
 * Issues a single-use link token for a purpose; any earlier unused link of
 * the same purpose stops working (only the newest mail counts). Answers the
 * raw token, which only the mail ever sees.
 */
export async function issueLink(
  ctx: AuthScope,
  userUid: string,
  purpose: LinkPurpose,
): Promise<string> {
  const now = new Date();
  await ctx.db
    .update(linkTokens)
    .set({ usedAt: now })
    .where(
      ofTenant(
        ctx,
        linkTokens,
        eq(linkTokens.userUid, userUid),
        eq(linkTokens.purpose, purpose),
        isNull(linkTokens.usedAt),
      ),
    );
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.linkLifetimeSeconds[purpose] * 1000);
  await ctx.db
    .insert(linkTokens)
    .values({ appId: ctx.app.uid, tokenHash: tokenHash(token), userUid, purpose, expiresAt });
  return token;
}

function linkWhere(scope: TenantRef, userUid: string, purpose: LinkPurpose, token: string) {
  return ofTenant(
    scope,
    linkTokens,
    eq(linkTokens.tokenHash, tokenHash(token)),
    eq(linkTokens.userUid, userUid),
    eq(linkTokens.purpose, purpose),
    isNull(linkTokens.usedAt),
    gt(linkTokens.expiresAt, new Date()),
  );
}

/** The link's user when the link is still good (unused, not expired), else 404 'El link ha expirado'. */
async function openLink(
  scope: TenantDb,
  userUid: string,
  purpose: LinkPurpose,
  token: string,
): Promise<UserRow> {
  if (!isUid(userUid) || token.length > 200) throw expired();
  const [link] = await scope.db
    .select({ userUid: linkTokens.userUid })
    .from(linkTokens)
    .where(linkWhere(scope, userUid, purpose, token));
  const user = link && (await findUser(scope, userUid));
  if (!user) throw expired();
  return user;
}

/** Marks the link used in the same statement that checks it, so two clicks cannot both use it. */
async function consumeLink(
  scope: TenantDb,
  userUid: string,
  purpose: LinkPurpose,
  token: string,
): Promise<UserRow> {
  if (!isUid(userUid) || token.length > 200) throw expired();
  const used = await scope.db
    .update(linkTokens)
    .set({ usedAt: new Date() })
    .where(linkWhere(scope, userUid, purpose, token))
    .returning({ userUid: linkTokens.userUid });
  const user = used.length ? await findUser(scope, userUid) : undefined;
  if (!user) throw expired();
  return user;
}

function who(ctx: AuthScope, user: UserRow) {
  return { appName: ctx.app.name, to: user.email!, firstName: user.firstName };
}

/**
 * Queues the verification mail in `tx`, the transaction that issued its link. `next`: the page
 * of the store the link returns to once confirmed (the web page reads `?next=`), e.g. the store
 * sign-up a merchant started from; anything but a plain path of ours is left out.
 */
export async function sendVerificationMail(
  ctx: AuthScope,
  tx: Tx,
  user: UserRow,
  token: string,
  next?: string | null,
): Promise<void> {
  if (!user.email) return;
  const back = returnPath(next);
  const link = `${ctx.origin}/verification-email/${ctx.app.uid}/${user.uid}/${token}${back ? `?next=${encodeURIComponent(back)}` : ''}`;
  const days = Math.round(ctx.config.linkLifetimeSeconds.verify_email / 86400);
  await ctx.mailer.queue(tx, ctx.app.uid, verificationMail(who(ctx, user), link, days));
}

/** `GET v5/verification-email/{uidApp}/{uidUser}/{token}/` */
export async function verifyEmail(
  ctx: AuthScope,
  params: { uidApp: string; uidUser: string; token: string },
): Promise<void> {
  if (params.uidApp !== ctx.app.uid) throw expired();
  await ctx.db.transaction(async (tx) => {
    const user = await consumeLink(withDb(ctx, tx), params.uidUser, 'verify_email', params.token);
    if (!user.emailVerifiedAt) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(ofTenant(ctx, users, eq(users.uid, user.uid)));
    }
  });
}

/**
 * `POST v5/me/reset_password/`: the same answer whether or not the email has
 * an account; the link and its mail are written together and the outbox
 * worker sends it after answering.
 */
export async function requestPasswordReset(ctx: AuthScope, email: string): Promise<void> {
  await limitByAddress(ctx, 'recovery');
  await limitByIdentity(ctx, 'recovery', `email:${email}`);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(ofTenant(ctx, users, eq(users.email, email)));
  if (!user) return;
  const minutes = Math.round(ctx.config.linkLifetimeSeconds.reset_password / 60);
  await ctx.db.transaction(async (tx) => {
    const token = await issueLink(withDb(ctx, tx), user.uid, 'reset_password');
    const link = `${ctx.origin}/reset-password/${user.uid}/${token}`;
    await ctx.mailer.queue(tx, ctx.app.uid, resetPasswordMail(who(ctx, user), link, minutes));
  });
}

/**
 * `POST v5/me/reset_password/{uidUser}/{token}/`: sets the new password,
 * signs out every session (whoever had the old password is out) and, since
 * the mail was opened, counts the email as verified. Rate-limited, and the
 * link is checked before the (deliberately slow) password hash, so junk
 * tokens cost the server next to nothing.
 */
export async function resetPassword(
  ctx: AuthScope,
  params: { uidUser: string; token: string },
  password: string,
): Promise<void> {
  await limitByAddress(ctx, 'reset');
  await limitByIdentity(ctx, 'reset', `user:${params.uidUser}`);
  const user = await openLink(ctx, params.uidUser, 'reset_password', params.token);
  const message = passwordError(password, user.email);
  if (message) throw new ValidationError({ password: [message] });
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // Consumed in the same statement that checks it again: two submits of one link cannot both win.
    await consumeLink(withDb(ctx, tx), params.uidUser, 'reset_password', params.token);
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(ofTenant(ctx, users, eq(users.uid, user.uid)));
    await tx.delete(sessions).where(ofTenant(ctx, sessions, eq(sessions.userUid, user.uid)));
  });
}

/** The deletion page's path: the partner variant when the app sets a prefix. */
function deletionPath(ctx: AuthScope, user: UserRow, token: string): string {
  const prefix = ctx.app.partnerDeletionPrefix ? `/${ctx.app.partnerDeletionPrefix}` : '';
  return `${prefix}/me/delete/${ctx.app.uid}/${user.uid}/${token}`;
}

/** `POST v5/delete-account/`: mails the signed-in member a link that deletes the account. */
export async function requestDeletion(ctx: AuthScope, user: UserRow): Promise<void> {
  await limitByAddress(ctx, 'deletion');
  await limitByIdentity(ctx, 'deletion', `user:${user.uid}`);
  if (!user.email) throw new ValidationError(authMessages.noEmail);
  const hours = Math.round(ctx.config.linkLifetimeSeconds.delete_account / 3600);
  await ctx.db.transaction(async (tx) => {
    const token = await issueLink(withDb(ctx, tx), user.uid, 'delete_account');
    await ctx.mailer.queue(
      tx,
      ctx.app.uid,
      deleteAccountMail(who(ctx, user), `${ctx.origin}${deletionPath(ctx, user, token)}`, hours),
    );
  });
}

/** `GET v5/me/delete/{uid}/{token}/`: is the link good, and whose account is it. */
export async function openDeletionLink(
  ctx: AuthScope,
  userUid: string,
  token: string,
): Promise<UserRow> {
  return openLink(ctx, userUid, 'delete_account', token);
}

/**
 * `DELETE v5/me/delete/{uid}/{token}/`: removes the member for real. Sessions
 * and links go with the row (foreign keys cascade), mails kept for them in
 * the outbox are deleted too. Rows that must outlive the member (orders) are
 * detached here first, in the same transaction: their keys to users only check
 * (Citus refuses ON DELETE SET NULL on keys holding app_id).
 */
export async function deleteAccount(ctx: AuthScope, userUid: string, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await consumeLink(withDb(ctx, tx), userUid, 'delete_account', token);
    // Orders outlive the member but keep none of their personal data.
    await anonymiseOrdersOf(tx, ctx.app.uid, user.uid);
    await tx.delete(users).where(ofTenant(ctx, users, eq(users.uid, user.uid)));
    if (user.email)
      await tx.delete(mailOutbox).where(ofTenant(ctx, mailOutbox, eq(mailOutbox.to, user.email)));
  });
}

/** Change password (signed in): other sessions end, this one stays. */
export async function signOutOthers(scope: MemberScope, keepHash: string | null) {
  await scope.db
    .delete(sessions)
    .where(
      ofTenant(
        scope,
        sessions,
        eq(sessions.userUid, scope.user.uid),
        keepHash ? ne(sessions.tokenHash, keepHash) : undefined,
      ),
    );
}
