// Run once by scripts/run-tests.mjs before the browser files start: builds (or finds) the seeded
// database and prints where it is, as the environment the files read (lib/seeded-database.ts).
import { postgresServerUrl, seededDataFolder, seededPostgresTemplate } from './seeded-database';
import { HISTORY_DAY_VARIABLE, historyDay } from '../../server/test/support/database-templates';

const prepared: Record<string, string> = { E2E_SEEDED_FOLDER: await seededDataFolder() };
const postgres = postgresServerUrl();
if (postgres) prepared.E2E_SEEDED_TEMPLATE = await seededPostgresTemplate(postgres);
// The day the template's history and events were written from: the files plan their figures
// from it, not from their own clock, when the run crosses the store's midnight.
prepared[HISTORY_DAY_VARIABLE] = historyDay();
process.stdout.write(`${JSON.stringify(prepared)}\n`);
