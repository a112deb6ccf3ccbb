import type { RateLimitedAction } from '../../config';
import { addressKey, enforceRateLimits } from '../../lib/rate-limit';
import type { AuthScope } from './context';

/** Per client address (an IPv6 client by its /64): counted before anything else, so a burst of junk is limited too. */
export async function limitByAddress(ctx: AuthScope, action: RateLimitedAction) {
  await enforceRateLimits(
    ctx.db,
    ctx.app.uid,
    [
      {
        bucket: `${action}:address`,
        key: addressKey(ctx.ip),
        limit: ctx.config.rateLimits[action].address,
      },
    ],
    ctx.clock(),
  );
}

/**
 * Per identity (email, document, phone or member), counted twice: with the client address, so a
 * stranger failing on someone's email locks out only their own address and never the owner; and
 * across every address under a higher ceiling, so a guess spread over many addresses still stops.
 */
export async function limitByIdentity(ctx: AuthScope, action: RateLimitedAction, identity: string) {
  const limits = ctx.config.rateLimits[action];
  await enforceRateLimits(
    ctx.db,
    ctx.app.uid,
    [
      {
        bucket: `${action}:identity-address`,
        key: `${identity}\n${addressKey(ctx.ip)}`,
        limit: limits.identity,
      },
    ],
    ctx.clock(),
  );
  // Only what one address was allowed counts toward the ceiling: an address hammering past its own
  // limit cannot fill the ceiling (and lock the owner out) alone.
  await enforceRateLimits(
    ctx.db,
    ctx.app.uid,
    [{ bucket: `${action}:identity`, key: identity, limit: limits.identityTotal }],
    ctx.clock(),
  );
}
