/**
 * `npm run bench [-- scenario...]`: load on the real server over loopback with
 * autocannon, one scenario after another; prints a Markdown table for
 * bench/RESULTS.md. DURATION (seconds) and CONNECTIONS tune the load.
 */
import autocannon from 'autocannon';
import { getText } from './lib/get-text';
import { startBenchServer } from './lib/server';

type Scenario = { name: string; path: (ctx: Ctx) => string; host: string };
type Ctx = { demoAppUid: string; multiAppUid: string; firstPlaceUid: string };

const scenarios: Scenario[] = [
  { name: 'app by domain', host: 'localhost', path: () => '/api/v7/apps/?domain=localhost' },
  {
    name: 'multisite categories with companies',
    host: 'multi.localhost',
    path: (c) => `/api/v7/categories/?app=${c.multiAppUid}&with_companies=true`,
  },
  {
    name: 'allowed companies search',
    host: 'multi.localhost',
    path: (c) => `/api/v7/apps/${c.multiAppUid}/allowed-companies/?search=pan`,
  },
  { name: 'health', host: 'localhost', path: () => '/api/health' },
  // The page React renders on the server (needs `npm run build`): cached per host, path and
  // language for CATALOG_CACHE_SECONDS; CATALOG_CACHE_SECONDS=0 renders every request.
  { name: 'rendered /products', host: 'localhost', path: () => '/products' },
  // The answer the same page is drawn from, so the render's own cost reads beside the API's.
  {
    name: "product list API (the page's data)",
    host: 'localhost',
    path: (c) => `/api/v7/places/${c.firstPlaceUid}/products/`,
  },
  { name: 'rendered /landing', host: 'landing.localhost', path: () => '/landing' },
  { name: 'places API', host: 'localhost', path: () => '/api/v7/places/' },
];

async function appUid(port: number, host: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v7/apps/?domain=${host}`);
  const [app] = (await res.json()) as { uid: string }[];
  return app.uid;
}

/** The place /products shows first (the first of the store's places). */
async function firstPlaceUid(port: number, host: string): Promise<string> {
  const body = JSON.parse(await getText(`http://127.0.0.1:${port}/api/v7/places/`, host)) as {
    results: { uid: string }[];
  };
  if (!body.results[0]) throw new Error(`no place for ${host}`);
  return body.results[0].uid;
}

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const only = process.argv.slice(2);

const server = await startBenchServer();
try {
  const ctx: Ctx = {
    demoAppUid: await appUid(server.port, 'localhost'),
    multiAppUid: await appUid(server.port, 'multi.localhost'),
    firstPlaceUid: await firstPlaceUid(server.port, 'localhost'),
  };
  console.log(
    `\nDatabase: ${server.kind}; ${connections} connections, ${duration} s per scenario\n`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const s of scenarios.filter(
    (x) => only.length === 0 || only.some((o) => x.name.includes(o)),
  )) {
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}${s.path(ctx)}`,
      headers: { host: s.host },
      connections,
      duration,
    });
    console.log(
      `| ${s.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
    );
  }
} finally {
  await server.close();
}
