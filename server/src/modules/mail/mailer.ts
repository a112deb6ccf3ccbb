import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { eq } from 'drizzle-orm';
import { apps, mailOutbox } from '../../db/schema';
import { isLoopbackDomain } from '../../lib/public-url';
import { defaultMailDelivery, type MailDelivery } from './delivery';
import { MailWorker } from './worker';
import { insertRows, preparedOnce } from '../../db/placeholder';

export type Mail = { to: string; subject: string; text: string; html: string };

/** Built once: every order and most account changes queue a mail in their transaction. */
const mailRow = insertRows(mailOutbox, ['appId', 'uid', 'to', 'subject', 'text', 'html', 'sentAt']);
const insertMail = preparedOnce((db) =>
  db.insert(mailOutbox).values(mailRow.placeholders(1)).prepare(''),
);

const writeMail = (
  db: Database | Tx,
  appId: string,
  uid: string,
  mail: Mail,
  sentAt: Date | null,
) => insertMail(db).execute(mailRow.values([{ appId, uid, ...mail, sentAt }]));

export type MailerOptions = { smtpUrl?: string; from: string; delivery?: MailDelivery };

/**
 * The app's mails go through the `mail_outbox` table: `queue` writes one in the caller's
 * transaction (the mail exists exactly when what caused it does), and the outbox worker sends it
 * after the commit, retrying with backoff. Without an SMTP URL (the demo) a mail of a tenant on
 * `localhost`/`*.localhost` is printed to the log and kept in the outbox as sent, where the demo
 * reads its links: those links only open on this machine. A real tenant's mail is never printed
 * (its links carry working tokens, and logs travel); it waits in the outbox, unsent, until the
 * server runs with SMTP_URL.
 */
export class Mailer {
  private readonly worker: MailWorker | null;
  /** Whether a tenant is a loopback (demo) one, asked once per tenant: domains hardly change. */
  private readonly loopback = new Map<string, boolean>();

  constructor(
    db: Database,
    private readonly log: FastifyBaseLogger,
    options: MailerOptions,
  ) {
    this.worker = options.smtpUrl
      ? new MailWorker(
          db,
          // Short timeouts: a hung SMTP server must not outlive the claim's lease.
          nodemailer.createTransport({
            url: options.smtpUrl,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          }),
          log,
          options.from,
          options.delivery ?? defaultMailDelivery,
        )
      : null;
  }

  /** Starts sending what the outbox holds (the server does; a command that only queues need not). */
  start(): void {
    this.worker?.start();
  }

  /**
   * Writes the mail to the outbox through `db`: pass the transaction that writes what caused it.
   * Throws when the row cannot be written, so that transaction is undone too.
   */
  async queue(db: Database | Tx, appId: string, mail: Mail): Promise<void> {
    const uid = randomUUID();
    if (!this.worker) {
      if (!this.loopback.has(appId)) {
        const [app] = await db
          .select({ domain: apps.domain })
          .from(apps)
          .where(eq(apps.uid, appId));
        this.loopback.set(appId, Boolean(app && isLoopbackDomain(app.domain)));
      }
      if (this.loopback.get(appId)) {
        this.log.info(
          { app: appId, mail: uid, subject: mail.subject },
          `mail kept in the mail_outbox table (no SMTP_URL):\n${mail.text}`,
        );
        await writeMail(db, appId, uid, mail, new Date());
        return;
      }
      this.log.warn(
        { app: appId, mail: uid },
        'mail waits in the outbox unsent: SMTP_URL is not set (the body is not logged)',
      );
      await writeMail(db, appId, uid, mail, null);
      return;
    }
    await writeMail(db, appId, uid, mail, null);
    this.worker.soon();
  }

  /** A mail became due outside `queue` (an owner's retry): look shortly. */
  wake(): void {
    this.worker?.soon();
  }

  /** Resolves once every mail due now has had its attempt (tests, commands that exit). */
  async idle(): Promise<void> {
    await this.worker?.drain();
  }

  /** Stops sending; mails not sent yet stay in the outbox for the next process. */
  async close(): Promise<void> {
    await this.worker?.stop();
  }
}
