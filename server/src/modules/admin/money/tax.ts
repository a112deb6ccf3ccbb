import { eq, sql } from 'drizzle-orm';
import type { AdminTaxRule, AdminTaxRuleInput } from '@store/contract';
import { companyTaxRules } from '../../../db/schema';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { recordChange } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Row = {
  name: string;
  rateBasisPoints: number;
  receiptIssueOn: 'PAYMENT' | 'DELIVERY';
  version: number;
};

/** The checkout's default when a company never set one (orders/settings.ts). */
const DEFAULT: Row = { name: 'IGV', rateBasisPoints: 1800, receiptIssueOn: 'PAYMENT', version: 0 };

const rate = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
const toApi = (row: Row): AdminTaxRule => ({
  name: row.name,
  rate: rate(row.rateBasisPoints),
  included: true,
  receipt_issue_on: row.receiptIssueOn,
  version: row.version,
});

export async function getTaxRule(admin: AdminScope): Promise<AdminTaxRule> {
  const [row] = await admin.db
    .select()
    .from(companyTaxRules)
    .where(ofTenant(admin, companyTaxRules, eq(companyTaxRules.companyUid, admin.company.uid)));
  return toApi(row ?? DEFAULT);
}

/**
 * Sets the company's tax rule. Version 0 means "read while none was saved": the first
 * writer inserts; a second writer of version 0 waits on the primary key, then finds the
 * row and gets the 409 like any other stale write.
 */
export async function putTaxRule(
  admin: AdminScope,
  input: AdminTaxRuleInput,
): Promise<AdminTaxRule> {
  const rateBasisPoints = Math.round(Number(input.rate) * 100);
  return admin.db.transaction(async (tx) => {
    const where = ofTenant(
      admin,
      companyTaxRules,
      eq(companyTaxRules.companyUid, admin.company.uid),
    );
    await tx
      .insert(companyTaxRules)
      .values({
        appId: admin.app.uid,
        companyUid: admin.company.uid,
        name: DEFAULT.name,
        rateBasisPoints: DEFAULT.rateBasisPoints,
        version: 0,
      })
      .onConflictDoNothing();
    const [row] = await tx.select().from(companyTaxRules).where(where).for('update');
    checkVersion(row, input.version, toApi);
    const [updated] = await tx
      .update(companyTaxRules)
      .set({
        name: input.name,
        rateBasisPoints,
        ...(input.receipt_issue_on ? { receiptIssueOn: input.receipt_issue_on } : {}),
        version: sql`${companyTaxRules.version} + 1`,
      })
      .where(where)
      .returning();
    await recordChange(withDb(admin, tx), {
      entity: 'tax_rule',
      entityUid: admin.company.uid,
      action: row.version === 0 ? 'create' : 'update',
      before: row.version === 0 ? null : toApi(row),
      after: toApi(updated),
    });
    return toApi(updated);
  });
}
