import { isIPv4, isIPv6 } from 'node:net';
import { eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import type { RateLimit } from '../config';
import { TooManyRequestsError } from './http-errors';
import { tokenHash } from './secrets';
import { ofTenant, tenantRef } from '../scope/tenant-query';

/**
 * The key of a per-address limit: an IPv4 address as it is (an IPv4-mapped IPv6 address too), an
 * IPv6 address by its /64 prefix. One IPv6 subscriber usually holds a whole /64 (often far more),
 * so counting single IPv6 addresses would give each client billions of fresh keys.
 */
export function addressKey(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.toLowerCase();
  const groups = expandIPv6(address);
  const mapped =
    groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
      ? `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`
      : null;
  if (mapped) return mapped;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with :: expanded and a dotted IPv4 tail read). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

export type RateLimitKey = { bucket: string; key: string; limit: RateLimit };

/**
 * A request counted by `enforceRateLimits`. `giveBack` takes its hit out of each window it was
 * counted in again: for a limit on failures only (a coupon guess that named a real coupon costs
 * nothing), counted first so a concurrent burst still cannot slip past the limit.
 */
export type RateLimitTicket = { giveBack(): Promise<void> };

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
): Promise<RateLimitTicket> {
  let retryAfter = 0;
  const counted: { name: string; windowStart: Date }[] = [];
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
    counted.push({ name, windowStart });
    if (row.hits > limit.max)
      retryAfter = Math.max(retryAfter, (windowStart.getTime() + windowMs - now.getTime()) / 1000);
  }
  // Now and then, forget windows that ended long ago.
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimits)
      .where(
        ofTenant(
          tenantRef(appId),
          rateLimits,
          lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)),
        ),
      );
  }
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
  return {
    async giveBack() {
      for (const { name, windowStart } of counted)
        await db
          .update(rateLimits)
          .set({ hits: sql`${rateLimits.hits} - 1` })
          .where(
            ofTenant(
              tenantRef(appId),
              rateLimits,
              eq(rateLimits.bucket, name),
              eq(rateLimits.windowStart, windowStart),
              gt(rateLimits.hits, 0),
            ),
          );
    },
  };
}
