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

/** An outbox row as `queue` decided it (its uid, and `sentAt` for a mail only kept, not sent). */
export type MailRow = Mail & { appId: string; uid: string; sentAt: Date | null };

/**
 * How a mail's row is written: as given by default. A writer must set its statement going before
 * it returns (no `await` first), so a mail queued in a pipeline keeps its place in it.
 */
export type MailWriter = (db: Database | Tx, row: MailRow) => Promise<unknown>;

const writeMail: MailWriter = (db, row) => insertMail(db).execute(mailRow.values([row]));

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
   * Throws when the row cannot be written, so that transaction is undone too. Given the tenant's
   * domain (not only its uid), it writes at once; `write` may fill the row in (see MailWriter).
   */
  async queue(
    db: Database | Tx,
    app: string | { uid: string; domain: string },
    mail: Mail,
    write: MailWriter = writeMail,
  ): Promise<void> {
    const appId = typeof app === 'string' ? app : app.uid;
    const uid = randomUUID();
    if (!this.worker) {
      // Known at once when the caller gives the domain: then nothing waits before the row's write.
      if (typeof app !== 'string') this.loopback.set(appId, isLoopbackDomain(app.domain));
      if (!this.loopback.has(appId)) {
        const [row] = await db
          .select({ domain: apps.domain })
          .from(apps)
          .where(eq(apps.uid, appId));
        this.loopback.set(appId, Boolean(row && isLoopbackDomain(row.domain)));
      }
      if (this.loopback.get(appId)) {
        this.log.info(
          { app: appId, mail: uid, subject: mail.subject },
          `mail kept in the mail_outbox table (no SMTP_URL):\n${mail.text}`,
        );
        await write(db, { appId, uid, ...mail, sentAt: new Date() });
        return;
      }
      this.log.warn(
        { app: appId, mail: uid },
        'mail waits in the outbox unsent: SMTP_URL is not set (the body is not logged)',
      );
      await write(db, { appId, uid, ...mail, sentAt: null });
      return;
    }
    await write(db, { appId, uid, ...mail, sentAt: null });
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
