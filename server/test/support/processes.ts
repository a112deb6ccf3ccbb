import { errorView, type ErrorCodes } from './error-codes';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest, Agent } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../src/db/client';
import { copyDatabase, dropDatabase } from './database-copies';
import { postgresTemplate } from './database-templates';
import type { TestApp } from './test-app';

/**
 * Real server processes for the proof tests: `src/main.ts` started as the
 * deployment starts it, on a free port, reached over real sockets. Several
 * may share one PostgreSQL database (a fresh one on the server of
 * TEST_DATABASE_URL) or, one at a time, a PGlite folder.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Multi-process tests need PostgreSQL. Under scripts/run-tests.mjs they run in
 * the PostgreSQL pass only (the PGlite pass would run them a second time on
 * the same server); run directly, they run whenever TEST_DATABASE_URL is set.
 */
export function postgresSkipReason(): string | false {
  if (!process.env.TEST_DATABASE_URL)
    return 'needs TEST_DATABASE_URL=postgres://... (two server processes on one PostgreSQL database)';
  if (process.env.TEST_DB === 'pglite')
    return 'runs in the PostgreSQL pass of the suite (TEST_DB=postgres)';
  return false;
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, migrated, with a handle for the test's own checks. */
export async function scratchPostgres(): Promise<{
  url: string;
  db: Database;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `proof_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(serverUrl, 'migrated');
  await copyDatabase(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    url: url.toString(),
    db: handle.db,
    async drop() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type ServerProcess = {
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output: () => string;
  /** kill -9: no graceful close, no flush, as a crash or an OOM kill would do. */
  crash: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Starts `src/main.ts` and waits until /api/health answers. */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  if (!env.DATABASE_URL && !env.DATA_DIR)
    throw new Error(
      'a server process needs DATABASE_URL or DATA_DIR (never the repository data folder)',
    );
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'error',
      CATALOG_CACHE_SECONDS: '0',
      WEB_DIST: path.join(serverDir, 'no-web-app'),
      SMTP_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let dead = false;
  void exited.then(() => (dead = true));

  // Four processes starting side by side on a busy 2-core machine can take over a minute; a
  // server that cannot start exits, which ends the wait at once.
  const startMs = Number(process.env.TEST_SERVER_START_MS ?? 180_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (dead) throw new Error(`server process ended before answering:\n${output}`);
    const ok = await call(chosen, 'GET', '/api/health', { host: 'localhost' }).then(
      (r) => r.statusCode === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process did not answer within ${startMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port: chosen,
    pid: child.pid!,
    child,
    output: () => output,
    async crash() {
      if (!dead) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!dead) child.kill('SIGTERM');
      await exited;
    },
  };
}

export type HttpAnswer = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  data: any;
  errorCodes?: ErrorCodes;
};

// Enough sockets for a burst: requests must be in flight together, not queued in the agent.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** Drops the kept-alive client sockets (at the end of a file, so nothing keeps its process alive). */
export function closeClients() {
  agent.destroy();
}

/** One request over a real socket; a JSON body is sent as JSON. */
export function call(
  port: number,
  method: string,
  url: string,
  init: { host?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpAnswer> {
  const payload =
    init.body === undefined
      ? undefined
      : typeof init.body === 'string'
        ? init.body
        : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          host: init.host ?? 'localhost',
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...init.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          let data: unknown = undefined;
          try {
            data = body ? JSON.parse(body) : undefined;
          } catch {
            data = body;
          }
          const statusCode = res.statusCode ?? 0;
          resolve({ statusCode, headers: res.headers, body, ...errorView(statusCode, data) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * The TestApp calls the shared helpers use (makeShop, registerMember), served
 * by a real process over HTTP, with `db` for the test's own checks. Which
 * process answers may change between calls (`pick`).
 */
export function httpTestApp(db: Database, pick: () => number): TestApp {
  const send = (method: string, url: string, init?: Parameters<typeof call>[3]) =>
    call(pick(), method, url, init);
  return testAppCalls(db, 'postgres', send) as unknown as TestApp;
}

type Send = (method: string, url: string, init?: Parameters<typeof call>[3]) => Promise<HttpAnswer>;

/** The calls of a TestApp over `send`, however it reaches an app (a socket, Fastify inject). */
function testAppCalls(db: Database, kind: 'pglite' | 'postgres', send: Send) {
  return {
    db,
    kind,
    call: send,
    get: (url: string, init?: Parameters<typeof call>[3]) => send('GET', url, init),
    post: (url: string, body?: unknown, init?: Parameters<typeof call>[3]) =>
      send('POST', url, { ...init, body }),
    patch: (url: string, body?: unknown, init?: Parameters<typeof call>[3]) =>
      send('PATCH', url, { ...init, body }),
    delete: (url: string, init?: Parameters<typeof call>[3]) => send('DELETE', url, init),
    async appOf(host: string) {
      const response = await send('GET', `/api/v7/apps/?domain=${host}`, { host });
      if (response.statusCode !== 200 || !response.data[0]) throw new Error(`no app for ${host}`);
      return response.data[0];
    },
    close: async () => undefined,
  };
}

/**
 * The TestApp calls the shared helpers use, answered in this process by an app
 * on `db` (Fastify inject): to prepare a PGlite folder before a server
 * process opens it (one process at a time may hold a PGlite folder).
 */
export async function injectTestApp(
  db: Database,
  kind: 'pglite' | 'postgres',
): Promise<TestApp & { closeApp: () => Promise<void>; errors: string[] }> {
  const { buildApp } = await import('../../src/app');
  const { defaultAccountsConfig } = await import('../../src/config');
  const { generousMailQuotas, generousRateLimits } = await import('./test-app');
  const errors: string[] = [];
  const app = await buildApp({
    db,
    dbKind: kind,
    accounts: defaultAccountsConfig({
      rateLimits: generousRateLimits,
      mailQuotas: generousMailQuotas,
    }),
    // The server's errors are kept (`errors`), so a failing proof can say what a 500 was.
    logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } },
  });
  await app.ready();
  const send = async (
    method: string,
    url: string,
    init: Parameters<typeof call>[3] = {},
  ): Promise<HttpAnswer> => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { host: init.host ?? 'localhost', ...init.headers },
      ...(init.body !== undefined ? { payload: init.body as string } : {}),
    });
    let data: unknown = undefined;
    try {
      data = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      data = response.body;
    }
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
      data,
    };
  };
  const self = {
    ...testAppCalls(db, kind, send),
    app,
    closeApp: () => app.close(),
    errors,
  };
  return self as unknown as TestApp & { closeApp: () => Promise<void>; errors: string[] };
}
