import { eq } from 'drizzle-orm';
import {
  formMessages,
  loyaltyMessages,
  orderMessages,
  type PromotionPurchaseInput,
  type Redemption,
} from '@store/contract';
import { promotions, redemptions } from '../../db/schema';
import type { MemberScope } from '../../scope/scope';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { isUniqueViolation } from '../orders/checkout/idempotency';
import { chargeCard } from '../orders/checkout/charge';
import { PAYMENT_PENDING_MINUTES } from '../orders/checkout/confirm';
import { cardMethodsOf } from '../payments/methods';
import { companyOf } from '../orders/settings';
import { findProgram } from '../programs/service';
import { applyUnitPayment, releaseUnit } from './card-payments';
import { redemptionToApi } from './serialize';
import { takePromotion } from './take';

export type CardPurchaseScope = MemberScope & {
  /** Where the provider posts its notifications (the tenant's own domain). */
  paymentNotificationUrl: (methodUid: string) => string;
};

/**
 * A money-priced promotion bought by card, in three steps as the checkout does it:
 * 1. take the unit PENDING in the taking transaction (stock and the member's limit held, so
 *    concurrent buyers of the last unit queue on the promotion's lock and one of them gets it);
 * 2. charge the price WE read from the promotion, outside any transaction, with the unit uid as
 *    external reference and idempotency key (one attempt, one unit);
 * 3. approved: ACTIVE; in process: stays PENDING until the notification or the reconciliation run
 *    decides it, released after its 30 minutes; declined: released (stock and limit back) and the
 *    spec's 400 'Your card could not be processed correctly'.
 * With an Idempotency-Key, a retry answers the unit of the first request (or its decline again)
 * and never charges twice.
 */
export async function purchaseByCard(
  scope: CardPurchaseScope,
  programUid: string,
  promotionUid: string,
  input: PromotionPurchaseInput,
  idempotencyKey: string | undefined,
): Promise<Redemption> {
  const notFound = () => new NotFoundError(loyaltyMessages.promotionNotFound);
  if (!isUid(programUid) || !isUid(promotionUid)) throw notFound();
  const program = await findProgram(scope.db, scope.app, programUid).catch(() => {
    throw notFound();
  });
  if (idempotencyKey) {
    const earlier = await unitOfKey(scope, idempotencyKey);
    if (earlier) return earlier;
  }

  const errors: Record<string, string[]> = {};
  const methods = await cardMethodsOf(scope.db, scope.app.uid, program.program.companyUid);
  const method = methods.find((m) => m.uid === input.payment_method);
  if (methods.length === 0) errors.non_field_errors = [orderMessages.noCardPayments];
  else if (!input.payment_method) errors.payment_method = [formMessages.required];
  else if (!method) errors.payment_method = [orderMessages.paymentMethodNotFound];
  if (!input.card) errors.card = [orderMessages.cardRequired];
  if (!scope.user.email) errors.email = [formMessages.required];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const now = scope.clock();
  let unit: Redemption;
  try {
    unit = await takePromotion(scope, scope.user.uid, { programUid, promotionUid }, 'purchase', {
      notFound,
      card: {
        methodUid: method!.uid,
        idempotencyKey: idempotencyKey ?? null,
        expiresAt: new Date(now.getTime() + PAYMENT_PENDING_MINUTES * 60_000),
      },
    });
  } catch (err) {
    // Two requests with one key: the second lost the race to the first; answer the first's unit.
    if (idempotencyKey && isUniqueViolation(err, 'redemptions_idempotency_key')) {
      const earlier = await unitOfKey(scope, idempotencyKey);
      if (earlier) return earlier;
    }
    throw err;
  }

  const [[promotion], company] = await Promise.all([
    scope.db
      .select({ name: promotions.name })
      .from(promotions)
      .where(ofTenant(scope, promotions, eq(promotions.uid, promotionUid))),
    companyOf(scope.db, scope.app.uid, program.program.companyUid),
  ]);
  const amountCents = Math.round(Number(unit.price_paid) * 100);
  try {
    const { payment } = await chargeCard(scope, method!, {
      amountCents,
      currency: company.currencyCode,
      reference: unit.uid,
      purpose: 'PROMOTION',
      description: `${scope.app.name} - ${promotion.name}`.slice(0, 200),
      payerEmail: scope.user.email!,
      card: { ...input.card!, installments: input.card!.installments ?? 1 },
      notificationUrl: scope.paymentNotificationUrl(method!.uid),
    });
    await applyUnitPayment(scope.db, scope.app.uid, unit.uid, payment, now, scope.log);
  } catch (err) {
    if (err instanceof ValidationError) {
      await scope.db.transaction((tx) =>
        releaseUnit(tx, scope.app.uid, { uid: unit.uid, promotionUid }, 'REJECTED', 'declined'),
      );
    }
    throw err;
  }
  return (await unitOfUid(scope, unit.uid))!;
}

async function unitOfUid(scope: MemberScope, uid: string): Promise<Redemption | null> {
  return unitWhere(scope, eq(redemptions.uid, uid));
}

/** The unit an earlier request with this key took; its decline is answered again, not retried. */
async function unitOfKey(scope: MemberScope, key: string): Promise<Redemption | null> {
  const unit = await unitWhere(scope, eq(redemptions.idempotencyKey, key));
  if (unit?.status === 'CANCELLED' && unit.payment_status === 'REJECTED')
    throw new ValidationError(orderMessages.cardDeclined);
  return unit;
}

async function unitWhere(
  scope: MemberScope,
  condition: ReturnType<typeof eq>,
): Promise<Redemption | null> {
  const [row] = await scope.db
    .select({ unit: redemptions, promotion: promotions })
    .from(redemptions)
    .innerJoin(
      promotions,
      sameTenant(redemptions, promotions, eq(promotions.uid, redemptions.promotionUid)),
    )
    .where(ofTenant(scope, redemptions, eq(redemptions.userUid, scope.user.uid), condition));
  return row ? redemptionToApi(row.unit, row.promotion) : null;
}
