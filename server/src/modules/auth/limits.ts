import type { RateLimitedAction } from '../../config';
import { enforceRateLimits } from '../../lib/rate-limit';
import type { AuthContext } from './context';

/** Per client address: counted before anything else, so a burst of junk is limited too. */
export async function limitByAddress(ctx: AuthContext, action: RateLimitedAction) {
  await enforceRateLimits(ctx.db, ctx.app.uid, [
    { bucket: `${action}:address`, key: ctx.ip, limit: ctx.config.rateLimits[action].address },
  ]);
}

/** Per identity (email, document, phone or member), whatever address it comes from. */
export async function limitByIdentity(
  ctx: AuthContext,
  action: RateLimitedAction,
  identity: string,
) {
  await enforceRateLimits(ctx.db, ctx.app.uid, [
    { bucket: `${action}:identity`, key: identity, limit: ctx.config.rateLimits[action].identity },
  ]);
}
