import { and, eq, sql } from 'drizzle-orm';
import {
  formMessages,
  marketplaceMessages,
  storeTransitions,
  type MarketplaceStore,
  type StoreDecisionInput,
  type StoreOnboarding,
} from '@store/contract';
import {
  companies,
  paymentMethods,
  places,
  products,
  staffMembers,
  users,
} from '../../../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { Mailer } from '../../mail/mailer';
import { storeDecisionMail } from '../../marketplace/mails';
import { storeOfRow, type CompanyRow } from '../../marketplace/stores';
import { recordChange, recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

export type StoreMail = { mailer: Mailer; origin: string };

async function lockStore(admin: AdminScope, uid: string): Promise<CompanyRow> {
  if (!isUid(uid) || uid === admin.app.mainCompanyUid) throw new NotFoundError();
  const [row] = await admin.db
    .select()
    .from(companies)
    .where(ofTenant(admin, companies, eq(companies.uid, uid)))
    .for('update');
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Approve, reject, suspend or reactivate a store: one transaction locks the company, checks
 * the version and the transition, writes the status, the audit line and the mail to each of
 * the store's owners (so a decision is never half told).
 */
export async function decideStore(
  admin: AdminScope,
  uid: string,
  input: StoreDecisionInput,
  mail: StoreMail,
): Promise<MarketplaceStore> {
  return admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    const row = await lockStore(scope, uid);
    const before = await storeOfRow(scope, row);
    checkVersion(row, input.version, () => before);
    const transition = storeTransitions[input.decision];
    if (!transition.from.includes(row.status))
      throw new ValidationError({ decision: [formMessages.invalid] });
    const reason =
      input.decision === 'reject' || input.decision === 'suspend' ? (input.reason ?? null) : null;
    const [updated] = await tx
      .update(companies)
      .set({ status: transition.to, statusReason: reason, version: row.version + 1 })
      .where(ofTenant(admin, companies, eq(companies.uid, row.uid)))
      .returning();
    const after = await storeOfRow(scope, updated);
    await recordChange(scope, {
      entity: 'store',
      entityUid: row.uid,
      action: 'update',
      before,
      after: { ...after, decision: input.decision },
    });
    const owners = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(staffMembers)
      .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
      .where(
        ofTenant(
          admin,
          staffMembers,
          eq(staffMembers.companyUid, row.uid),
          eq(staffMembers.role, 'OWNER'),
        ),
      );
    for (const owner of owners) {
      if (!owner.email) continue;
      await mail.mailer.queue(
        tx,
        admin.app.uid,
        storeDecisionMail(
          { appName: admin.app.name, to: owner.email, firstName: owner.firstName },
          { name: row.name, decision: input.decision, reason, link: `${mail.origin}/admin` },
        ),
      );
    }
    return after;
  });
}

/** Whether the query finds a row. */
async function found(query: Promise<{ one: unknown }[]>): Promise<boolean> {
  return (await query).length > 0;
}

/**
 * The onboarding checklist of a store a merchant created (null for the tenant file's
 * companies, which start complete). Each step reads the data it names, so it is done the
 * moment the owner does it in its screen.
 */
export async function onboarding(admin: AdminScope): Promise<StoreOnboarding | null> {
  const [row] = await admin.db
    .select()
    .from(companies)
    .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)));
  if (!row || !row.signedUpAt) return null;
  const company = admin.company.uid;
  const [place, product, payment] = await Promise.all([
    found(
      admin.db
        .select({ one: places.uid })
        .from(places)
        .where(
          ofTenant(
            admin,
            places,
            eq(places.companyUid, company),
            eq(places.isActive, true),
            // Some hours, in either stored form: a shift of the opening hours, or a day of the
            // spec's timetable (rows from before issue 36).
            sql`(jsonb_path_exists(${places.timetable}, '$.days.*[*]') or ${places.timetable}->'monday' <> 'null'::jsonb or ${places.timetable}->'saturday' <> 'null'::jsonb or ${places.timetable}->'sunday' <> 'null'::jsonb)`,
          ),
        )
        .limit(1),
    ),
    found(
      admin.db
        .select({ one: products.uid })
        .from(products)
        .where(
          ofTenant(admin, products, eq(products.companyUid, company), eq(products.isActive, true)),
        )
        .limit(1),
    ),
    found(
      admin.db
        .select({ one: paymentMethods.uid })
        .from(paymentMethods)
        .where(
          ofTenant(
            admin,
            paymentMethods,
            and(eq(paymentMethods.companyUid, company), eq(paymentMethods.isActive, true)),
          ),
        )
        .limit(1),
    ),
  ]);
  return {
    store: await storeOfRow(admin, row),
    steps: [
      { step: 'logo', done: row.logo !== null && row.logo !== '' },
      { step: 'place', done: place },
      { step: 'product', done: product },
      { step: 'payment', done: payment },
      { step: 'review', done: row.reviewRequestedAt !== null || row.status === 'approved' },
    ],
  };
}

/** The store's own profile and review are its OWNER's: a MANAGER is told so (issue 36 row 9). */
function ownStoreOwner(admin: AdminScope): void {
  if (admin.role !== 'OWNER') throw new ForbiddenError(marketplaceMessages.storeOwnerOnly);
}

async function lockOwnStore(admin: AdminScope): Promise<CompanyRow> {
  const [row] = await admin.db
    .select()
    .from(companies)
    .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)))
    .for('update');
  if (!row || !row.signedUpAt) throw new NotFoundError();
  return row;
}

/**
 * The checklist's last step: the store's owner asks the marketplace to review it. A rejected
 * store asks again (back to `pending`); an approved or suspended one has nothing to ask.
 */
export async function requestReview(admin: AdminScope, version: number): Promise<MarketplaceStore> {
  ownStoreOwner(admin);
  return admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    const row = await lockOwnStore(scope);
    const before = await storeOfRow(scope, row);
    checkVersion(row, version, () => before);
    if (row.status !== 'pending' && row.status !== 'rejected')
      throw new ValidationError({ decision: [formMessages.invalid] });
    const [updated] = await tx
      .update(companies)
      .set({
        status: 'pending',
        reviewRequestedAt: admin.clock(),
        version: row.version + 1,
      })
      .where(ofTenant(admin, companies, eq(companies.uid, row.uid)))
      .returning();
    const after = await storeOfRow(scope, updated);
    return recordSave(scope, 'store', row.uid, before, after);
  });
}
