import { eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, programs } from '../../db/schema';
import { earn, reverseByReference } from './ledger';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';

type DeliveredOrder = {
  uid: string;
  number: number;
  userUid: string | null;
  companyUid: string;
  subtotalCents: number;
};

/** Points of an order: whole points per sol of its subtotal (1 per sol: S/ 25.90 gives 25). */
export function orderPoints(subtotalCents: number, pointsPerSol: number): number {
  return Math.floor((subtotalCents * pointsPerSol) / 100);
}

/**
 * A delivered order earns points in every visible program of its company
 * whose order_points_per_sol is above 0, with the order uid as the ledger
 * reference. Runs in the status change's transaction, which moves to
 * DELIVERED once (conditional update), so the points are earned once.
 * Orders without a member (deleted account) earn nothing.
 */
export async function earnOrderPoints(tx: Tx, appId: string, order: DeliveredOrder): Promise<void> {
  if (!order.userUid) return;
  const rows = await tx
    .select({ uid: programs.uid, rate: programs.orderPointsPerSol })
    .from(programs)
    .innerJoin(companies, sameTenant(companies, programs, eq(companies.uid, programs.companyUid)))
    .where(
      ofTenant(
        tenantRef(appId),
        programs,
        eq(programs.companyUid, order.companyUid),
        eq(programs.isActive, true),
        eq(companies.benefitProgramsEnabled, true),
        gt(programs.orderPointsPerSol, 0),
      ),
    );
  for (const p of rows) {
    const amount = orderPoints(order.subtotalCents, p.rate);
    if (amount > 0)
      await earn(tx, {
        appId,
        programUid: p.uid,
        userUid: order.userUid,
        currency: 'POINTS',
        amount,
        reason: `Pedido ${order.number}`,
        reference: order.uid,
      });
  }
}

/** A cancelled order gives back whatever it earned (reverseByReference never reverses twice). */
export async function reverseOrderPoints(
  tx: Tx,
  appId: string,
  order: { uid: string; number: number },
): Promise<void> {
  await reverseByReference(tx, appId, order.uid, `Pedido ${order.number} cancelado`);
}
