import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { OUTBOX_BATCH, OutboxPoller } from '../../lib/outbox-poller';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { ofTenant, tenantRef } from '../../scope/tenant-query';
import type { MailDelivery } from './delivery';

type Claimed = typeof mailOutbox.$inferSelect;

/** SMTP 5xx (no such mailbox, refused sender) will not change by retrying. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends what the outbox holds. Any number of processes may run one: a mail is claimed by a
 * conditional update that takes a lease, so two workers never hold the same mail, and a worker that
 * dies mid-send leaves it to another once the lease has passed. Times come from the database's
 * clock, the one clock every process shares.
 */
export class MailWorker extends OutboxPoller<Claimed> {
  constructor(
    private readonly db: Database,
    private readonly transport: Transporter,
    log: FastifyBaseLogger,
    private readonly from: string,
    delivery: MailDelivery,
  ) {
    super(log, delivery, 'mail');
  }

  /** Stops looking and waits for the mails being sent; unsent ones stay for the next process. */
  override async stop(): Promise<void> {
    await super.stop();
    this.transport.close();
  }

  protected async send(batch: Claimed[]): Promise<void> {
    // One connection per mail, side by side: a burst of orders must not queue a recovery mail for long.
    await Promise.all(batch.map((mail) => this.deliver(mail)));
  }

  /**
   * Claims up to OUTBOX_BATCH due mails. The outbox holds every tenant's mails, so the look is a query
   * over all of them (on Citus, over every shard); the claim itself is one conditional update per
   * mail, within its tenant (a single-shard statement): of two workers that saw the same mail, the
   * second's update waits for the first's, then finds the lease taken and claims nothing. Citus
   * refuses a `FOR UPDATE SKIP LOCKED` over several shards, which this replaces.
   */
  protected async claim(): Promise<Claimed[]> {
    const o = mailOutbox;
    const claimable = and(
      isNull(o.sentAt),
      isNull(o.failedAt),
      lte(o.nextAttemptAt, sql`now()`),
      or(isNull(o.lockedUntil), lt(o.lockedUntil, sql`now()`)),
    );
    const due = await this.db
      .select({ appId: o.appId, uid: o.uid })
      .from(o)
      .where(claimable)
      .orderBy(asc(o.nextAttemptAt))
      .limit(OUTBOX_BATCH);
    const claimed: Claimed[] = [];
    for (const mail of due) {
      const [row] = await this.db
        .update(o)
        .set({
          attempts: sql`${o.attempts} + 1`,
          lockedUntil: this.leaseUntil(),
        })
        .where(ofTenant(tenantRef(mail.appId), o, eq(o.uid, mail.uid), claimable))
        .returning();
      if (row) claimed.push(row);
    }
    return claimed;
  }

  private async deliver(mail: Claimed): Promise<void> {
    const where = ofTenant(tenantRef(mail.appId), mailOutbox, eq(mailOutbox.uid, mail.uid));
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const permanent = isPermanent(err) || mail.attempts >= this.delivery.maxAttempts;
      // The address stays out of the log (it is personal data); the outbox row says whose it is.
      this.log[permanent ? 'error' : 'warn'](
        { app: mail.appId, mail: mail.uid, attempts: mail.attempts, error },
        permanent ? 'mail failed for good' : 'mail not sent; retrying later',
      );
      await this.db
        .update(mailOutbox)
        .set({
          error,
          lockedUntil: null,
          ...(permanent
            ? { failedAt: sql`now()` }
            : { nextAttemptAt: this.retryAt(mail.attempts) }),
        })
        .where(where);
      return;
    }
    // Sent: the body (its links carry tokens) now lives only in the recipient's mailbox.
    await this.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, lockedUntil: null, error: null, text: '', html: '' })
      .where(where);
  }
}
