import { adminMessages } from '@store/contract';
import { detailBody, HttpError } from '../../lib/http-errors';

/**
 * Optimistic concurrency of the back office. Every editable record has a `version`
 * column; a form sends back the version it was read at. The service locks the row
 * (`SELECT … FOR UPDATE`) inside the write's transaction and calls `checkVersion`:
 * a second writer that read the same version waits for the first one's lock, then
 * sees the bumped version and gets this 409, never overwriting silently. The body
 * carries the record as it is now, so the form can reload it.
 */
export class VersionConflictError extends HttpError {
  constructor(current: unknown) {
    super(409, { ...detailBody(adminMessages.versionConflict), current });
  }
}

/** Throws the 409 unless the locked row is still at the version the writer read. */
export function checkVersion<Row extends { version: number }>(
  row: Row,
  expected: number,
  toApi: (row: Row) => unknown,
): void {
  if (row.version !== expected) throw new VersionConflictError(toApi(row));
}
