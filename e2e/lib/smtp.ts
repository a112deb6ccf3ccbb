import { after } from 'node:test';
import { startSmtp as startSharedSmtp } from '../../server/test/support/smtp';
import { useHarness, type Harness } from './harness';

export type { ReceivedMail } from '../../server/test/support/smtp';
export type SmtpInbox = Awaited<ReturnType<typeof startSmtp>>;

/** The API suite's SMTP server; a browser journey waits longer for each mail. */
export function startSmtp(options: Parameters<typeof startSharedSmtp>[0] = {}) {
  return startSharedSmtp({ defaultWaitMs: 10_000, ...options });
}

/**
 * The file's harness with an SMTP server of its own: started before the app server (whose
 * SMTP_URL names it, beside the settings `env` adds) and closed after the file. `inbox()` is that
 * server once the file has started.
 */
export function useHarnessWithSmtp(
  options: { env?: Record<string, string>; smtp?: Parameters<typeof startSmtp>[0] } = {},
): { harness: Harness; inbox: () => SmtpInbox } {
  let smtp: SmtpInbox | undefined;
  const harness = useHarness({
    env: async () => {
      smtp = await startSmtp(options.smtp);
      return { SMTP_URL: smtp.url, ...options.env };
    },
  });
  after(async () => {
    await smtp?.close();
  });
  const inbox = () => {
    if (!smtp) throw new Error('no SMTP server');
    return smtp;
  };
  return { harness, inbox };
}
