// Run once by scripts/run-tests.mjs before the browser files start: builds (or finds) the seeded
// database and prints where it is, as the environment the files read (lib/seeded-database.ts).
import { postgresServerUrl, seededDataFolder, seededPostgresTemplate } from './seeded-database';

const prepared: Record<string, string> = { E2E_SEEDED_FOLDER: await seededDataFolder() };
const postgres = postgresServerUrl();
if (postgres) prepared.E2E_SEEDED_TEMPLATE = await seededPostgresTemplate(postgres);
process.stdout.write(`${JSON.stringify(prepared)}\n`);
