import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  call,
  closeClients,
  postgresSkipReason,
  scratchPostgres,
  startServerProcess,
  type ServerProcess,
} from './support/processes';

/**
 * OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT a real server process sends its spans to an
 * OTLP/HTTP collector (a stand-in here that keeps what it receives); without it, not one
 * OpenTelemetry module is loaded.
 */
// A server process on a fresh PostgreSQL database starts in seconds; a fresh PGlite folder
// migrating under a busy suite may not within the helper's minute.
const pgSkip = postgresSkipReason();

type Span = { name: string; kind: number; traceId: string; attributes: { key: string }[] };

function collector(): Promise<{ server: Server; url: string; spans: Span[] }> {
  const spans: Span[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const data = JSON.parse(body);
        for (const r of data.resourceSpans ?? [])
          for (const s of r.scopeSpans ?? []) spans.push(...(s.spans ?? []));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        spans,
      }),
    ),
  );
}

describe('traces', () => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
  let otlp: Awaited<ReturnType<typeof collector>> | undefined;
  after(async () => {
    await server?.stop();
    await database?.drop();
    otlp?.server.close();
    closeClients();
  });

  test(
    'with OTEL_EXPORTER_OTLP_ENDPOINT, HTTP requests and database statements become spans',
    { skip: pgSkip },
    async () => {
      otlp = await collector();
      database = await scratchPostgres();
      server = await startServerProcess({
        DATABASE_URL: database.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      const res = await call(server.port, 'GET', '/api/v7/apps/?domain=localhost');
      assert.equal(res.statusCode, 200, res.body);
      const deadline = Date.now() + 15_000;
      const apiSpan = () =>
        // SERVER kind (2), carrying the path asked for.
        otlp!.spans.find(
          (s) => s.kind === 2 && JSON.stringify(s.attributes).includes('/api/v7/apps/'),
        );
      while (!apiSpan() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.ok(apiSpan(), `no server span: ${JSON.stringify(otlp.spans)}`);
      assert.ok(
        otlp.spans.some((s) => s.name.startsWith('pg.query')),
        `no database span: ${JSON.stringify(otlp.spans.map((s) => s.name))}`,
      );
      // The request's statements sit in the request's trace (the context follows the awaits).
      assert.ok(
        otlp.spans.some((s) => s.name.startsWith('pg.query') && s.traceId === apiSpan()!.traceId),
        'no database span inside the request trace',
      );
      // Probes are not traced: they would drown the requests worth reading.
      assert.ok(!otlp.spans.some((s) => /health|ready/.test(JSON.stringify(s.attributes))));
    },
  );

  test('without it, no OpenTelemetry SDK, exporter or instrumentation is loaded', () => {
    const probe = `
      import { createRequire } from 'node:module';
      const { configFromEnv } = await import('./src/config.ts');
      const { buildApp } = await import('./src/app.ts');
      const { openDatabase } = await import('./src/db/client.ts');
      if (configFromEnv().otlpEndpoint) throw new Error('endpoint set');
      const { db, close } = await openDatabase({ dataDir: 'memory://' });
      const app = await buildApp({ db, dbKind: 'pglite' });
      await app.ready();
      // The API alone is a no-op facade (drizzle-orm loads it for its own optional spans).
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter(
        (k) => k.includes('@opentelemetry') && !k.includes('@opentelemetry/api/'),
      );
      await app.close();
      await close();
      console.log(JSON.stringify(loaded));
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', probe],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' },
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout.trim().split('\n').at(-1)!), []);
  });
});
