// Runs the server suite on embedded PGlite and, when TEST_DATABASE_URL is set, the very same
// suite on that PostgreSQL server. Before each pass the migrated and seeded template databases
// are found or built once (test/support/database-templates.ts); every test file starts from a
// copy.
//
// The two passes run side by side (SERVER_TEST_PASSES=sequential runs one after the other): a
// PGlite file is all CPU, a PostgreSQL file waits on the server's round trips and commits, so
// together they fill the two cores better than one pass after the other. The PostgreSQL pass's
// output is kept and printed after the PGlite pass's, so the log reads as before.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = only.length
  ? only
  : readdirSync('test')
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => `test/${f}`);
const targets = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const sideBySide = process.env.SERVER_TEST_PASSES !== 'sequential';

/** Runs a command of the pass; its output goes to `out` (the terminal, or kept for later). */
function run(args, env, out) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env,
      stdio: ['ignore', out ? 'pipe' : 'inherit', out ? 'pipe' : 'inherit'],
    });
    child.stdout?.on('data', (chunk) => out.push(chunk));
    child.stderr?.on('data', (chunk) => out.push(chunk));
    child.on('close', (code) => resolve(code));
  });
}

async function pass(target, out) {
  const started = Date.now();
  const say = (line) => (out ? out.push(Buffer.from(`${line}\n`)) : console.log(line));
  say(`\n# server tests on ${target}`);
  const env = {
    ...process.env,
    TEST_DB: target,
    // Each test database is thrown away at the end of its file: its commits need not wait for
    // the disk (PostgreSQL's synchronous_commit; what a commit sees and locks is unchanged).
    ...(target === 'postgres' && !process.env.PGOPTIONS
      ? { PGOPTIONS: '-c synchronous_commit=off' }
      : {}),
  };
  if ((await run(['test/support/prepare-templates.ts'], env, out)) !== 0) return false;
  // Two files at a time per pass: a PGlite file keeps one core busy, and CI has two.
  const ok = (await run(['--test', '--test-concurrency=2', ...files], env, out)) === 0;
  say(
    `# server tests on ${target}: ${ok ? 'passed' : 'FAILED'} in ${(Date.now() - started) / 1000} s`,
  );
  return ok;
}

let results;
if (sideBySide && targets.length > 1) {
  const kept = [];
  const [first, ...rest] = targets;
  results = await Promise.all([pass(first), ...rest.map((target) => pass(target, kept))]);
  process.stdout.write(Buffer.concat(kept));
} else {
  results = [];
  for (const target of targets) results.push(await pass(target));
}
process.exit(results.every(Boolean) ? 0 : 1);
