import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type Mail = { to: string; subject: string; text: string; html: string };

/**
 * Sends the app's mails. With an SMTP URL they go through that server;
 * without one (the demo) they are written to the mail_outbox table and the
 * log. A mail that the SMTP server refuses is kept in the outbox with its
 * error, so nothing is lost silently.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Sends now and resolves when done; never throws (a failed mail must not fail the request that caused it). */
  async send(appId: string, mail: Mail): Promise<void> {
    if (!this.transport) {
      this.log.info(
        { to: mail.to, subject: mail.subject },
        `mail kept in the mail_outbox table (no SMTP_URL):\n${mail.text}`,
      );
      await this.keep(appId, mail, null);
      return;
    }
    try {
      await this.transport.sendMail({ from: this.options.from, ...mail });
    } catch (err) {
      this.log.error(
        { err, to: mail.to, subject: mail.subject },
        'mail could not be sent; kept in mail_outbox',
      );
      await this.keep(appId, mail, err instanceof Error ? err.message : String(err));
    }
  }

  /**
   * Sends without making the caller wait, so answering takes as long whether
   * or not a mail went out (the recovery call must not tell who has an
   * account). `close()` waits for these.
   */
  sendLater(appId: string, mail: Mail): void {
    const job = this.send(appId, mail).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves when every mail sent with `sendLater` is done. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transport?.close();
  }

  private async keep(appId: string, mail: Mail, error: string | null) {
    try {
      await this.db.insert(mailOutbox).values({ appId, uid: randomUUID(), ...mail, error });
    } catch (err) {
      this.log.error({ err }, 'mail could not be written to mail_outbox');
    }
  }
}
