import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import type { RateLimit } from '../config';
import { TooManyRequestsError } from './http-errors';
import { tokenHash } from './secrets';

export type RateLimitKey = { bucket: string; key: string; limit: RateLimit };

/**
 * Counts one request against each key (fixed windows kept in the database, so
 * every server process shares them) and throws a 429 when any is over its
 * limit. The counting is one atomic upsert per key: a burst of concurrent
 * requests cannot slip past it.
 */
export async function enforceRateLimits(
  db: Database,
  appId: string,
  keys: RateLimitKey[],
  now = new Date(),
): Promise<void> {
  let retryAfter = 0;
  for (const { bucket, key, limit } of keys) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    // Keys are hashed: the table never holds an email, a document or an address.
    const name = `${bucket}:${tokenHash(key.toLowerCase()).slice(0, 32)}`;
    const [row] = await db
      .insert(rateLimits)
      .values({ appId, bucket: name, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.appId, rateLimits.bucket, rateLimits.windowStart],
        set: { hits: sql`${rateLimits.hits} + 1` },
      })
      .returning({ hits: rateLimits.hits });
    if (row.hits > limit.max)
      retryAfter = Math.max(retryAfter, (windowStart.getTime() + windowMs - now.getTime()) / 1000);
  }
  // Now and then, forget windows that ended long ago.
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimits)
      .where(
        and(
          eq(rateLimits.appId, appId),
          lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)),
        ),
      );
  }
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
}
