import { startSmtp as startSharedSmtp } from '../../server/test/support/smtp';

export type { ReceivedMail } from '../../server/test/support/smtp';
export type SmtpInbox = Awaited<ReturnType<typeof startSmtp>>;

/** The API suite's SMTP server; a browser journey waits longer for each mail. */
export function startSmtp(options: Parameters<typeof startSharedSmtp>[0] = {}) {
  return startSharedSmtp({ defaultWaitMs: 10_000, ...options });
}
