import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {} from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenantImports } from '../db/schema';
import { paths } from '../config';
import { storeDateOf } from '@store/contract';
import { tenantUid } from '../lib/uid';
import { hashSource, importTenant, type ImportResult } from './importer';
import { seedDemoHistory } from './demo-history';
import { withDemoEventDates } from './demo-event-dates';
import { HISTORY_APP } from './demo-history-plan';
import { ofTenant, tenantRef } from '../scope/tenant-query';

export async function readDemoTenantFiles(dir = paths.demoTenants) {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(path.join(dir, name), 'utf8');
      return {
        name,
        text,
        data: JSON.parse(text) as { app?: { key?: string }; events?: { start_date?: string }[] },
      };
    }),
  );
}

/**
 * Imports the demo tenants on first start, and again whenever a demo file
 * changed since its last import, so the demo grows with the code.
 */
export async function seedDemoTenants(
  db: Database,
  options: {
    /**
     * The instant the demo history counts back from and its events are dated from (now): tests pin
     * it to the template's day.
     */
    historyNow?: Date;
  } = {},
): Promise<ImportResult[]> {
  const imported: ImportResult[] = [];
  const seedDay = storeDateOf(options.historyNow ?? new Date());
  const files = await readDemoTenantFiles();
  for (const file of files) {
    const hash = hashSource(file.text);
    const appKey = file.data.app?.key;
    if (appKey) {
      const [last] = await db
        .select()
        .from(tenantImports)
        .where(ofTenant(tenantRef(tenantUid('app', appKey)), tenantImports));
      if (last?.sourceHash === hash) continue;
    }
    imported.push(await importTenant(db, withDemoEventDates(file.data, seedDay), hash));
  }
  // Weeks of past orders for the back office's dashboard (once per database).
  const history = files.find((f) => f.data.app?.key === HISTORY_APP);
  if (history)
    await seedDemoHistory(
      db,
      history.data as Parameters<typeof seedDemoHistory>[1],
      options.historyNow,
    );
  return imported;
}
