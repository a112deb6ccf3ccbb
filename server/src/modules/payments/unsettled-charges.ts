import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  paymentMethods,
  unsettledCharges,
  type UnsettledChargeReason,
  type UnsettledChargeStatus,
} from '../../db/schema';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { paymentProvider, PaymentProviderError, type ProviderPayment } from './provider';

type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;
type Row = typeof unsettledCharges.$inferSelect;

/** Unsettled charges looked at per reconciliation run; the next run takes the rest. */
const BATCH = 100;
/** A charge is looked at again once its last look a minute old or more. */
const RETRY_AFTER_MS = 60_000;
/**
 * How long a charge whose payment the provider cannot find stays open. Mercado Pago's search
 * finds a payment within seconds of its creation; a day of not finding it is proof enough that
 * the lost call never charged.
 */
export const NOT_FOUND_AFTER_MS = 24 * 3600_000;

export type UnsettledCharge = {
  appId: string;
  paymentMethodUid: string;
  reference: string;
  purpose: 'ORDER' | 'PROMOTION';
  amountCents: number;
  reason: UnsettledChargeReason;
  providerPaymentId?: string | null;
  error?: unknown;
};

/**
 * Writes down a charge that may have taken money with nothing to show for it, in its own
 * statement: the checkout that made it was undone, so no transaction of it is left to join. A
 * second record of the same attempt (its reference) changes nothing. Never throws: the buyer's
 * answer is already decided, and the log line is the record of last resort.
 */
export async function recordUnsettledCharge(
  db: Database,
  charge: UnsettledCharge,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  try {
    await db
      .insert(unsettledCharges)
      .values({
        appId: charge.appId,
        uid: randomUUID(),
        paymentMethodUid: charge.paymentMethodUid,
        reference: charge.reference,
        purpose: charge.purpose,
        amountCents: charge.amountCents,
        reason: charge.reason,
        providerPaymentId: charge.providerPaymentId ?? null,
        lastError: errorCode(charge.error),
      })
      .onConflictDoNothing();
  } catch (err) {
    log.error(
      { err, reference: charge.reference, reason: charge.reason },
      'unsettled charge could not be recorded: look the payment up by its reference at the provider',
    );
  }
}

const errorCode = (err: unknown): string | null =>
  err === undefined ? null : err instanceof PaymentProviderError ? err.code : 'error';

/**
 * The reconciliation run's part for unsettled charges, over every store: each open one is looked
 * up at its provider (by the payment id when known, else by our reference) and
 * - approved: refunded in full, with the key the checkout's own undo used (`<reference>-undo`), so
 *   a refund that was made but never answered is not made twice; REFUNDED;
 * - refunded or charged back already: REFUNDED; rejected or cancelled: NOT_CHARGED;
 * - still pending at the provider: left open until it decides;
 * - not found: NOT_CHARGED once `NOT_FOUND_AFTER_MS` has passed, else left open.
 * A failed look-up or refund counts an attempt with the provider's error code and waits for the
 * next run. A run claims each charge before it asks the provider, and each change is conditional
 * on the row being still OPEN, so racing runs (several processes) settle a charge once, with the
 * refund's id.
 */
export async function settleUnsettledCharges(
  db: Database,
  now: Date,
  log?: Log,
): Promise<{ refunded: number; notCharged: number; open: number }> {
  const lookedAtBefore = new Date(now.getTime() - RETRY_AFTER_MS);
  const due = await db
    .select({ charge: unsettledCharges, method: paymentMethods })
    .from(unsettledCharges)
    .innerJoin(
      paymentMethods,
      sameTenant(
        unsettledCharges,
        paymentMethods,
        eq(unsettledCharges.paymentMethodUid, paymentMethods.uid),
      ),
    )
    // The run goes over every store; each row names its own tenant.
    .where(and(eq(unsettledCharges.status, 'OPEN'), lt(unsettledCharges.updatedAt, lookedAtBefore)))
    .orderBy(asc(unsettledCharges.updatedAt))
    .limit(BATCH);
  const tally = { refunded: 0, notCharged: 0, open: 0 };
  for (const { charge, method } of due) {
    // Claimed before the provider is asked, so one run at a time works on a charge: a racing run
    // that looked it up between this run's refund and its record would see it refunded and close
    // it without the refund's id. The claim lasts RETRY_AFTER_MS, after which a stuck run's charge
    // is taken up again.
    const stillOpen = (...more: SQL[]) =>
      ofTenant(
        tenantRef(charge.appId),
        unsettledCharges,
        eq(unsettledCharges.uid, charge.uid),
        eq(unsettledCharges.status, 'OPEN'),
        ...more,
      );
    const [claimed] = await db
      .update(unsettledCharges)
      .set({ updatedAt: now })
      .where(stillOpen(lt(unsettledCharges.updatedAt, lookedAtBefore)))
      .returning({ uid: unsettledCharges.uid });
    if (!claimed) continue;
    const settle = (values: Partial<Row>) =>
      db
        .update(unsettledCharges)
        .set({ attempts: charge.attempts + 1, updatedAt: now, ...values })
        .where(stillOpen());
    const close = async (status: UnsettledChargeStatus, values: Partial<Row> = {}) => {
      await settle({ status, lastError: null, ...values });
      tally[status === 'REFUNDED' ? 'refunded' : 'notCharged']++;
      log?.info(
        { reference: charge.reference, payment: values.providerPaymentId, status },
        'unsettled charge settled',
      );
    };
    try {
      const provider = paymentProvider(method);
      const payment: ProviderPayment | null = charge.providerPaymentId
        ? await provider.getPayment(charge.providerPaymentId)
        : ((await provider.findByReference?.(charge.reference)) ?? null);
      if (!payment) {
        if (now.getTime() - charge.createdAt.getTime() >= NOT_FOUND_AFTER_MS)
          await close('NOT_CHARGED');
        else {
          await settle({ lastError: null });
          tally.open++;
        }
        continue;
      }
      const known = { providerPaymentId: payment.id };
      switch (payment.status) {
        case 'approved': {
          const refund = await provider.refund(payment.id, null, `${charge.reference}-undo`);
          await close('REFUNDED', { ...known, providerRefundId: refund.id });
          break;
        }
        case 'refunded':
        case 'charged_back':
          await close('REFUNDED', known);
          break;
        case 'rejected':
        case 'cancelled':
          await close('NOT_CHARGED', known);
          break;
        case 'pending':
          await settle({ ...known, lastError: null });
          tally.open++;
          break;
      }
    } catch (err) {
      await settle({ lastError: errorCode(err) ?? 'error' });
      tally.open++;
      log?.error(
        { err, reference: charge.reference },
        'unsettled charge: look-up or refund failed; the next reconciliation run retries it',
      );
    }
  }
  return tally;
}
