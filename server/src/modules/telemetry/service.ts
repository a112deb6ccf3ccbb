import { randomUUID } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '@store/contract';
import type { ClientErrorLimits } from '../../config';
import { clientErrors } from '../../db/schema';
import { addressKey, enforceRateLimits } from '../../lib/rate-limit';
import { loggedPath } from '../../lib/log-path';
import type { Scope } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';

/** Reports are kept this long; older ones go as new ones arrive. */
export const CLIENT_ERROR_RETENTION_DAYS = 30;

/**
 * The page path as stored: link tokens and coupon codes become ':token' / ':code' (uids stay, they
 * say which product or order page broke), as in the access log, so a report never keeps a
 * working link.
 */
export function redactPath(path: string): string {
  return loggedPath(path).slice(0, CLIENT_ERROR_LIMITS.pagePath);
}

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Stores one browser error report of the scope's tenant (and member, when signed in). Limited per
 * client address and per tenant before anything is written; the address's refused reports do not
 * count toward the tenant's ceiling, so one client cannot silence a whole store's reports.
 */
export async function recordClientError(
  scope: Scope,
  report: ClientErrorReport,
  client: { ip: string; userAgent: string | undefined; limits: ClientErrorLimits },
): Promise<void> {
  const now = scope.clock();
  await enforceRateLimits(
    scope.db,
    scope.app.uid,
    [{ bucket: 'client-errors:address', key: addressKey(client.ip), limit: client.limits.address }],
    now,
  );
  await enforceRateLimits(
    scope.db,
    scope.app.uid,
    [{ bucket: 'client-errors:tenant', key: scope.app.uid, limit: client.limits.tenant }],
    now,
  );
  await scope.db.insert(clientErrors).values({
    appId: scope.app.uid,
    uid: randomUUID(),
    kind: report.kind,
    message: report.message.slice(0, CLIENT_ERROR_LIMITS.message),
    stack: cut(report.stack, CLIENT_ERROR_LIMITS.stack),
    componentStack: cut(report.component_stack, CLIENT_ERROR_LIMITS.componentStack),
    pagePath: redactPath(report.page),
    buildId: report.build,
    userAgent: cut(client.userAgent, CLIENT_ERROR_LIMITS.userAgent),
    userUid: scope.user?.uid ?? null,
    createdAt: now,
  });
  // Now and then, forget reports past the retention.
  if (Math.random() < 0.02) {
    const cutoff = new Date(now.getTime() - CLIENT_ERROR_RETENTION_DAYS * 24 * 3600 * 1000);
    await scope.db
      .delete(clientErrors)
      .where(ofTenant(scope, clientErrors, lt(clientErrors.createdAt, cutoff)));
  }
}
