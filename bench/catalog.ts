/**
 * `npm run bench:catalog`: product list and search on a tenant of 100,000
 * products (SIZE to change), under load with autocannon, beside a bare
 * Fastify route that serves the same first page from memory. Prints a
 * Markdown table for bench/RESULTS.md. DATABASE_URL selects PostgreSQL.
 */
import Fastify from 'fastify';
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { startBenchServer } from './lib/server';
import { BENCH_HOST, createLargeCatalog } from './lib/catalog-fixture';

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

const firstPage = await (await fetch(`${base}/api/v7/places/${placeUid}/products/`, { headers: { host: BENCH_HOST } })).text();
const bare = Fastify();
bare.get('/bare', async (_request, reply) => reply.type('application/json').send(firstPage));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as AddressInfo).port;

const scenarios = [
  { name: 'bare Fastify route, same JSON from memory', url: `http://127.0.0.1:${barePort}/bare` },
  { name: 'product list, first page', url: `${base}/api/v7/places/${placeUid}/products/` },
  { name: 'product list, page 200', url: `${base}/api/v7/places/${placeUid}/products/?page=200` },
  { name: 'product list, one category', url: `${base}/api/v7/places/${placeUid}/products/?product_category=${categoryUid}` },
  { name: 'search "cafe"', url: `${base}/api/v7/places/${placeUid}/products/?search=cafe` },
  { name: 'search "empan pollo"', url: `${base}/api/v7/places/${placeUid}/products/?search=empan%20pollo` },
  { name: 'search "maracuya andino 77"', url: `${base}/api/v7/places/${placeUid}/products/?search=maracuya%20andino%2077` },
];

console.log(`\nDatabase: ${server.kind}; ${size} products; catalogue cache ${server.publicCacheSeconds} s; ${connections} connections, ${duration} s per scenario\n`);
console.log('| scenario | req/s | p50 ms | p99 ms | non-2xx |');
console.log('| --- | ---: | ---: | ---: | ---: |');
let bareRate = 0;
for (const s of scenarios) {
  const result = await autocannon({ url: s.url, headers: { host: BENCH_HOST }, connections, duration });
  if (!bareRate) bareRate = result.requests.average;
  const ratio = bareRate ? ` (${((result.requests.average / bareRate) * 100).toFixed(0)}% of bare)` : '';
  console.log(`| ${s.name} | ${Math.round(result.requests.average)}${s.url.includes('/bare') ? '' : ratio} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`);
}
await bare.close();
await server.close();
