import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  call,
  closeClients,
  freePort,
  postgresSkipReason,
  scratchPostgres,
} from './support/processes';

/**
 * `start:cluster` with two workers: Prometheus reads one answer, the sum of every worker's
 * figures, from the primary's METRICS_PORT, and the same sum through any worker's /metrics.
 */
const skip = postgresSkipReason();
const TOKEN = 'cluster-metrics-token-0123456789';

function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}

describe('metrics of a cluster', { skip }, () => {
  let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
  let child: ChildProcess | undefined;
  after(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await database?.drop();
    closeClients();
  });

  test('sum every worker, on METRICS_PORT and through a worker with the token', async () => {
    database = await scratchPostgres();
    const [port, metricsPort] = [await freePort(), await freePort()];
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/cluster.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: TOKEN,
        DATABASE_POOL_SIZE: '3',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    // Three processes load the server through tsx: on a loaded machine that alone can take a minute.
    const deadline = Date.now() + 180_000;
    const scrape = async () => (await call(metricsPort, 'GET', '/metrics')).body;
    // Both workers up: each reports a pool of 3 and the product lists' generic-plan pool of 2.
    for (;;) {
      const text = await scrape().catch(() => '');
      if (value(text, 'store_db_pool_max_connections') === 10) break;
      assert.ok(Date.now() < deadline, `the cluster did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    for (let i = 0; i < 30; i++)
      assert.equal((await call(port, 'GET', '/api/ready')).statusCode, 200);
    const series = 'store_http_requests_total{method="GET",route="/api/ready",status="200"}';
    assert.equal(value(await scrape(), series), 30);
    const viaWorker = await call(port, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(viaWorker.statusCode, 200, viaWorker.body);
    assert.equal(value(viaWorker.body, series), 30);
    assert.equal(value(viaWorker.body, 'store_db_pool_max_connections'), 10);
    child.kill('SIGTERM');
    const code = await new Promise((r) => child!.once('exit', (c) => r(c)));
    assert.equal(code, 0, output);
  });
});
