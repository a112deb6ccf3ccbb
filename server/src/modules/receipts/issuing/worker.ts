import type { FastifyBaseLogger } from 'fastify';
import { OUTBOX_BATCH, OutboxPoller } from '../../../lib/outbox-poller';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { companyReceiptAccounts, electronicReceipts, orders, places } from '../../../db/schema';
import { ofTenant, sameTenant, tenantRef } from '../../../scope/tenant-query';
import type { Mailer } from '../../mail/mailer';
import { buildDocument } from './document';
import type { ReceiptProvider } from './provider';
import { receiptMail } from './mail';
import type { ReceiptDelivery } from './delivery';

export { defaultReceiptDelivery, type ReceiptDelivery } from './delivery';

type Claimed = typeof electronicReceipts.$inferSelect;

/** Makes the provider of a company's own account (its URL and token). */
export type AccountProvider = (url: string, token: string) => ReceiptProvider;

/**
 * Sends the receipts outbox to the provider, as MailWorker does for mail: a receipt is claimed by
 * a conditional update taking a lease (any number of processes may run one), sent, and marked
 * ISSUED with its links (and mailed to the buyer), REJECTED with the provider's reason, or left
 * PENDING for a later attempt with back-off (FAILED after `maxAttempts`). A credit note waits
 * until the receipt it corrects is ISSUED. The provider being down loses nothing: the row stays.
 * Each receipt goes through its company's own account when the owner set one, else through the
 * deployment's provider; without either it is not claimed (it waits, PENDING).
 */
export class ReceiptWorker extends OutboxPoller<Claimed> {
  constructor(
    private readonly db: Database,
    /** The deployment's account (NUBEFACT_URL, NUBEFACT_TOKEN), for companies without their own. */
    private readonly fallback: ReceiptProvider | undefined,
    private readonly accountProvider: AccountProvider,
    log: FastifyBaseLogger,
    private readonly mailer: Mailer,
    delivery: ReceiptDelivery,
  ) {
    super(log, delivery, 'receipts');
  }

  protected async send(batch: Claimed[]): Promise<void> {
    // One after the other: a credit note claimed with its original is sent after it.
    for (const receipt of batch) await this.issue(receipt);
  }

  protected async claim(): Promise<Claimed[]> {
    const r = electronicReceipts;
    const claimable = and(
      eq(r.status, 'PENDING'),
      lte(r.nextAttemptAt, sql`now()`),
      or(isNull(r.lockedUntil), lt(r.lockedUntil, sql`now()`)),
      or(
        isNull(r.refersToUid),
        // Raw names: inside an UPDATE drizzle leaves the target's columns unqualified.
        // eslint-disable-next-line no-restricted-syntax -- the receipt's own original, same tenant as the row.
        sql`EXISTS (SELECT 1 FROM electronic_receipts original WHERE original.app_id = electronic_receipts.app_id AND original.uid = electronic_receipts.refers_to_uid AND original.status = 'ISSUED')`,
      ),
      this.fallback
        ? undefined
        : // Nobody's account to send it with: it waits rather than failing attempts.
          // eslint-disable-next-line no-restricted-syntax -- the receipt's own place and company account, same tenant as the row.
          sql`EXISTS (SELECT 1 FROM places p JOIN company_receipt_accounts a ON a.app_id = p.app_id AND a.company_uid = p.company_uid WHERE p.app_id = electronic_receipts.app_id AND p.uid = electronic_receipts.place_uid AND a.nubefact_url IS NOT NULL)`,
    );
    const due = await this.db
      .select({ appId: r.appId, uid: r.uid })
      .from(r)
      .where(claimable)
      .orderBy(asc(r.createdAt))
      .limit(OUTBOX_BATCH);
    const claimed: Claimed[] = [];
    for (const one of due) {
      const [row] = await this.db
        .update(r)
        .set({
          attempts: sql`${r.attempts} + 1`,
          lockedUntil: this.leaseUntil(),
        })
        .where(ofTenant(tenantRef(one.appId), r, eq(r.uid, one.uid), claimable))
        .returning();
      if (row) claimed.push(row);
    }
    return claimed;
  }

  /** The company's own account when its owner set one, else the deployment's. */
  private async providerOf(receipt: Claimed): Promise<ReceiptProvider | undefined> {
    const [account] = await this.db
      .select({
        url: companyReceiptAccounts.nubefactUrl,
        token: companyReceiptAccounts.nubefactToken,
      })
      .from(places)
      .innerJoin(
        companyReceiptAccounts,
        sameTenant(
          places,
          companyReceiptAccounts,
          eq(companyReceiptAccounts.companyUid, places.companyUid),
        ),
      )
      .where(ofTenant(tenantRef(receipt.appId), places, eq(places.uid, receipt.placeUid)));
    if (account?.url && account.token) return this.accountProvider(account.url, account.token);
    return this.fallback;
  }

  private async issue(receipt: Claimed): Promise<void> {
    const where = ofTenant(
      tenantRef(receipt.appId),
      electronicReceipts,
      eq(electronicReceipts.uid, receipt.uid),
      eq(electronicReceipts.status, 'PENDING'),
    );
    const provider = await this.providerOf(receipt);
    if (!provider) {
      // The owner cleared the account since the claim: back to waiting, the attempt not counted.
      await this.db
        .update(electronicReceipts)
        .set({ attempts: sql`${electronicReceipts.attempts} - 1`, lockedUntil: null })
        .where(where);
      return;
    }
    let answer;
    try {
      answer = await provider.issue(await buildDocument(this.db, receipt));
    } catch (err) {
      answer = { ok: false as const, permanent: false, reason: (err as Error).message };
    }
    if (answer.ok) {
      const { pdfUrl, xmlUrl, acceptedBySunat } = answer;
      await this.db.transaction(async (tx) => {
        const [done] = await tx
          .update(electronicReceipts)
          .set({
            status: 'ISSUED',
            pdfUrl,
            xmlUrl,
            acceptedBySunat,
            error: null,
            lockedUntil: null,
            issuedAt: sql`now()`,
          })
          .where(where)
          .returning();
        if (!done) return;
        const [order] = await tx
          .select({ number: orders.number, billing: orders.billing })
          .from(orders)
          .where(ofTenant(tenantRef(receipt.appId), orders, eq(orders.uid, receipt.orderUid)));
        if (order?.billing?.email)
          await this.mailer.queue(
            tx,
            receipt.appId,
            receiptMail(done, order.number, order.billing.email),
          );
      });
      return;
    }
    const failedForGood = !answer.permanent && receipt.attempts >= this.delivery.maxAttempts;
    this.log[answer.permanent || failedForGood ? 'error' : 'warn'](
      {
        app: receipt.appId,
        receipt: receipt.uid,
        attempts: receipt.attempts,
        error: answer.reason,
      },
      answer.permanent ? 'receipt rejected by the provider' : 'receipt not issued; retrying later',
    );
    await this.db
      .update(electronicReceipts)
      .set({
        error: answer.reason.slice(0, 500),
        lockedUntil: null,
        ...(answer.permanent
          ? { status: 'REJECTED' as const }
          : failedForGood
            ? { status: 'FAILED' as const }
            : { nextAttemptAt: this.retryAt(receipt.attempts) }),
      })
      .where(where);
  }
}
