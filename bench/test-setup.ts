/**
 * `npm run bench:test-setup -w bench`: how long a server test file waits
 * before its first test: `startTestApp()` (its database, migrations, demo
 * tenants and app) and its `close()`, RUNS times (default 5) in one process.
 * PGlite by default; TEST_DB=postgres TEST_DATABASE_URL=postgres://... for
 * PostgreSQL. SEED_DEMO=0 times `startTestApp({ seedDemo: false })`. The first
 * run is shown apart: it is what a test file pays (RUNS=0 does only that one,
 * for timing the whole process from outside).
 */
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../server/test/support/test-app';

const runs = Number(process.env.RUNS ?? 5);
const seedDemo = process.env.SEED_DEMO !== '0';
const times: number[] = [];
for (let i = 0; i <= runs; i++) {
  const start = performance.now();
  const t = await startTestApp({ seedDemo });
  const ready = performance.now();
  await t.close();
  const closed = performance.now();
  if (i === 0) {
    console.log(`first: start ${ms(ready - start)}, close ${ms(closed - ready)}`);
  } else times.push(closed - start);
}
if (!runs) process.exit(0);
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `${process.env.TEST_DB ?? 'pglite'}, seedDemo ${seedDemo}: start+close over ${runs} runs: ` +
    `min ${ms(times[0])}, median ${ms(median)}, max ${ms(times[times.length - 1])}`,
);

function ms(value: number) {
  return `${Math.round(value)} ms`;
}
