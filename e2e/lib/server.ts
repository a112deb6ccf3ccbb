import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built web app; E2E_WEB_DIST lets several people test their own builds side by side. */
export const webDist = process.env.E2E_WEB_DIST || path.join(repoRoot, 'web', 'dist');
/** Where the server source is taken from; E2E_SERVER_ROOT points at another checkout (e.g. a clean export). */
const serverRoot = process.env.E2E_SERVER_ROOT || repoRoot;

export type RunningServer = {
  port: number;
  /** http://{host}:{port} - host names under .localhost reach this server from Chromium. */
  url: (host?: string, pathname?: string) => string;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  port: number,
  child: ChildProcess,
  output: () => string,
  // A loaded machine (several suites side by side) can take longer to start the server.
  timeoutMs = Number(process.env.E2E_SERVER_START_MS ?? 60_000),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/** Starts the real server (embedded in-memory database, demo tenants, built web app). */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no web build at ${webDist}: run "npm run build -w web" first`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: 'memory://',
      // The browser tests play on the demo tenants (a PostgreSQL DATABASE_URL seeds them only when asked).
      SEED_DEMO: '1',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  try {
    await waitForHealth(port, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    url: (host = 'localhost', pathname = '/') => `http://${host}:${port}${pathname}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
