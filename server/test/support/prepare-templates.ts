import { performance } from 'node:perf_hooks';
import { pgliteTemplate, postgresTemplate } from './database-templates';

// Run by scripts/run-tests.mjs before the test files start: finds or builds the
// template databases of TEST_DB once, so the files starting together do not
// each build them.
const started = performance.now();
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres';
if (onPostgres && !serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
for (const kind of ['migrated', 'seeded'] as const) {
  await (onPostgres ? postgresTemplate(serverUrl!, kind) : pgliteTemplate(kind));
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`# template databases ready on ${onPostgres ? 'postgres' : 'pglite'} in ${seconds} s`);
