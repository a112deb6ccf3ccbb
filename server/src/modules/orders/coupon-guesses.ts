import type { ActionRateLimits } from '../../config';
import type { Database } from '../../db/client';
import { addressKey, enforceRateLimits } from '../../lib/rate-limit';
import { CouponError } from './settings';

/**
 * Runs a coupon look-up. Every place a client sends a code (`validate-code`, an order's quote, the
 * order itself) looks it up through one of these, so a guess costs the same wherever it is made.
 */
export type CouponGuard = <T>(lookup: () => Promise<T>) => Promise<T>;

/** Who is asking: the client's address, and the member when signed in. */
export type CouponGuesser = { ip: string; memberUid: string | null };

/**
 * The coupon-code limits (per client address, and per member whatever their address) around a
 * look-up. Each look-up is counted before it runs, so a concurrent burst cannot slip past the
 * limit, and once over it every answer is a 429, whatever the code: a good code cannot be told
 * from a bad one by the limit. A code that names a coupon of the company (usable or not: expired,
 * used up, under its minimum) gives its count back: only guesses that name nothing use up the
 * allowance, so a buyer whose checkout prices the same good code again and again is never stopped.
 */
export function couponGuard(
  db: Database,
  appId: string,
  limits: ActionRateLimits,
  guesser: CouponGuesser,
  now: Date,
): CouponGuard {
  return async (lookup) => {
    const ticket = await enforceRateLimits(
      db,
      appId,
      [
        { bucket: 'coupon-code:address', key: addressKey(guesser.ip), limit: limits.address },
        ...(guesser.memberUid
          ? [{ bucket: 'coupon-code:member', key: guesser.memberUid, limit: limits.identity }]
          : []),
      ],
      now,
    );
    try {
      const found = await lookup();
      await ticket.giveBack();
      return found;
    } catch (err) {
      if (err instanceof CouponError && err.status !== 404) await ticket.giveBack();
      throw err;
    }
  };
}

/** No limit: a look-up the server makes on its own (a subscription's recurring order). */
export const unguarded: CouponGuard = (lookup) => lookup();
