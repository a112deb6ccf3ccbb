/**
 * `npm run bench:cached-list`: what a micro-cached product list costs the server beside a bare
 * Fastify route serving the same bytes (issue 41's goal: at least 0.8x the bare route's rate).
 *
 * Requests per second move with whatever else the machine runs; the CPU this process spends per
 * answer does far less. So both routes run in this process, autocannon in a child process sends a
 * fixed number of requests to one and then the other, ROUNDS times, and each run's CPU per request
 * is printed. The ratio bare / cached of those is the share of the bare route's throughput the
 * cached list's CPU allows. A second pair asks for brotli (`Accept-Encoding: br`, what every
 * browser sends): the bare route then serves bytes compressed once at start.
 */
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants } from 'node:zlib';
import { getText } from './lib/get-text';
import { startBenchServer } from './lib/server';
import { BENCH_HOST, createLargeCatalog } from './lib/catalog-fixture';

const size = Number(process.env.SIZE ?? 500);
const requests = Number(process.env.REQUESTS ?? 20_000);
const rounds = Number(process.env.ROUNDS ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);

const server = await startBenchServer({ prepare: (db) => createLargeCatalog(db, size) });
const { placeUid } = server.prepared as Awaited<ReturnType<typeof createLargeCatalog>>;
if (server.publicCacheSeconds <= 0) throw new Error('CATALOG_CACHE_SECONDS must be above 0 here');
const listUrl = `http://127.0.0.1:${server.port}/api/v7/places/${placeUid}/products/`;
const firstPage = await getText(listUrl, BENCH_HOST);
if (!firstPage.startsWith('{"count":'))
  throw new Error(`the first page did not load: ${firstPage.slice(0, 200)}`);
const firstPageBr = brotliCompressSync(firstPage, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
});

const bare = Fastify();
bare.get('/bare', async (request, reply) => {
  reply.type('application/json');
  if (String(request.headers['accept-encoding'] ?? '').includes('br'))
    return reply.header('content-encoding', 'br').send(firstPageBr);
  return reply.send(firstPage);
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
/** Sends `requests` GETs and answers this process's CPU microseconds per request and the rate. */
function measure(url: string, encoding?: string) {
  const headers = [
    '-H',
    `host=${BENCH_HOST}`,
    ...(encoding ? ['-H', `accept-encoding=${encoding}`] : []),
  ];
  const started = process.cpuUsage();
  return new Promise<{ cpuMicros: number; rate: number; non2xx: number }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [autocannonBin, '-j', '-c', String(connections), '-a', String(requests), ...headers, url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const used = process.cpuUsage(started);
      const result = JSON.parse(out) as { requests: { average: number }; non2xx: number };
      resolve({
        cpuMicros: (used.user + used.system) / requests,
        rate: result.requests.average,
        non2xx: result.non2xx,
      });
    });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(
  `\n${server.kind}; first page of ${size} products, ${firstPage.length} bytes (${firstPageBr.length} as br); ${requests} requests a run, ${connections} connections, ${rounds} rounds; load average at start ${load()}\n`,
);
await measure(listUrl); // warms the cache, the JIT and the connections
await measure(bareUrl);
console.log(
  '| encoding | bare µs/req (each run) | cached µs/req (each run) | bare / cached, median | non-2xx |',
);
console.log('| --- | --- | --- | ---: | ---: |');
for (const encoding of [undefined, 'br']) {
  const bareRuns: number[] = [];
  const cachedRuns: number[] = [];
  let non2xx = 0;
  for (let round = 0; round < rounds; round++) {
    const b = await measure(bareUrl, encoding);
    const c = await measure(listUrl, encoding);
    bareRuns.push(b.cpuMicros);
    cachedRuns.push(c.cpuMicros);
    non2xx += b.non2xx + c.non2xx;
  }
  const fmt = (runs: number[]) => runs.map((v) => v.toFixed(0)).join(', ');
  console.log(
    `| ${encoding ?? 'identity'} | ${fmt(bareRuns)} | ${fmt(cachedRuns)} | ${(median(bareRuns) / median(cachedRuns)).toFixed(2)} | ${non2xx} |`,
  );
}
console.log(`\nload average at the end ${load()}`);
await bare.close();
await server.close();
