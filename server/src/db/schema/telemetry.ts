import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from './tenancy';

export type ClientErrorKind = 'error' | 'unhandledrejection' | 'render';

/**
 * Errors the web app met in visitors' browsers (POST v5/client-errors/): what broke, on which
 * page of which build, in which browser. The member is a plain uid (no foreign key), as in the
 * staff activity: a deleted account leaves its reports unattached. Rows older than the retention
 * (CLIENT_ERROR_RETENTION_DAYS in the service) are deleted as new ones arrive.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    kind: text('kind').$type<ClientErrorKind>().notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    componentStack: text('component_stack'),
    pagePath: text('page_path').notNull(),
    buildId: text('build_id').notNull(),
    userAgent: text('user_agent'),
    userUid: uuid('user_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    index('client_errors_created_idx').on(t.appId, t.createdAt),
    check('client_errors_kind_check', sql`${t.kind} IN ('error', 'unhandledrejection', 'render')`),
  ],
);
