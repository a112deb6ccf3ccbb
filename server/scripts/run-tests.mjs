// Runs the server suite on embedded PGlite, then the very same suite on the
// PostgreSQL server of TEST_DATABASE_URL when it is set. Before each pass the
// migrated and seeded template databases are found or built once
// (test/support/database-templates.ts); every test file starts from a copy.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = only.length
  ? only
  : readdirSync('test')
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => `test/${f}`);
const targets = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
let failed = false;
for (const target of targets) {
  console.log(`\n# server tests on ${target}`);
  const env = { ...process.env, TEST_DB: target };
  const run = (args) =>
    spawnSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit', env }).status;
  if (run(['test/support/prepare-templates.ts']) !== 0) {
    failed = true;
    continue;
  }
  // Two files at a time: a PGlite file keeps one core busy, and CI has two.
  if (run(['--test', '--test-concurrency=2', ...files]) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
