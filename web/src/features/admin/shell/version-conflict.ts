import { ApiError } from '../../../api';

/**
 * The record as it is now when a save or a delete lost the race (409 `admin.version_conflict`:
 * someone else, or a tenant-file import, saved first), else null. Every editor then shows that
 * record, so the next save goes with its version and nothing of the other person's is lost.
 */
export function conflictRecord<T>(error: unknown): T | null {
  return error instanceof ApiError && error.code === 'admin.version_conflict'
    ? (error.body as { current: T }).current
    : null;
}
