// Runs the server suite on embedded PGlite and, when TEST_DATABASE_URL is set, the very same
// suite on that PostgreSQL server. Before each pass the migrated and seeded template databases
// are found or built once (test/support/database-templates.ts); every test file starts from a
// copy.
//
// Files share processes: a pass deals its files into a few batches, and each batch runs in one
// process, file after file (test/support/run-files.ts), two batches at a time. A process costs
// about 5 CPU-seconds before its first test (loading the server's modules through tsx), which
// was most of the suite's time when each of the 118 files had its own. There are three times as
// many batches as slots, so a slot that finishes early takes the next batch. A file with the line
// `// test-process: own` runs in a process of its own (`node --test`).
//
// The two passes run side by side (SERVER_TEST_PASSES=sequential runs one after the other): a
// PGlite file is all CPU, a PostgreSQL file waits on the server's round trips and commits, so
// together they fill the two cores better than one pass after the other. Each batch's output is
// printed whole when it ends, so the log reads file by file.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';

const only = process.argv.slice(2);
const files = only.length
  ? only
  : readdirSync('test')
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => `test/${f}`);
const targets = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const sideBySide = process.env.SERVER_TEST_PASSES !== 'sequential';
/** Processes at a time per pass: a PGlite file keeps one core busy, and CI has two. */
const slots = Number(process.env.SERVER_TEST_SLOTS ?? 2);

const ownProcess = (file) => /^\/\/ test-process: own$/m.test(readFileSync(file, 'utf8'));
/**
 * The files dealt into batches, the largest first and round the batches, so that every batch
 * gets a share of the long files and of the short ones.
 */
function batches(toDeal, count) {
  const bySize = [...toDeal].sort((a, b) => statSync(b).size - statSync(a).size);
  const dealt = Array.from({ length: Math.min(count, bySize.length) }, () => []);
  bySize.forEach((file, i) => dealt[i % dealt.length].push(file));
  return dealt.filter((batch) => batch.length);
}

// Decided once: both passes run the same batches.
const alone = files.filter(ownProcess);
const sharedBatches = batches(
  files.filter((file) => !alone.includes(file)),
  slots * 3,
);

/** Runs a command of the pass with its output kept, and resolves to its exit code and output. */
function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(out) }));
  });
}

/** Runs the jobs `slots` at a time; each job's output is written whole when it ends. */
async function pool(jobs, write) {
  const queue = [...jobs];
  let ok = true;
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { code, output } = await job();
      write(output);
      if (code !== 0) ok = false;
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  return ok;
}

async function pass(target, write) {
  const started = Date.now();
  const say = (line) => write(Buffer.from(`${line}\n`));
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
  const prepared = await run(['test/support/prepare-templates.ts'], env);
  write(prepared.output);
  if (prepared.code !== 0) return false;
  const jobs = sharedBatches.map(
    (batch) => () => run(['--test-force-exit', 'test/support/run-files.ts', ...batch], env),
  );
  if (alone.length)
    jobs.push(() => run(['--test', '--test-concurrency=1', '--test-force-exit', ...alone], env));
  const ok = await pool(jobs, write);
  say(
    `# server tests on ${target}: ${ok ? 'passed' : 'FAILED'} in ${(Date.now() - started) / 1000} s`,
  );
  return ok;
}

const toTerminal = (chunk) => process.stdout.write(chunk);
let results;
if (sideBySide && targets.length > 1) {
  // The first pass writes as it goes; the others' output follows it.
  const kept = [];
  const [first, ...rest] = targets;
  results = await Promise.all([
    pass(first, toTerminal),
    ...rest.map((target) => pass(target, (chunk) => kept.push(chunk))),
  ]);
  process.stdout.write(Buffer.concat(kept));
} else {
  results = [];
  for (const target of targets) results.push(await pass(target, toTerminal));
}
process.exit(results.every(Boolean) ? 0 : 1);
