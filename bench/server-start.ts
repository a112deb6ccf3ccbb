/**
 * `npm run bench:server-start -w bench` (after `npm run build -w server`): start time and memory
 * of one server process, run as development runs it (`node --import tsx src/main.ts`, TypeScript
 * compiled at run time) and as production runs it (`NODE_ENV=production node dist/main.js`).
 * PGlite on a fresh data folder with the demo tenants (the README's first start); with
 * DATABASE_URL=postgres://.../db also PostgreSQL, on a fresh database of that server each time.
 * Start = spawn until GET /api/health answers 200. Peak RSS = the kernel's high-water mark
 * (VmHWM) once started; settled RSS = VmRSS after 200 API calls and 5 s idle. Log = bytes the
 * process wrote per API call at the default levels.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');
const runs = Number(process.env.RUNS ?? 2);
const port = Number(process.env.BENCH_PORT ?? 3917);

const modes = {
  'tsx (before)': { args: ['--import', 'tsx', 'src/main.ts'], env: {} },
  'dist (after)': {
    args: ['--enable-source-maps', 'dist/main.js'],
    env: { NODE_ENV: 'production' },
  },
} as const;

function get(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: url, headers: { host: 'localhost' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function status(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)![1]) / 1024;
}

async function freshPostgres(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bench_server_start WITH (FORCE)');
  await admin.query('CREATE DATABASE bench_server_start');
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = '/bench_server_start';
  return fresh.toString();
}

async function once(mode: keyof typeof modes, database: 'pglite' | 'postgres') {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-start-'));
  const dbEnv =
    database === 'pglite'
      ? { DATA_DIR: dir, DATABASE_URL: '' }
      : { DATABASE_URL: await freshPostgres(process.env.DATABASE_URL!), SEED_DEMO: '1' };
  const started = performance.now();
  const child = spawn(process.execPath, modes[mode].args, {
    cwd: serverDir,
    env: {
      ...process.env,
      ...modes[mode].env,
      ...dbEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      MEDIA_DIR: path.join(dir, 'media'),
      WEB_DIST: path.join(dir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logBytes = 0;
  child.stdout.on('data', (c: Buffer) => (logBytes += c.length));
  child.stderr.on('data', (c: Buffer) => (logBytes += c.length));
  while ((await get('/api/health')) !== 200) await new Promise((r) => setTimeout(r, 50));
  const startMs = performance.now() - started;
  const peak = await status(child.pid!, 'VmHWM');
  const before = logBytes;
  for (let i = 0; i < 200; i++) await get('/api/v7/apps/?domain=localhost');
  const perCall = (logBytes - before) / 200;
  await new Promise((r) => setTimeout(r, 5000));
  const settled = await status(child.pid!, 'VmRSS');
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dir, { recursive: true, force: true });
  return { startMs, peak, settled, perCall };
}

const databases: ('pglite' | 'postgres')[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
console.log(
  '| database | run as | start (s) | peak RSS (MiB) | settled RSS (MiB) | log bytes per call |',
);
console.log('|---|---|--:|--:|--:|--:|');
for (const database of databases)
  for (const mode of Object.keys(modes) as (keyof typeof modes)[]) {
    const results: Awaited<ReturnType<typeof once>>[] = [];
    for (let i = 0; i < runs; i++) results.push(await once(mode, database));
    const median = (pick: (r: (typeof results)[number]) => number) => {
      const values = results.map(pick).sort((a, b) => a - b);
      return values[Math.floor((values.length - 1) / 2)];
    };
    console.log(
      `| ${database} | ${mode} | ${(median((r) => r.startMs) / 1000).toFixed(1)} | ${Math.round(median((r) => r.peak))} | ${Math.round(median((r) => r.settled))} | ${Math.round(median((r) => r.perCall))} |`,
    );
  }
