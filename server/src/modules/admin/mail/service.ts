import { count, desc, isNotNull, isNull } from 'drizzle-orm';
import { ADMIN_FAILED_MAILS_LIMIT, adminMessages, type AdminMailReport } from '@store/contract';
import { mailOutbox } from '../../../db/schema';
import { ForbiddenError } from '../../../lib/http-errors';
import { ofTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

/**
 * The store's mail outbox as its owner needs it: the backlog and the mails given up on. Mails
 * are the whole tenant's (members' recovery links, every company's invitations), so only the
 * owner of the main company reads them, as with the store's export.
 */
export async function mailReport(admin: AdminScope): Promise<AdminMailReport> {
  if (admin.role !== 'OWNER' || admin.company.uid !== admin.app.mainCompanyUid)
    throw new ForbiddenError(adminMessages.mailMainOwnerOnly);
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
