import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { paths } from '../../config';
import type { Database } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export type ReadinessAnswer =
  | { ready: true }
  | { ready: false; reason: 'shutting_down' | 'database_unreachable' | 'migrations_pending' };

export type Readiness = {
  /** From now on readiness fails, so the load balancer sends no new request (shutdown's first step). */
  drain(): void;
  check(): Promise<ReadinessAnswer>;
};

/** When the newest migration this version ships was made (drizzle stores it as created_at). */
async function newestShippedMigration(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(paths.migrations, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Whether this process should be sent requests: the database answers and holds every migration
 * this version ships (a newer version's extra migrations are fine: expand/contract keeps the
 * old code working). Once seen, migrations stay applied, so later checks cost one `select 1`.
 */
export function readinessOf(db: Database): Readiness {
  let draining = false;
  let migrated = false;
  const shipped = newestShippedMigration();
  shipped.catch(() => undefined);
  return {
    drain() {
      draining = true;
    },
    async check() {
      if (draining) return { ready: false, reason: 'shutting_down' };
      try {
        if (migrated) {
          await db.execute(sql`select 1`);
          return { ready: true };
        }
        const result = await db.execute(
          sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
        );
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
          newest: string | null;
        }[];
        migrated = Number(rows[0]?.newest ?? 0) >= (await shipped);
        return migrated ? { ready: true } : { ready: false, reason: 'migrations_pending' };
      } catch {
        return { ready: false, reason: 'database_unreachable' };
      }
    },
  };
}

/** `server.readiness`, read by GET /api/ready and turned off first by a graceful shutdown. */
export const readinessPlugin = fp(
  async (app) => {
    app.decorate('readiness', readinessOf(app.db));
  },
  { name: 'readiness', dependencies: ['database'] },
);
