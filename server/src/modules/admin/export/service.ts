import { adminMessages } from '@store/contract';
import { ForbiddenError } from '../../../lib/http-errors';
import { exportTenant, type ExportedTenantFile } from '../../../tenants/exporter';
import type { AdminScope } from '../guard';

/**
 * The whole store's tenant file. The file holds every company of the tenant and all its
 * members, so only the owner of the main company (the store's owner, not a child company's
 * in a multisite) may take it.
 */
export async function exportStore(admin: AdminScope): Promise<ExportedTenantFile> {
  if (admin.role !== 'OWNER' || admin.company.uid !== admin.app.mainCompanyUid)
    throw new ForbiddenError(adminMessages.exportMainOwnerOnly);
  return exportTenant(admin.db, admin.app.uid);
}

/** `aurora-2026-11-26.json`: the app key and the day, safe as a file name. */
export function exportFileName(appKey: string, now = new Date()): string {
  return `${appKey}-${now.toISOString().slice(0, 10)}.json`;
}
