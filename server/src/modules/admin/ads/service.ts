import { randomUUID } from 'node:crypto';
import { asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  adminProgramsMessages,
  type AdminAd,
  type AdminAdFields,
  type AdminAdInput,
  type AdminAdQuery,
} from '@store/contract';
import { companyAds } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { recordChange, recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type AdRow = typeof companyAds.$inferSelect;

/** Ads belong to the company, not to a place: a MANAGER limited to places sees them all. */
function ofCompany(admin: AdminScope, ...more: (SQL | undefined)[]) {
  return ofTenant(admin, companyAds, eq(companyAds.companyUid, admin.company.uid), ...more);
}

function toApi(r: AdRow): AdminAd {
  return {
    uid: r.uid,
    title: r.title,
    image: r.image,
    link: r.link,
    position: r.position,
    is_active: r.isActive,
    version: r.version,
  };
}

function values(input: AdminAdFields) {
  return {
    title: input.title,
    image: input.image,
    link: input.link,
    position: input.position,
    isActive: input.is_active,
  };
}

export async function listAds(
  admin: AdminScope,
  query: AdminAdQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminAd[] }> {
  const where = ofCompany(
    admin,
    query.q ? ilike(companyAds.title, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.active ? eq(companyAds.isActive, query.active === 'true') : undefined,
  );
  const [{ n }] = await admin.db.select({ n: count() }).from(companyAds).where(where);
  const rows = await admin.db
    .select()
    .from(companyAds)
    .where(where)
    .orderBy(asc(companyAds.position), asc(companyAds.uid))
    .limit(window.limit)
    .offset(window.offset);
  return { count: n, results: rows.map(toApi) };
}

export async function getAd(admin: AdminScope, uid: string): Promise<AdminAd> {
  const [row] = isUid(uid)
    ? await admin.db
        .select()
        .from(companyAds)
        .where(ofCompany(admin, eq(companyAds.uid, uid)))
    : [];
  if (!row) throw new NotFoundError(adminProgramsMessages.adNotFound);
  return toApi(row);
}

export async function createAd(admin: AdminScope, input: AdminAdFields): Promise<AdminAd> {
  return admin.db.transaction(async (tx) => {
    // No key: the tenant file names back-office rows by position when it exports them.
    const [row] = await tx
      .insert(companyAds)
      .values({
        appId: admin.app.uid,
        uid: randomUUID(),
        companyUid: admin.company.uid,
        key: null,
        ...values(input),
      })
      .returning();
    const after = toApi(row);
    return recordSave(withDb(admin, tx), 'company_ad', row.uid, null, after);
  });
}

/** Locks the ad, checks the version the form read, then writes and audits in the same transaction. */
export async function updateAd(
  admin: AdminScope,
  uid: string,
  input: AdminAdInput,
): Promise<AdminAd> {
  if (!isUid(uid)) throw new NotFoundError(adminProgramsMessages.adNotFound);
  return admin.db.transaction(async (tx) => {
    const where = ofCompany(admin, eq(companyAds.uid, uid));
    const [locked] = await tx.select().from(companyAds).where(where).for('update');
    if (!locked) throw new NotFoundError(adminProgramsMessages.adNotFound);
    checkVersion(locked, input.version, toApi);
    const [row] = await tx
      .update(companyAds)
      .set({ ...values(input), version: sql`${companyAds.version} + 1` })
      .where(where)
      .returning();
    const after = toApi(row);
    return recordSave(withDb(admin, tx), 'company_ad', uid, toApi(locked), after);
  });
}

export async function deleteAd(admin: AdminScope, uid: string, version: number): Promise<void> {
  if (!isUid(uid)) throw new NotFoundError(adminProgramsMessages.adNotFound);
  await admin.db.transaction(async (tx) => {
    const where = ofCompany(admin, eq(companyAds.uid, uid));
    const [locked] = await tx.select().from(companyAds).where(where).for('update');
    if (!locked) throw new NotFoundError(adminProgramsMessages.adNotFound);
    checkVersion(locked, version, toApi);
    await tx.delete(companyAds).where(where);
    await recordChange(withDb(admin, tx), {
      entity: 'company_ad',
      entityUid: uid,
      action: 'delete',
      before: toApi(locked),
      after: null,
    });
  });
}
