/**
 * `npm run bench:rls -w bench`: what PostgreSQL row-level security on app_id
 * would cost (issue 23). In a scratch database on DATABASE_URL's server it
 * builds the catalogue's two hot tables as the schema has them (keys and
 * indexes led by app_id), TENANTS stores of PRODUCTS products each, and times
 * the place catalogue page and a product look-up, ITERATIONS times each, as:
 *
 * - `filter`: today: the query names its tenant (`app_id = $1`), no policy;
 * - `filter + tx`: the same inside BEGIN / set_config('app.tenant', …, true) /
 *   COMMIT, the round trips RLS would add to every request;
 * - `filter + RLS`: that, with FORCE ROW LEVEL SECURITY and a policy
 *   `app_id = nullif(current_setting('app.tenant', true), '')::uuid`, as a role that is neither
 *   superuser nor BYPASSRLS (a superuser skips every policy);
 * - `RLS only`: the policy as the only tenant filter (the query forgets it).
 *
 * Prints a Markdown table for bench/RESULTS.md and drops the scratch database.
 */
import pg from 'pg';
import { randomUUID } from 'node:crypto';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tenants = Number(process.env.TENANTS ?? 50);
const perTenant = Number(process.env.PRODUCTS ?? 2000);
const iterations = Number(process.env.ITERATIONS ?? 2000);
const scratch = `rls_bench_${process.pid}`;
const role = `${scratch}_app`;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
const url = new URL(baseUrl);
url.pathname = `/${scratch}`;
const db = new pg.Client({ connectionString: url.toString() });

try {
  await db.connect();
  await db.query(`
    CREATE TABLE products (
      app_id uuid NOT NULL, uid uuid NOT NULL, company_uid uuid NOT NULL, category_uid uuid,
      name text NOT NULL, price_cents integer NOT NULL, is_active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0, PRIMARY KEY (app_id, uid));
    CREATE INDEX products_company_idx ON products (app_id, company_uid, position);
    CREATE TABLE place_products (
      app_id uuid NOT NULL, place_uid uuid NOT NULL, product_uid uuid NOT NULL, stock integer,
      PRIMARY KEY (app_id, place_uid, product_uid),
      FOREIGN KEY (app_id, product_uid) REFERENCES products (app_id, uid));
    CREATE INDEX place_products_product_idx ON place_products (app_id, product_uid);`);
  const apps: { app: string; place: string; product: string }[] = [];
  for (let t = 0; t < tenants; t++) {
    const app = randomUUID();
    const place = randomUUID();
    const company = randomUUID();
    await db.query(
      `INSERT INTO products (app_id, uid, company_uid, name, price_cents, position)
       SELECT $1, gen_random_uuid(), $2, 'Product ' || g, 100 + g, g FROM generate_series(1, $3) g`,
      [app, company, perTenant],
    );
    await db.query(
      `INSERT INTO place_products (app_id, place_uid, product_uid, stock)
       SELECT app_id, $2, uid, 10 FROM products WHERE app_id = $1`,
      [app, place],
    );
    const { rows } = await db.query(
      'SELECT uid FROM products WHERE app_id = $1 ORDER BY position OFFSET $2 LIMIT 1',
      [app, Math.floor(perTenant / 2)],
    );
    apps.push({ app, place, product: rows[0].uid });
  }
  await db.query('ANALYZE');

  // Without the filter $1 stays in the text, typed, so both forms take the same parameters.
  const noFilter = '($1::uuid IS NULL OR true)';
  // The catalogue page (join on the tenant, filter, order, first 24) and a look-up by key.
  const page = (filter: boolean) => `
    SELECT p.uid, p.name, p.price_cents, pp.stock FROM place_products pp
    JOIN products p ON p.app_id = pp.app_id AND p.uid = pp.product_uid
    WHERE ${filter ? 'pp.app_id = $1' : noFilter} AND pp.place_uid = $2 AND p.is_active
    ORDER BY p.position LIMIT 24`;
  const lookup = (filter: boolean) =>
    `SELECT * FROM products WHERE ${filter ? 'app_id = $1' : noFilter} AND uid = $2`;

  type Mode = { name: string; tx: boolean; filter: boolean };
  const modes: Mode[] = [
    { name: 'filter', tx: false, filter: true },
    { name: 'filter + tx', tx: true, filter: true },
    { name: 'filter + RLS', tx: true, filter: true },
    { name: 'RLS only', tx: true, filter: false },
  ];

  async function run(mode: Mode, query: 'page' | 'lookup') {
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const a = apps[i % apps.length];
      const text = query === 'page' ? page(mode.filter) : lookup(mode.filter);
      const second = query === 'page' ? a.place : a.product;
      const params = mode.filter ? [a.app, second] : [null, second];
      const started = process.hrtime.bigint();
      if (mode.tx) {
        await db.query('BEGIN');
        await db.query("SELECT set_config('app.tenant', $1, true)", [a.app]);
      }
      const { rows } = await db.query(text, params);
      if (mode.tx) await db.query('COMMIT');
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (rows.length === 0) throw new Error(`${mode.name} ${query}: no rows`);
    }
    times.sort((x, y) => x - y);
    const q = (p: number) => times[Math.floor(p * (times.length - 1))];
    const mean = times.reduce((s, x) => s + x, 0) / times.length;
    return { p50: q(0.5), p95: q(0.95), mean };
  }

  const results: { mode: string; query: string; p50: number; p95: number; mean: number }[] = [];
  for (const mode of modes) {
    if (mode.name === 'filter + RLS') {
      await db.query(`
        CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS;
        GRANT SELECT ON products, place_products TO ${role};
        ALTER TABLE products ENABLE ROW LEVEL SECURITY;
        ALTER TABLE products FORCE ROW LEVEL SECURITY;
        ALTER TABLE place_products ENABLE ROW LEVEL SECURITY;
        ALTER TABLE place_products FORCE ROW LEVEL SECURITY;
        CREATE POLICY tenant ON products USING (app_id = nullif(current_setting('app.tenant', true), '')::uuid);
        CREATE POLICY tenant ON place_products USING (app_id = nullif(current_setting('app.tenant', true), '')::uuid);
        SET ROLE ${role};`);
      // Proof the wall stands: without the setting, the role sees nothing.
      const { rows } = await db.query('SELECT count(*)::int AS n FROM products');
      if (rows[0].n !== 0) throw new Error('RLS policy did not apply');
    }
    for (const query of ['page', 'lookup'] as const) {
      await run(mode, query); // warm-up
      results.push({ mode: mode.name, query, ...(await run(mode, query)) });
    }
  }
  await db.query('RESET ROLE');

  const plan = async (filter: boolean) => {
    await db.query(`SET ROLE ${role}`);
    await db.query('BEGIN');
    await db.query("SELECT set_config('app.tenant', $1, true)", [apps[0].app]);
    const { rows } = await db.query(`EXPLAIN ${page(filter)}`, [
      filter ? apps[0].app : null,
      apps[0].place,
    ]);
    await db.query('COMMIT');
    await db.query('RESET ROLE');
    return rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
  };

  const { rows: version } = await db.query('SHOW server_version');
  console.log(
    `PostgreSQL ${version[0].server_version}, ${tenants} tenants x ${perTenant} products, ${iterations} sequential queries per cell, one connection, loopback\n`,
  );
  console.log('| mode | query | p50 ms | p95 ms | mean ms |');
  console.log('| --- | --- | --: | --: | --: |');
  for (const r of results)
    console.log(
      `| ${r.mode} | ${r.query} | ${r.p50.toFixed(3)} | ${r.p95.toFixed(3)} | ${r.mean.toFixed(3)} |`,
    );
  console.log('\nPlan of the page with RLS and the filter:\n');
  console.log(await plan(true));
  console.log('\nPlan of the page with RLS only:\n');
  console.log(await plan(false));
} finally {
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
  await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
  await admin.end();
}
