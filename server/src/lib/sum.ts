import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A database bigint (a string from node-postgres, a bigint or number from
 * PGlite) as a JS number. Ledger sums grow past int4 long before they reach
 * 2^53; beyond that a number would silently lose units, so it is refused.
 */
export function bigintToNumber(value: unknown): number {
  const n = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  if (!Number.isSafeInteger(n) || (typeof value === 'bigint' && BigInt(n) !== value))
    throw new RangeError(`a sum beyond the safe integer range: ${String(value)}`);
  return n;
}

/** `coalesce(sum(expr), 0)` as bigint (an int4 cast overflows at 2^31), read as a safe JS number. */
export function sumAsNumber(expr: AnyColumn | SQL): SQL<number> {
  return sql`coalesce(sum(${expr}), 0)::bigint`.mapWith(bigintToNumber);
}
