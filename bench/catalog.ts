/**
 * `npm run bench:catalog`: product list and search on a tenant of 100,000
 * products (SIZE to change), under load with autocannon, beside a bare
 * Fastify route that serves the same first page from memory. Prints a
 * Markdown table for bench/RESULTS.md. DATABASE_URL selects PostgreSQL.
 *
 * autocannon runs in a child process, so this process's CPU is the server's
 * alone: each row also gives the server's and the database's CPU time per
 * request, which moves far less with the machine's load than requests per
 * second do, and the server's largest resident memory (RSS) over the runs.
 */
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { getText } from './lib/get-text';
import { startBenchServer } from './lib/server';
import { BENCH_HOST, createLargeCatalog } from './lib/catalog-fixture';
import { cpuMeter } from './lib/cpu';

const size = Number(process.env.SIZE ?? 100_000);
const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);

const server = await startBenchServer({
  prepare: async (db) => {
    const started = Date.now();
    const fixture = await createLargeCatalog(db, size);
    console.log(`generated ${size} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return fixture;
  },
});
const { placeUid, categoryUid } = server.prepared as Awaited<ReturnType<typeof createLargeCatalog>>;
const base = `http://127.0.0.1:${server.port}`;

// node:http, not fetch: fetch drops a Host header, which would fetch the 404 body of an unknown host instead of the page.
const firstPage = await getText(`${base}/api/v7/places/${placeUid}/products/`, BENCH_HOST);
if (!firstPage.startsWith('{"count":'))
  throw new Error(`the first page did not load: ${firstPage.slice(0, 200)}`);
const bare = Fastify();
bare.get('/bare', async (_request, reply) => reply.type('application/json').send(firstPage));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as AddressInfo).port;

const bareUrl = `http://127.0.0.1:${barePort}/bare`;
const scenarios = [
  { name: 'product list, first page', url: `${base}/api/v7/places/${placeUid}/products/` },
  { name: 'product list, page 200', url: `${base}/api/v7/places/${placeUid}/products/?page=200` },
  {
    name: 'product list, one category',
    url: `${base}/api/v7/places/${placeUid}/products/?product_category=${categoryUid}`,
  },
  { name: 'search "cafe"', url: `${base}/api/v7/places/${placeUid}/products/?search=cafe` },
  {
    name: 'search "empan pollo"',
    url: `${base}/api/v7/places/${placeUid}/products/?search=empan%20pollo`,
  },
  {
    name: 'search "maracuya andino 77"',
    url: `${base}/api/v7/places/${placeUid}/products/?search=maracuya%20andino%2077`,
  },
];

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
};
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = (url: string, seconds = duration) =>
  new Promise<Result>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        autocannonBin,
        '-j',
        '-c',
        String(connections),
        '-d',
        String(seconds),
        '-H',
        `host=${BENCH_HOST}`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Result)
        : reject(new Error(`autocannon exited ${code}`)),
    );
  });
const meter = await cpuMeter(process.env.DATABASE_URL || undefined);
let peakRss = 0;
const rssSampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(
  `\nDatabase: ${server.kind}; ${size} products (first page ${firstPage.length} bytes); catalogue cache ${server.publicCacheSeconds} s; ${connections} connections, ${duration} s per scenario; load average at start ${load()}\n`,
);
// On a busy machine the bare route's rate drifts from one minute to the next,
// so each scenario is compared with a bare run measured just before it.
console.log(
  '| scenario | req/s | % of bare (bare req/s just before) | p50 ms | p99 ms | non-2xx | bare p50 / p99 ms | server CPU ms/req | database CPU ms/req |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
await run(bareUrl, 1);
for (const s of scenarios) {
  const bareResult = await run(bareUrl);
  await run(s.url, 1);
  const cpu = await meter.start();
  const result = await run(s.url);
  const used = await cpu.stop();
  const perRequest = (seconds: number) => ((seconds * 1000) / result.requests.total).toFixed(2);
  const ratio = ((result.requests.average / bareResult.requests.average) * 100).toFixed(0);
  console.log(
    `| ${s.name} | ${Math.round(result.requests.average)} | ${ratio}% (${Math.round(bareResult.requests.average)}) | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${bareResult.latency.p50} / ${bareResult.latency.p99} | ${perRequest(used.server)} | ${server.kind === 'postgres' ? perRequest(used.database) : 'in the server'} |`,
  );
}
clearInterval(rssSampler);
console.log(
  `\nload average at the end ${load()}; the server process's largest RSS during the runs ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
);
await bare.close();
await server.close();
