import { and, eq, ne, sql } from 'drizzle-orm';
import {
  formMessages,
  marketplaceMessages,
  reviewedStoreStatuses,
  type MarketplaceStore,
  type StoreChangeDecisionInput,
  type StoreProfileInput,
} from '@store/contract';
import { companies, staffMembers, users, type PendingStoreProfile } from '../../../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { storeChangeMail } from '../../marketplace/mails';
import { storeOfRow, type CompanyRow } from '../../marketplace/stores';
import { recordChange } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';
import type { StoreMail } from './service';

/**
 * What shoppers see of a marketplace store (its name, logo and description) is the marketplace
 * owner's to approve (issue 35, item 11). A store not public yet (pending, rejected) changes it
 * at once: approving the store reviews all of it. An approved or suspended one only proposes:
 * the change waits in `companies.pending_profile`, the public answers keep reading the approved
 * columns, and the marketplace owner approves or rejects it from the stores queue.
 */
type Changes = PendingStoreProfile['changes'];

/** The fields of the input that differ from the row's approved values. */
function changesOf(row: CompanyRow, input: StoreProfileInput): Changes {
  const changes: Changes = {};
  const name = input.name?.trim();
  if (name !== undefined && name !== row.name) changes.name = name;
  if (input.logo !== undefined && input.logo !== row.logo) changes.logo = input.logo;
  if (input.description !== undefined && input.description !== row.description)
    changes.description = input.description;
  return changes;
}

/**
 * Another store (or the marketplace itself) already has this name. Checked under the main
 * company's lock, the one the sign-up takes, so a rename and a sign-up cannot both pass.
 */
async function nameTaken(scope: AdminScope, storeUid: string, name: string): Promise<boolean> {
  await scope.db
    .select({ uid: companies.uid })
    .from(companies)
    .where(ofTenant(scope, companies, eq(companies.uid, scope.app.mainCompanyUid!)))
    .for('update');
  const [same] = await scope.db
    .select({ uid: companies.uid })
    .from(companies)
    .where(
      ofTenant(
        scope,
        companies,
        ne(companies.uid, storeUid),
        sql`lower(${companies.name}) = lower(${name})`,
      ),
    );
  return !!same;
}

/** The store's row as it shows in the audit log: its public values and what waits. */
const auditView = (row: CompanyRow) => ({
  name: row.name,
  logo: row.logo,
  description: row.description,
  status: row.status,
  pending_profile: row.pendingProfile,
});

/**
 * Writes a locked store row's new values one version on, with its audit line, in the caller's
 * transaction (`scope` carries it).
 */
async function saveStore(
  scope: AdminScope,
  row: CompanyRow,
  set: Partial<CompanyRow>,
  audit: Record<string, unknown> = {},
): Promise<CompanyRow> {
  const [updated] = await scope.db
    .update(companies)
    .set({ ...set, version: row.version + 1 })
    .where(ofTenant(scope, companies, eq(companies.uid, row.uid)))
    .returning();
  await recordChange(scope, {
    entity: 'store',
    entityUid: row.uid,
    action: 'update',
    before: auditView(row),
    after: { ...auditView(updated), ...audit },
  });
  return updated;
}

/**
 * The store owner's `PATCH v5/admin/onboarding/store/`: name, logo, description. Public at once
 * while the store is not public yet; otherwise a proposal for review (merged with the one still
 * waiting; a refused one is replaced). Asking for the approved values again withdraws it.
 */
export async function updateStoreProfile(
  admin: AdminScope,
  input: StoreProfileInput,
): Promise<MarketplaceStore> {
  if (admin.role !== 'OWNER') throw new ForbiddenError(marketplaceMessages.storeOwnerOnly);
  return admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    const [row] = await tx
      .select()
      .from(companies)
      .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)))
      .for('update');
    if (!row || !row.signedUpAt) throw new NotFoundError();
    const current = await storeOfRow(scope, row);
    checkVersion(row, input.version, () => current);
    const changes = changesOf(row, input);
    if (changes.name !== undefined && (await nameTaken(scope, row.uid, changes.name)))
      throw new ValidationError({ name: [marketplaceMessages.nameTaken] });

    const reviewed = reviewedStoreStatuses.includes(row.status);
    let set: Partial<CompanyRow>;
    if (!reviewed) {
      set = { ...changes };
    } else {
      // A proposal still waiting keeps the fields this edit does not touch; a refused one is over.
      const kept: Changes =
        row.pendingProfile?.status === 'pending' ? row.pendingProfile.changes : {};
      const merged: Changes = { ...kept };
      for (const key of ['name', 'logo', 'description'] as const) {
        if (input[key] === undefined) continue;
        if (key in changes) Object.assign(merged, { [key]: changes[key] });
        else delete merged[key];
      }
      set = {
        pendingProfile:
          Object.keys(merged).length > 0
            ? {
                changes: merged,
                requested_at: admin.clock().toISOString(),
                status: 'pending',
                reason: null,
              }
            : null,
      };
    }
    const updated = await saveStore(scope, row, set);
    return storeOfRow(scope, updated);
  });
}

/**
 * The marketplace owner's decision on a store's proposed change: approve makes it public (the
 * name checked again), reject keeps the approved values and tells the owner why. The store row
 * is locked and versioned; the audit line and the mail to the store's owners commit with it.
 */
export async function decideStoreChange(
  admin: AdminScope,
  uid: string,
  input: StoreChangeDecisionInput,
  mail: StoreMail,
): Promise<MarketplaceStore> {
  return admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    if (!isUid(uid) || uid === admin.app.mainCompanyUid) throw new NotFoundError();
    const [row] = await tx
      .select()
      .from(companies)
      .where(ofTenant(admin, companies, eq(companies.uid, uid)))
      .for('update');
    if (!row) throw new NotFoundError();
    const current = await storeOfRow(scope, row);
    checkVersion(row, input.version, () => current);
    const pending = row.pendingProfile;
    if (!pending || pending.status !== 'pending')
      throw new ValidationError({ decision: [formMessages.invalid] });

    let set: Partial<CompanyRow>;
    if (input.decision === 'approve') {
      const { changes } = pending;
      if (changes.name !== undefined && (await nameTaken(scope, row.uid, changes.name)))
        throw new ValidationError({ name: [marketplaceMessages.nameTaken] });
      set = { ...changes, pendingProfile: null };
    } else {
      set = { pendingProfile: { ...pending, status: 'rejected', reason: input.reason ?? null } };
    }
    const updated = await saveStore(scope, row, set, { change_decision: input.decision });
    const owners = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(staffMembers)
      .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
      .where(
        ofTenant(
          admin,
          staffMembers,
          and(eq(staffMembers.companyUid, row.uid), eq(staffMembers.role, 'OWNER')),
        ),
      );
    for (const owner of owners) {
      if (!owner.email) continue;
      await mail.mailer.queue(
        tx,
        admin.app.uid,
        storeChangeMail(
          { appName: admin.app.name, to: owner.email, firstName: owner.firstName },
          {
            name: updated.name,
            decision: input.decision,
            reason: input.decision === 'reject' ? (input.reason ?? null) : null,
            link: `${mail.origin}/admin`,
          },
        ),
      );
    }
    return storeOfRow(scope, updated);
  });
}
