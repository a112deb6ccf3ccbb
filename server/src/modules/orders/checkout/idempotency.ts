import { violatedConstraint } from '../../../db/errors';

/** Whether an error (or one it wraps: drizzle wraps the driver's) is a unique violation of `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: string };
    const name = violatedConstraint(e);
    if (code === '23505' && (name === constraint || !name)) return true;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return false;
}

/** Two requests of a member with one Idempotency-Key: the second one's order lost the race to the first one's. */
export const isSameKeyRace = (err: unknown) => isUniqueViolation(err, 'orders_idempotency_key');
