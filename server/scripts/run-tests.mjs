// Runs the server suite on embedded PGlite, then the very same suite on the
// PostgreSQL server of TEST_DATABASE_URL when it is set.
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
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_DB: target },
    },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
