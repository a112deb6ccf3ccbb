import { eq, sql } from 'drizzle-orm';
import {
  adminMoneyMessages,
  type AdminReceiptAccount,
  type AdminReceiptAccountInput,
} from '@store/contract';
import { companyReceiptAccounts } from '../../../db/schema';
import { ValidationError } from '../../../lib/http-errors';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import type { ReceiptAccountRules } from '../../receipts/issuing/plugin';
import { recordChange } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Row = { nubefactUrl: string | null; nubefactToken: string | null; version: number };

const NONE: Row = { nubefactUrl: null, nubefactToken: null, version: 0 };

/** The token never leaves: only whether it is set, and whose account issues now. */
const toApi = (row: Row, rules: ReceiptAccountRules): AdminReceiptAccount => ({
  provider: 'nubefact',
  url: row.nubefactUrl,
  token_configured: Boolean(row.nubefactToken),
  issuer: row.nubefactUrl ? 'COMPANY' : rules.deploymentIssues ? 'DEPLOYMENT' : 'NONE',
  version: row.version,
});

/**
 * The server posts the company's sales to this URL with its token: only to the provider's own
 * origins (NUBEFACT_ACCOUNT_ORIGINS), never to an address an owner makes up (a host of our
 * network, another service).
 */
function allowed(url: string, rules: ReceiptAccountRules): boolean {
  const parsed = URL.parse(url);
  return (
    !!parsed &&
    !parsed.username &&
    !parsed.password &&
    rules.origins.includes(parsed.origin) &&
    parsed.pathname.length > 1
  );
}

const where = (admin: AdminScope) =>
  ofTenant(admin, companyReceiptAccounts, eq(companyReceiptAccounts.companyUid, admin.company.uid));

export async function getReceiptAccount(
  admin: AdminScope,
  rules: ReceiptAccountRules,
): Promise<AdminReceiptAccount> {
  const [row] = await admin.db.select().from(companyReceiptAccounts).where(where(admin));
  return toApi(row ?? NONE, rules);
}

/**
 * Sets the company's own Nubefact account (route URL and token), or forgets it (`url: null`):
 * its next receipts, and those waiting, go through it (or back to the deployment's account). A
 * URL needs a token, sent now or kept from before. Version 0: read while none was saved.
 */
export async function putReceiptAccount(
  admin: AdminScope,
  rules: ReceiptAccountRules,
  input: AdminReceiptAccountInput,
): Promise<AdminReceiptAccount> {
  if (input.url !== null && !allowed(input.url, rules))
    throw new ValidationError({ url: [adminMoneyMessages.receiptUrlInvalid] });
  return admin.db.transaction(async (tx) => {
    await tx
      .insert(companyReceiptAccounts)
      .values({ appId: admin.app.uid, companyUid: admin.company.uid, version: 0 })
      .onConflictDoNothing();
    const [row] = await tx.select().from(companyReceiptAccounts).where(where(admin)).for('update');
    checkVersion(row, input.version, (r: Row) => toApi(r, rules));
    const token = input.url === null ? null : (input.token ?? row.nubefactToken);
    if (input.url !== null && !token)
      throw new ValidationError({ token: [adminMoneyMessages.receiptTokenRequired] });
    const [updated] = await tx
      .update(companyReceiptAccounts)
      .set({
        nubefactUrl: input.url,
        nubefactToken: token,
        version: sql`${companyReceiptAccounts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(where(admin))
      .returning();
    await recordChange(withDb(admin, tx), {
      entity: 'receipt_account',
      entityUid: admin.company.uid,
      action: row.version === 0 ? 'create' : 'update',
      before: row.version === 0 ? null : toApi(row, rules),
      // Whether the token was replaced, never its value.
      after: { ...toApi(updated, rules), replaced: 'token' in input ? ['token'] : [] },
    });
    return toApi(updated, rules);
  });
}
