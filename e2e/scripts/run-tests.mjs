// The browser suite: the seeded database is prepared once (lib/prepare-databases.ts), then the
// files run two at a time, each with its own server and chromium, reading that database from the
// environment instead of loading the server's template code again (about 4 CPU-seconds a file).
// Arguments name the files to run (all of tests/ by default).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync('tests')
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => `tests/${f}`);

const prepare = spawnSync(process.execPath, ['--import', 'tsx', 'lib/prepare-databases.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (prepare.status !== 0) process.exit(prepare.status ?? 1);
const prepared = JSON.parse(prepare.stdout.trim().split('\n').pop());

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-force-exit', ...files],
  { stdio: 'inherit', env: { ...process.env, ...prepared } },
);
child.on('close', (code) => process.exit(code ?? 1));
