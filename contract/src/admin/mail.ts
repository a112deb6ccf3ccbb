import { z } from 'zod';

/** Most failed mails `GET v5/admin/mail/` lists (the newest). */
export const ADMIN_FAILED_MAILS_LIMIT = 100;

/**
 * A mail the outbox gave up on. Never its body: the links in it carry tokens (password
 * reset, account deletion, staff invitations) that would work for whoever reads them.
 */
export const adminFailedMail = z.object({
  uid: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  /** The SMTP server's last answer (or the connection error). */
  error: z.string().nullable(),
  created_at: z.string(),
  failed_at: z.string(),
});
export type AdminFailedMail = z.infer<typeof adminFailedMail>;

/** `GET v5/admin/mail/`: how many mails wait for a (re)try, and the newest failed ones. */
export const adminMailReport = z.object({
  pending: z.number().int(),
  failed: z.array(adminFailedMail),
});
export type AdminMailReport = z.infer<typeof adminMailReport>;
