import { count, desc, eq } from 'drizzle-orm';
import {
  centsToMoney,
  type AdminUnsettledCharge,
  type AdminUnsettledChargeQuery,
} from '@store/contract';
import { paymentMethods, unsettledCharges } from '../../../db/schema';
import type { PageWindow } from '../../../lib/pagination';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

/**
 * The company's unsettled card charges (payments/unsettled-charges.ts), newest first: the owner
 * sees what the reconciliation run is giving back and what it could not yet.
 */
export async function listUnsettledCharges(
  admin: AdminScope,
  query: AdminUnsettledChargeQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminUnsettledCharge[] }> {
  const where = ofTenant(
    admin,
    unsettledCharges,
    eq(paymentMethods.companyUid, admin.company.uid),
    query.status ? eq(unsettledCharges.status, query.status) : undefined,
  );
  const joined = sameTenant(
    unsettledCharges,
    paymentMethods,
    eq(unsettledCharges.paymentMethodUid, paymentMethods.uid),
  );
  const [[{ n }], rows] = await Promise.all([
    admin.db
      .select({ n: count() })
      .from(unsettledCharges)
      .innerJoin(paymentMethods, joined)
      .where(where),
    admin.db
      .select({
        charge: unsettledCharges,
        method: { uid: paymentMethods.uid, name: paymentMethods.name },
      })
      .from(unsettledCharges)
      .innerJoin(paymentMethods, joined)
      .where(where)
      .orderBy(desc(unsettledCharges.createdAt), desc(unsettledCharges.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: n,
    results: rows.map(({ charge, method }) => ({
      uid: charge.uid,
      reference: charge.reference,
      purpose: charge.purpose,
      payment_method: method,
      amount: centsToMoney(charge.amountCents),
      reason: charge.reason,
      status: charge.status,
      provider_payment_id: charge.providerPaymentId,
      provider_refund_id: charge.providerRefundId,
      attempts: charge.attempts,
      last_error: charge.lastError,
      created_at: charge.createdAt.toISOString(),
      updated_at: charge.updatedAt.toISOString(),
    })),
  };
}
