// The browser suite: the seeded database is prepared once (lib/prepare-databases.ts) and one
// Chromium is started for the whole run (lib/browser-server.ts), then the files run two at a
// time, each with its own server and its own browser contexts, reading that database and that
// browser's address from the environment instead of loading the server's template code or
// starting a browser again (about 4 and 2 CPU-seconds a file).
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

/** The shared browser's address, or nothing (each file then starts or skips its own). */
async function startBrowser() {
  const browser = spawn(process.execPath, ['--import', 'tsx', 'lib/browser-server.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const address = await new Promise((resolve) => {
    let text = '';
    browser.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    browser.on('exit', () => resolve(undefined));
  });
  return address ? { E2E_BROWSER_WS: address } : {};
}
const browser = await startBrowser();

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-force-exit', ...files],
  { stdio: 'inherit', env: { ...process.env, ...prepared, ...browser } },
);
child.on('close', (code) => process.exit(code ?? 1));
