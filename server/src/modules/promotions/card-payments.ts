import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client';
import {
  paymentMethods,
  promotions,
  redemptions,
  type RedemptionPaymentStatus,
} from '../../db/schema';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { paymentProvider, PaymentProviderError, type ProviderPayment } from '../payments/provider';

type RedemptionRow = typeof redemptions.$inferSelect;
type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;

/** Card purchases re-read per reconciliation run; the next run takes the rest. */
const BATCH = 200;

export type UnitPaymentUpdate =
  'paid' | 'pending' | 'released' | 'refunding' | 'refunded' | 'unchanged';

/**
 * Gives a held (PENDING) unit back: CANCELLED with its payment status, the promotion's stock one
 * unit back. Conditional on the unit still being PENDING, so a release and an approval racing
 * each other change it once. The promotion row is locked first, the order `takePromotion` locks in.
 */
export async function releaseUnit(
  tx: Tx,
  appId: string,
  unit: Pick<RedemptionRow, 'uid' | 'promotionUid'>,
  paymentStatus: RedemptionPaymentStatus,
  detail: string | null,
): Promise<boolean> {
  await tx
    .select({ uid: promotions.uid })
    .from(promotions)
    .where(ofTenant(tenantRef(appId), promotions, eq(promotions.uid, unit.promotionUid)))
    .for('update');
  const [released] = await tx
    .update(redemptions)
    .set({ status: 'CANCELLED', paymentStatus, paymentDetail: detail, paymentExpiresAt: null })
    .where(
      ofTenant(
        tenantRef(appId),
        redemptions,
        eq(redemptions.uid, unit.uid),
        eq(redemptions.status, 'PENDING'),
      ),
    )
    .returning({ uid: redemptions.uid });
  if (!released) return false;
  await tx
    .update(promotions)
    .set({ stockTaken: sql`greatest(${promotions.stockTaken} - 1, 0)` })
    .where(ofTenant(tenantRef(appId), promotions, eq(promotions.uid, unit.promotionUid)));
  return true;
}

/**
 * Applies what the provider says of a card purchase's payment (right after the charge, after a
 * notification, or in the reconciliation run). Every change is conditional on the state read
 * under the unit's lock, so repeated notifications and racing runs change a unit once:
 * - IN_PROCESS and approved: the unit is ACTIVE, PAID;
 * - IN_PROCESS and rejected, cancelled, or undecided after `payment_expires_at`: released;
 * - PAID and refunded or charged back: REFUNDED, the unit CANCELLED if not used yet;
 * - REJECTED (we released it) yet approved after all: the money is given back (REFUND_PENDING,
 *   then REFUNDED once the provider did it; the reconciliation run retries a failed refund).
 */
export async function applyUnitPayment(
  db: Database,
  appId: string,
  unitUid: string,
  payment: ProviderPayment,
  now: Date,
  log?: Log,
): Promise<UnitPaymentUpdate> {
  const outcome = await db.transaction(async (tx): Promise<UnitPaymentUpdate> => {
    const [unit] = await tx
      .select()
      .from(redemptions)
      .where(ofTenant(tenantRef(appId), redemptions, eq(redemptions.uid, unitUid)))
      .for('update');
    if (!unit || !unit.paymentStatus) return 'unchanged';
    // A payment of another amount, or another payment than the one recorded, is not this unit's.
    if (
      unit.paymentReference
        ? unit.paymentReference !== payment.id
        : payment.amountCents !== unit.paidCents
    )
      return 'unchanged';
    const set = (values: Partial<RedemptionRow>) =>
      tx
        .update(redemptions)
        .set({
          paymentReference: payment.id || unit.paymentReference,
          paymentDetail: payment.detail,
          ...values,
        })
        .where(ofTenant(tenantRef(appId), redemptions, eq(redemptions.uid, unit.uid)));

    if (unit.paymentStatus === 'IN_PROCESS') {
      if (payment.status === 'approved') {
        await set({ status: 'ACTIVE', paymentStatus: 'PAID', paymentExpiresAt: null });
        return 'paid';
      }
      const expired = unit.paymentExpiresAt !== null && unit.paymentExpiresAt <= now;
      if (payment.status === 'pending' && !expired) {
        if (payment.id && !unit.paymentReference) await set({});
        return 'pending';
      }
      if (payment.id && !unit.paymentReference) await set({});
      await releaseUnit(
        tx,
        appId,
        unit,
        'REJECTED',
        payment.status === 'pending' ? 'expired' : payment.detail,
      );
      return 'released';
    }
    if (
      unit.paymentStatus === 'PAID' &&
      (payment.status === 'refunded' || payment.status === 'charged_back')
    ) {
      await set({
        paymentStatus: 'REFUNDED',
        ...(unit.status === 'ACTIVE' ? { status: 'CANCELLED' } : {}),
      });
      return 'refunded';
    }
    if (unit.paymentStatus === 'REJECTED' && payment.status === 'approved') {
      await set({ paymentStatus: 'REFUND_PENDING' });
      return 'refunding';
    }
    return 'unchanged';
  });
  if (outcome === 'refunding') await refundUnits(db, { appId, unitUid }, log);
  if (outcome !== 'unchanged' && outcome !== 'pending')
    log?.info({ redemption: unitUid, payment: payment.id, outcome }, 'card purchase updated');
  return outcome;
}

/**
 * Gives back the money of card purchases that were approved after we had released them: the
 * whole payment, with `<unit uid>-refund` as idempotency key, so a retry refunds once. Failed: it
 * stays REFUND_PENDING and the next reconciliation run tries again.
 */
async function refundUnits(
  db: Database,
  select: { appId: string; unitUid: string } | { all: true },
  log?: Log,
): Promise<{ done: number; failed: number }> {
  const due = await db
    .select({ unit: redemptions, method: paymentMethods })
    .from(redemptions)
    .innerJoin(
      paymentMethods,
      sameTenant(redemptions, paymentMethods, eq(redemptions.paymentMethodUid, paymentMethods.uid)),
    )
    .where(
      'unitUid' in select
        ? ofTenant(
            tenantRef(select.appId),
            redemptions,
            eq(redemptions.uid, select.unitUid),
            eq(redemptions.paymentStatus, 'REFUND_PENDING'),
          )
        : // The reconciliation runs over every store; each row names its own tenant.
          eq(redemptions.paymentStatus, 'REFUND_PENDING'),
    )
    .limit(BATCH);
  let done = 0;
  let failed = 0;
  for (const { unit, method } of due) {
    try {
      await paymentProvider(method).refund(unit.paymentReference!, null, `${unit.uid}-refund`);
      await db
        .update(redemptions)
        .set({ paymentStatus: 'REFUNDED' })
        .where(
          ofTenant(
            tenantRef(unit.appId),
            redemptions,
            eq(redemptions.uid, unit.uid),
            eq(redemptions.paymentStatus, 'REFUND_PENDING'),
          ),
        );
      done++;
    } catch (err) {
      failed++;
      const code = err instanceof PaymentProviderError ? err.code : 'error';
      await db
        .update(redemptions)
        .set({ paymentDetail: `refund failed: ${code}`.slice(0, 120) })
        .where(ofTenant(tenantRef(unit.appId), redemptions, eq(redemptions.uid, unit.uid)));
      log?.error(
        { err, redemption: unit.uid },
        'card purchase refund failed; the next run retries it',
      );
    }
  }
  return { done, failed };
}

/**
 * The reconciliation run's part for card purchases: every tenant's undecided ones are re-read
 * (by payment id, or by our reference when the charge's answer never got recorded) and decided
 * or released once expired; then late approvals are refunded.
 */
export async function reconcileUnitPayments(
  db: Database,
  now: Date,
  log?: Log,
): Promise<{ updated: number; refunds: { done: number; failed: number } }> {
  const open = await db
    .select({ unit: redemptions, method: paymentMethods })
    .from(redemptions)
    .innerJoin(
      paymentMethods,
      sameTenant(redemptions, paymentMethods, eq(redemptions.paymentMethodUid, paymentMethods.uid)),
    )
    .where(eq(redemptions.paymentStatus, 'IN_PROCESS'))
    .orderBy(asc(redemptions.paymentExpiresAt))
    .limit(BATCH);
  let updated = 0;
  for (const { unit, method } of open) {
    try {
      const provider = paymentProvider(method);
      const payment = unit.paymentReference
        ? await provider.getPayment(unit.paymentReference)
        : ((await provider.findByReference?.(unit.uid)) ?? null);
      const result = payment
        ? await applyUnitPayment(db, unit.appId, unit.uid, payment, now, log)
        : await releaseIfExpired(db, unit, now);
      if (result !== 'unchanged' && result !== 'pending') updated++;
    } catch (err) {
      log?.error(
        { err, redemption: unit.uid },
        'card purchase re-read failed; the next run tries again',
      );
    }
  }
  return { updated, refunds: await refundUnits(db, { all: true }, log) };
}

/** A unit whose charge left no payment at the provider is released once its hold has passed. */
async function releaseIfExpired(
  db: Database,
  unit: RedemptionRow,
  now: Date,
): Promise<UnitPaymentUpdate> {
  if (!unit.paymentExpiresAt || unit.paymentExpiresAt > now) return 'unchanged';
  const released = await db.transaction((tx) =>
    releaseUnit(tx, unit.appId, unit, 'REJECTED', 'expired'),
  );
  return released ? 'released' : 'unchanged';
}

/** The card purchase of a tenant a provider payment belongs to: its external reference is the unit uid. */
export async function unitOfPayment(
  db: Database,
  appId: string,
  methodUid: string,
  payment: ProviderPayment,
): Promise<string | null> {
  if (!payment.reference || !/^[0-9a-f-]{36}$/i.test(payment.reference)) return null;
  const [row] = await db
    .select({ uid: redemptions.uid })
    .from(redemptions)
    .where(
      ofTenant(
        tenantRef(appId),
        redemptions,
        eq(redemptions.uid, payment.reference),
        eq(redemptions.paymentMethodUid, methodUid),
        inArray(redemptions.paymentStatus, ['IN_PROCESS', 'PAID', 'REJECTED']),
      ),
    )
    .limit(1);
  return row?.uid ?? null;
}
