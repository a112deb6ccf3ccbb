/**
 * `npm run bench:dashboard -w bench`: the back-office dashboard (GET v5/admin/dashboard/)
 * on ORDERS orders (default 100,000) spread over the last 90 store days at two places,
 * 1-3 lines each, a quarter canceled, and as many loyalty ledger lines; then ITERATIONS
 * (default 30) calls per period and place filter through the real app (inject, so the
 * figure is the server's: guard, queries, serialisation). Prints Markdown rows for
 * bench/RESULTS.md. DATABASE_URL (a PostgreSQL server) gets a scratch database of its own,
 * dropped at the end (KEEP_DATABASE=1 keeps it, to EXPLAIN); without it, PGlite in memory.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { apps } from '../server/src/db/schema';
import { importTenant } from '../server/src/tenants/importer';
import { rebuildRollups } from '../server/src/modules/reports/rollup';
import { tenantUid } from '../server/src/lib/uid';

const total = Number(process.env.ORDERS ?? 100_000);
const iterations = Number(process.env.ITERATIONS ?? 30);
const host = 'bench-dashboard.test';
const password = 'Clave segura 1';
const allDay = { from: '00:00', to: '00:00' };

let databaseUrl: string | undefined;
let dropScratch = async () => {};
if (process.env.DATABASE_URL) {
  const scratch = `dashboard_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${scratch}`;
  databaseUrl = url.toString();
  dropScratch = async () => {
    if (process.env.KEEP_DATABASE) {
      console.log(`kept ${url.toString()}`);
      return void (await admin.end());
    }
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.end();
  };
}

const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
const { db } = database;
try {
  await importTenant(db, {
    app: { key: 'bench-dashboard', name: 'Bench dashboard', domain: host, main_company: 'shop' },
    companies: [
      {
        key: 'shop',
        name: 'Shop',
        payment_methods: [{ key: 'cash', type: 'CASH', name: 'Efectivo' }],
        benefit_programs_enabled: true,
      },
    ],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: ['a', 'b'].map((key) => ({
      key,
      company: 'shop',
      area: 'lima',
      name: `Place ${key}`,
      address: 'Av. 1',
      timetable: { monday: allDay },
    })),
    catalog: {
      products: Array.from({ length: 20 }, (_, i) => ({
        key: `p${i}`,
        company: 'shop',
        title: `Product ${i}`,
        price: `${10 + i}.00`,
        places: { a: null, b: null },
      })),
    },
    users: ['owner', 'member'].map((n, i) => ({
      email: `${n}@bench.test`,
      password,
      first_name: n,
      last_name: 'Bench',
      document_type: 'NATIONAL_ID',
      document_number: `7100000${i}`,
    })),
    staff: [{ user: 'owner@bench.test', company: 'shop', role: 'OWNER' }],
    programs: [
      { key: 'club', company: 'shop', name: 'Club', members: [{ user: 'member@bench.test' }] },
    ],
  });
  const appUid = tenantUid('app', 'bench-dashboard');
  const uid = (kind: string, key: string) => tenantUid('bench-dashboard', kind, key);
  const [app] = await db.select().from(apps).where(eq(apps.uid, appUid));
  if (!app) throw new Error('the bench tenant was not imported');

  const started = performance.now();
  // Orders: every 90 days back, two places, a quarter canceled, totals from 10.00 to 59.99.
  await db.execute(sql`
    INSERT INTO orders (app_id, uid, number, place_uid, company_uid, status, shipping_type,
      payment_method_uid, payment_status, subtotal_cents, discount_cents, delivery_cents,
      taxes_cents, total_cents, tax_name, tax_rate_basis_points, created_at)
    SELECT ${appUid}::uuid, gen_random_uuid(), g,
      CASE WHEN g % 2 = 0 THEN ${uid('place', 'a')}::uuid ELSE ${uid('place', 'b')}::uuid END,
      ${uid('company', 'shop')}::uuid,
      CASE WHEN g % 4 = 0 THEN 'CANCELED_BY_PLACE' WHEN g % 4 = 1 THEN 'DELIVERED'
           WHEN g % 4 = 2 THEN 'ACCEPTED' ELSE 'RECEIVED' END,
      'pickup', ${uid('payment-method', 'shop/cash')}::uuid, 'PAY_ON_DELIVERY',
      1000 + g % 5000, 0, 0, 0, 1000 + g % 5000, 'IGV', 1800,
      now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute'
    FROM generate_series(1, ${total}) g`);
  await db.execute(sql`
    INSERT INTO order_lines (app_id, order_uid, position, product_uid, title, quantity,
      unit_price_cents, options_price_cents, total_cents, options)
    SELECT o.app_id, o.uid, l, p.uid, p.title, 1 + (o.number + l) % 3, p.unit_price_cents, 0,
      p.unit_price_cents * (1 + (o.number + l) % 3), '[]'::jsonb
    FROM orders o
    CROSS JOIN generate_series(0, 2) l
    JOIN LATERAL (SELECT uid, title, unit_price_cents FROM products
      WHERE app_id = o.app_id ORDER BY key OFFSET (o.number * 7 + l) % 20 LIMIT 1) p ON true
    WHERE o.app_id = ${appUid}::uuid AND l <= o.number % 3`);
  await db.execute(sql`
    INSERT INTO loyalty_ledger (app_id, uid, program_uid, user_uid, currency, amount, kind, created_at)
    SELECT ${appUid}::uuid, gen_random_uuid(), ${uid('program', 'club')}::uuid,
      (SELECT uid FROM users WHERE app_id = ${appUid}::uuid AND email = 'member@bench.test'),
      CASE WHEN g % 2 = 0 THEN 'POINTS' ELSE 'COINS' END,
      CASE WHEN g % 3 = 0 THEN -5 ELSE 10 END, CASE WHEN g % 3 = 0 THEN 'spend' ELSE 'earn' END,
      now() - (g % 90) * interval '1 day'
    FROM generate_series(1, ${total}) g`);
  // Orders written by other ways than the checkout get their rollups as the demo's history does.
  await rebuildRollups(db, appUid);
  await db.execute(sql`ANALYZE`);
  const seeded = (performance.now() - started) / 1000;

  const server = await buildApp({ db, dbKind: database.kind });
  await server.ready();
  const login = await server.inject({
    method: 'POST',
    url: '/api/v5/login/',
    headers: { host },
    payload: { email: 'owner@bench.test', password },
  });
  const token = login.json().token as string;
  if (!token) throw new Error(`login: ${login.body}`);

  const counts = (await db.execute(
    sql`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_lines)::int AS lines`,
  )) as unknown as { rows: { orders: number; lines: number }[] };
  const { orders, lines } = counts.rows[0];
  console.log(
    `${database.kind}: ${orders} orders, ${lines} lines, ${total} ledger lines, seeded in ${seeded.toFixed(1)} s, ${iterations} calls per row\n`,
  );
  console.log('| period | place | p50 ms | p95 ms | max ms |');
  console.log('| --- | --- | --: | --: | --: |');
  for (const period of ['today', '7d', '30d']) {
    for (const place of [null, uid('place', 'a')]) {
      const url = `/api/v5/admin/dashboard/?period=${period}${place ? `&place=${place}` : ''}`;
      const times: number[] = [];
      for (let i = 0; i < iterations + 3; i++) {
        const t0 = performance.now();
        const res = await server.inject({
          method: 'GET',
          url,
          headers: { host, authorization: `Token ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (i >= 3) times.push(performance.now() - t0); // the first calls warm the caches
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      console.log(
        `| ${period} | ${place ? 'one' : 'all'} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
      );
    }
  }
  await server.close();
} finally {
  await database.close();
  await dropScratch();
}
