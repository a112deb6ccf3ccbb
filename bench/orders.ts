/**
 * `npm run bench:orders`: orders placed per second under concurrent load
 * (CONNECTIONS clients placing pickup orders paid in cash for DURATION
 * seconds, each its own order: pricing, stock update, order and lines in one
 * transaction), then the race: RACE concurrent orders (default 50) at a
 * product with 10 in stock. Prints Markdown rows for bench/RESULTS.md.
 * DATABASE_URL selects PostgreSQL.
 */
import { startBenchServer } from './lib/server';
import { eq } from 'drizzle-orm';
import { importTenant } from '../server/src/tenants/importer';
import { apps } from '../server/src/db/schema';

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const racers = Number(process.env.RACE ?? 50);
const host = 'bench-orders.test';
const allDay = { from: '00:00', to: '00:00' };

const server = await startBenchServer({
  prepare: async (db) => {
    await importTenant(db, {
      // No cap on unpaid orders: the bench's five members place many cash orders each (1000 is the most a tenant file allows).
      app: {
        key: 'bench-orders',
        name: 'Bench orders',
        domain: host,
        main_company: 'shop',
        max_unpaid_orders: 1000,
      },
      companies: [
        {
          key: 'shop',
          name: 'Shop',
          payment_methods: [{ key: 'cash', type: 'CASH', name: 'Efectivo' }],
        },
      ],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
      places: [
        {
          key: 'main',
          company: 'shop',
          area: 'lima',
          name: 'Main',
          address: 'Av. 1',
          timetable: { monday: allDay, saturday: allDay, sunday: allDay },
        },
      ],
      catalog: {
        products: [
          {
            key: 'plenty',
            company: 'shop',
            title: 'Plenty',
            price: '10.00',
            places: { main: 10_000_000 },
          },
          {
            key: 'last-ten',
            company: 'shop',
            title: 'Last ten',
            price: '10.00',
            places: { main: 10 },
          },
        ],
      },
    });
    // fetch cannot set Host, so the tenant is named by its API-KEY (server-to-server resolution).
    const [app] = await db.select({ apiKey: apps.apiKey }).from(apps).where(eq(apps.domain, host));
    return app.apiKey;
  },
});
const apiKey = server.prepared as string;
const base = `http://127.0.0.1:${server.port}/api`;
const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'api-key': apiKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as any };
};

const place = (await call('GET', '/v7/places/')).data.results[0].uid as string;
const products = (await call('GET', `/v7/places/${place}/products/`)).data.results as {
  uid: string;
  title: string;
}[];
const cash = (await call('GET', `/v5/places/${place}/checkout-options/`)).data.payment_methods[0]
  .uid as string;
const schedule = (await call('GET', `/v7/places/${place}/pickup-schedule/`)).data;
const pickup = { date: schedule.days[0].date, start: schedule.days[0].slots[0].start };
const tokens: string[] = [];
for (let i = 0; i < 5; i++) {
  const res = await call('POST', '/v5/register/', {
    email: `bench${i}.${Date.now()}@example.com`,
    password: 'Clave segura 1',
    first_name: 'Ana',
    last_name: 'Quispe',
    accept_terms: true,
    accept_age: true,
    accept_data_processing: true,
    accept_publicity: true,
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.data)}`);
  tokens.push(res.data.token);
}
const billing = {
  first_name: 'Ana',
  last_name: 'Quispe',
  email: 'ana@example.com',
  phone: '+51987654321',
  city: 'Lima',
  address: 'Av. 1',
};
const order = (productUid: string, token: string) =>
  call(
    'POST',
    `/v5/places/${place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup,
      products: [{ uid: productUid, quantity: 1 }],
      expected_total: '10.00',
      payment_method: cash,
      billing,
    },
    token,
  );

// Load: each client places orders one after another until the time is up.
const plenty = products.find((p) => p.title === 'Plenty')!.uid;
const latencies: number[] = [];
let failures = 0;
const end = Date.now() + duration * 1000;
await Promise.all(
  Array.from({ length: connections }, async (_, c) => {
    while (Date.now() < end) {
      const started = performance.now();
      const res = await order(plenty, tokens[c % tokens.length]);
      latencies.push(performance.now() - started);
      if (res.status !== 201) failures++;
    }
  }),
);
latencies.sort((a, b) => a - b);
const p = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(0);
const perSecond = (latencies.length / duration).toFixed(0);

// Race: everyone at once for the last ten units.
const lastTen = products.find((p) => p.title === 'Last ten')!.uid;
const results = await Promise.all(
  Array.from({ length: racers }, (_, i) => order(lastTen, tokens[i % tokens.length])),
);
const won = results.filter((r) => r.status === 201).length;
const outOfStock = results.filter(
  (r) => r.status === 400 && r.data.non_field_errors?.[0] === 'Out of stock: Last ten',
).length;
const stockLeft = (await call('GET', `/v7/places/${place}/products/${lastTen}/`)).data.stock;

console.log(`\n${server.kind}, ${connections} clients, ${duration} s`);
console.log(
  '| database | orders/s | p50 ms | p99 ms | failed | race: placed / out of stock / stock left |',
);
console.log('| --- | ---: | ---: | ---: | ---: | --- |');
console.log(
  `| ${server.kind} | ${perSecond} | ${p(0.5)} | ${p(0.99)} | ${failures} | ${won} / ${outOfStock} / ${stockLeft} (of ${racers} at 10 in stock) |`,
);
await server.close();
process.exit(failures || won !== 10 || stockLeft !== 0 ? 1 : 0);
