import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { companies } from './tenancy';
import type { StaffRole } from './staff';

/**
 * The back office's audit log: one row per change, written by modules/admin/audit.ts in
 * the transaction of the change itself, so a change and its record commit or fail together.
 * The actor is a plain uid and the role they had (no foreign key: a deleted account leaves
 * its lines, and their name is read from the live account, so nothing personal is copied
 * here). `before`/`after` are the record's API shape with secrets redacted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    appId: uuid('app_id').notNull(),
    uid: uuid('uid').notNull().defaultRandom(),
    companyUid: uuid('company_uid').notNull(),
    actorUid: uuid('actor_uid'),
    actorRole: text('actor_role').$type<StaffRole>().notNull(),
    entity: text('entity').notNull(),
    entityUid: text('entity_uid').notNull(),
    action: text('action').$type<'create' | 'update' | 'delete'>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.companyUid, companies),
    index('audit_log_company_idx').on(t.appId, t.companyUid, t.createdAt),
    index('audit_log_entity_idx').on(t.appId, t.entity, t.entityUid, t.createdAt),
  ],
);
