import { moneyToCents, type OrderInput } from '@store/contract';
import type { places } from '../../../db/schema';
import type { MemberScope } from '../../../scope/scope';
import { priceChanged, priceOrder, type PricedOrder } from '../pricing';
import { memberCoinProgram } from '../coins';
import type { Step } from './run-steps';
import type { CheckoutState } from './state';
import type { CouponGuard } from '../coupon-guesses';

/**
 * Step 1, writing nothing: the order priced from the catalogue and settings
 * as the member's order (a payment method is required). Recurring
 * subscription orders price with this too.
 */
export function priceMemberOrder(
  scope: Pick<MemberScope, 'db' | 'app' | 'user'>,
  place: typeof places.$inferSelect,
  input: OrderInput,
  now: Date,
  couponGuard?: CouponGuard,
): Promise<PricedOrder> {
  return priceOrder(scope, place, input, now, { requirePayment: true, couponGuard });
}

/**
 * The checkout's price step: a total other than the one the buyer saw is a
 * 409 with the new prices; a coins order needs the program of the company
 * the member belongs to (a limited session never gets here: the route needs a step-up).
 */
export const priceStep: Step<CheckoutState> = {
  name: 'price',
  async run(state) {
    const { scope, input } = state;
    const priced = await priceMemberOrder(
      scope,
      state.place,
      input,
      scope.clock(),
      scope.couponGuard,
    );
    if (priced.totalCents !== moneyToCents(input.expected_total)) throw priceChanged(priced);
    if (priced.paidWithCoins && input.expected_coin_total !== priced.coinTotal)
      throw priceChanged(priced);
    state.priced = priced;
    state.coinProgramUid = priced.paidWithCoins
      ? await memberCoinProgram(scope.db, scope.app.uid, priced.company.uid, scope.user.uid)
      : null;
  },
};
