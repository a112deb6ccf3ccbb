import { desc, eq, sql } from 'drizzle-orm';
import type { AdminAuditQuery, AuditAction, AuditEntity, AuditEntry } from '@store/contract';
import { auditLog, users } from '../../db/schema';
import type { PageWindow } from '../../lib/pagination';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import type { AdminScope } from './guard';

/** Keys whose values never reach the audit log (card provider credentials and the like). */
const SECRET_KEY = /secret|password|token|api_?key|private|credential/i;
export const REDACTED = '[redacted]';

/** The record with every secret-looking value replaced, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redact(v)]),
    );
  return value;
}

export type Change = {
  entity: AuditEntity;
  entityUid: string;
  action: AuditAction;
  /** The record's API shape before the change (null on create). */
  before: Record<string, unknown> | null;
  /** The record's API shape after the change (null on delete). */
  after: Record<string, unknown> | null;
};

/**
 * Records one back-office change. Call it with the scope of the change's own transaction
 * (`withDb(admin, tx)`), so the change and its line commit together or not at all.
 */
export async function recordChange(admin: AdminScope, change: Change): Promise<void> {
  await admin.db.insert(auditLog).values({
    appId: admin.app.uid,
    companyUid: admin.company.uid,
    actorUid: admin.user.uid,
    actorRole: admin.role,
    entity: change.entity,
    entityUid: change.entityUid,
    action: change.action,
    before: change.before && (redact(change.before) as Record<string, unknown>),
    after: change.after && (redact(change.after) as Record<string, unknown>),
    createdAt: admin.clock(),
  });
}

/**
 * The end of a back-office create or update: its audit line (a create when there was no record
 * before) in the write's own transaction, then the record as the write answers it.
 */
export async function recordSave<Saved extends Record<string, unknown>>(
  admin: AdminScope,
  entity: AuditEntity,
  entityUid: string,
  before: Saved | null,
  after: Saved,
): Promise<Saved> {
  await recordChange(admin, {
    entity,
    entityUid,
    action: before === null ? 'create' : 'update',
    before,
    after,
  });
  return after;
}

/** The company's audit log, newest first, filtered by record kind, record and actor. */
export async function listAudit(
  admin: AdminScope,
  query: AdminAuditQuery,
  window: PageWindow,
): Promise<{ count: number; results: AuditEntry[] }> {
  const where = ofTenant(
    admin,
    auditLog,
    eq(auditLog.companyUid, admin.company.uid),
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity_uid ? eq(auditLog.entityUid, query.entity_uid) : undefined,
    query.actor ? sql`${auditLog.actorUid}::text = ${query.actor}` : undefined,
  );
  const [{ count }] = await admin.db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const rows = await admin.db
    .select({ line: auditLog, email: users.email, first: users.firstName, last: users.lastName })
    .from(auditLog)
    .leftJoin(users, sameTenant(users, auditLog, eq(users.uid, auditLog.actorUid)))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.uid))
    .limit(window.limit)
    .offset(window.offset);
  return {
    count,
    results: rows.map(({ line, email, first, last }) => ({
      uid: line.uid,
      at: line.createdAt.toISOString(),
      actor: {
        uid: line.actorUid,
        name: [first, last].filter(Boolean).join(' '),
        email,
        role: line.actorRole,
      },
      entity: line.entity as AuditEntity,
      entity_uid: line.entityUid,
      action: line.action,
      before: line.before,
      after: line.after,
    })),
  };
}
