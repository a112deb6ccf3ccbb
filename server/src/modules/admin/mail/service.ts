import { count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ADMIN_FAILED_MAILS_LIMIT, adminMessages, type AdminMailReport } from '@store/contract';
import { mailOutbox } from '../../../db/schema';
import { ForbiddenError, NotFoundError } from '../../../lib/http-errors';
import { withDb } from '../../../scope/scope';
import { recordChange } from '../audit';
import { ofTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

/**
 * The store's mail outbox as its owner needs it: the backlog and the mails given up on. Mails
 * are the whole tenant's (members' recovery links, every company's invitations), so only the
 * owner of the main company reads them, as with the store's export.
 */
function requireMainOwner(admin: AdminScope): void {
  if (admin.role !== 'OWNER' || admin.company.uid !== admin.app.mainCompanyUid)
    throw new ForbiddenError(adminMessages.mailMainOwnerOnly);
}

export async function mailReport(admin: AdminScope): Promise<AdminMailReport> {
  requireMainOwner(admin);
  const o = mailOutbox;
  const [{ pending }] = await admin.db
    .select({ pending: count() })
    .from(o)
    .where(ofTenant(admin, o, isNull(o.sentAt), isNull(o.failedAt)));
  const failed = await admin.db
    .select({
      uid: o.uid,
      to: o.to,
      subject: o.subject,
      attempts: o.attempts,
      error: o.error,
      createdAt: o.createdAt,
      failedAt: o.failedAt,
    })
    .from(o)
    .where(ofTenant(admin, o, isNotNull(o.failedAt)))
    .orderBy(desc(o.failedAt), desc(o.uid))
    .limit(ADMIN_FAILED_MAILS_LIMIT);
  return {
    pending,
    failed: failed.map((m) => ({
      uid: m.uid,
      to: m.to,
      subject: m.subject,
      attempts: m.attempts,
      error: m.error,
      created_at: m.createdAt.toISOString(),
      failed_at: m.failedAt!.toISOString(),
    })),
  };
}

/**
 * Puts a mail given up on back in the queue, for when its cause is fixed (a full mailbox, a
 * mistyped SMTP password): attempts start again from zero and the worker sends it at once. The
 * owner's retry is audited with the mail's recipient and subject, never its body.
 */
export async function retryFailedMail(admin: AdminScope, uid: string): Promise<void> {
  requireMainOwner(admin);
  const o = mailOutbox;
  await admin.db.transaction(async (tx) => {
    const [mail] = await tx
      .update(o)
      .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(ofTenant(admin, o, eq(o.uid, uid), isNotNull(o.failedAt), isNull(o.sentAt)))
      .returning({ to: o.to, subject: o.subject, error: o.error });
    if (!mail) throw new NotFoundError();
    await recordChange(withDb(admin, tx), {
      entity: 'mail',
      entityUid: uid,
      action: 'update',
      before: { to: mail.to, subject: mail.subject, status: 'failed', error: mail.error },
      after: { to: mail.to, subject: mail.subject, status: 'pending' },
    });
  });
}
