import { eq, sql } from 'drizzle-orm';
import { adminMediaMessages, type AdminBranding, type AdminBrandingInput } from '@store/contract';
import { apps, companies } from '../../../db/schema';
import { ofTenant } from '../../../scope/tenant-query';
import { ForbiddenError } from '../../../lib/http-errors';
import { withDb } from '../../../scope/scope';
import { tenantHtmlSanitizer } from '../../../lib/tenant-html';
import { recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type AppRow = typeof apps.$inferSelect;

const toApi = (row: AppRow): AdminBranding => ({
  logo: row.logo,
  favicon: row.favicon,
  main_color: row.mainColor,
  menu_color: row.menuColor,
  terms_and_conditions: row.site.terms_and_conditions,
  privacy_policies: row.site.privacy_policies,
  faqs: row.site.faqs,
  version: row.version,
});

/**
 * The look and the legal texts belong to the whole store (the tenant): in a multisite,
 * only the main company's owner or manager changes them.
 */
function mayEdit(admin: AdminScope): void {
  if (admin.app.mainCompanyUid && admin.app.mainCompanyUid !== admin.company.uid)
    throw new ForbiddenError(adminMediaMessages.brandingMainCompanyOnly);
}

export async function getBranding(admin: AdminScope): Promise<AdminBranding> {
  mayEdit(admin);
  // The tenant row itself (never another's: its uid is the scope's tenant).
  const [row] = await admin.db.select().from(apps).where(eq(apps.uid, admin.app.uid));
  return toApi(row);
}

/** One versioned, audited write of the store's look and legal texts. */
export async function updateBranding(
  admin: AdminScope,
  input: AdminBrandingInput,
): Promise<AdminBranding> {
  mayEdit(admin);
  const sanitizeTenantHtml = await tenantHtmlSanitizer();
  return admin.db.transaction(async (tx) => {
    const where = eq(apps.uid, admin.app.uid);
    const [row] = await tx.select().from(apps).where(where).for('update');
    checkVersion(row, input.version, toApi);
    const site = { ...row.site };
    if (input.terms_and_conditions !== undefined)
      site.terms_and_conditions = sanitizeTenantHtml(input.terms_and_conditions);
    if (input.privacy_policies !== undefined)
      site.privacy_policies = sanitizeTenantHtml(input.privacy_policies);
    if (input.faqs !== undefined) site.faqs = sanitizeTenantHtml(input.faqs);
    const [updated] = await tx
      .update(apps)
      .set({
        ...(input.logo !== undefined ? { logo: input.logo } : {}),
        ...(input.favicon !== undefined ? { favicon: input.favicon } : {}),
        ...(input.main_color !== undefined ? { mainColor: input.main_color.toUpperCase() } : {}),
        ...(input.menu_color !== undefined ? { menuColor: input.menu_color.toUpperCase() } : {}),
        site,
        version: sql`${apps.version} + 1`,
        updatedAt: admin.clock(),
      })
      .where(where)
      .returning();
    // The store header shows the company's logo before the app's: in a store the main company
    // is the brand, so its logo follows the store's (other companies of a multisite keep theirs).
    if (input.logo !== undefined)
      await tx
        .update(companies)
        .set({ logo: input.logo })
        .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)));
    return recordSave(withDb(admin, tx), 'branding', admin.app.uid, toApi(row), toApi(updated));
  });
}
