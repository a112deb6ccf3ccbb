import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { paths } from '../src/config';
import { explainShards } from '../src/db/citus/explain';
import { migrateDistributed } from '../src/db/citus/migrate';
import { startTestApp, type TestApp } from './support/test-app';
import { makeTenant } from './support/accounts';
import { makeStaffShop, placeOrder, type StaffShop } from './support/staff';
import { citusWorkers } from './support/database-copies';

/**
 * On a real Citus cluster (npm run test:citus; TEST_CITUS_WORKERS names the workers), the
 * distribution does what docs/scaling.md says: tenants' rows sit on different workers, each
 * tenant's rows of every table on one worker, and the statements of the hot request paths are
 * single-shard ("router") queries, read from Citus's own EXPLAIN of the very statements the
 * requests ran.
 */
const skip = citusWorkers().length
  ? false
  : 'needs a Citus cluster: npm run test:citus (TEST_CITUS_WORKERS)';

/** Every statement the app sends while `recording`, with its parameters. */
const recorded: { text: string; values: unknown[] }[] = [];
let recording = false;
if (!skip) {
  // The app's pool connects after this (startTestApp), so every connection's query goes through here.
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    if (recording) {
      const first = args[0] as string | { text?: string; values?: unknown[] };
      const text = typeof first === 'string' ? first : first?.text;
      // pg takes the values in the config object or as the second argument (drizzle's way).
      const values =
        (typeof first === 'object' ? first?.values : undefined) ??
        (Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
      if (text) recorded.push({ text, values });
    }
    return query.apply(this, args);
  };
}

let t: TestApp;
let s: StaffShop;
let url: string;

/** A pg client on the test's database (the coordinator). */
async function coordinator() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

before(async () => {
  if (skip) return;
  t = await startTestApp();
  s = await makeStaffShop(t, 'citusshop');
  // More tenants, so that "spread over the workers" does not hang on where a handful hashed to.
  for (let i = 0; i < 6; i++) await makeTenant(t, `citus${i}`);
  url = await databaseUrl();
});
after(() => t?.close());

/** The URL of the test app's own database (its name is the current_database() of its pool). */
async function databaseUrl(): Promise<string> {
  const result = (await t.db.execute('SELECT current_database() AS name')) as unknown as {
    rows: { name: string }[];
  };
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${result.rows[0]!.name}`;
  return u.toString();
}

describe('Citus: tenants spread over the workers', { skip }, () => {
  test('every tenant table is distributed by app_id in one co-location group, apps is a reference table', async () => {
    const client = await coordinator();
    try {
      const { rows } = await client.query<{
        table: string;
        method: string;
        column: string | null;
        colocation: number;
        replication: string;
      }>(
        `SELECT c.relname AS table, p.partmethod AS method, column_to_column_name(p.logicalrelid, p.partkey) AS column,
                p.colocationid AS colocation, p.repmodel AS replication
           FROM pg_class c LEFT JOIN pg_dist_partition p ON p.logicalrelid = c.oid
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')`,
      );
      const tenantTables = rows.filter((r) => r.table !== 'apps');
      assert.ok(tenantTables.length > 50, `${tenantTables.length} tenant tables`);
      for (const r of tenantTables) {
        assert.equal(r.method, 'h', `${r.table} is hash-distributed`);
        assert.equal(r.column, 'app_id', `${r.table} by app_id`);
      }
      assert.equal(new Set(tenantTables.map((r) => r.colocation)).size, 1, 'one co-location group');
      const apps = rows.find((r) => r.table === 'apps')!;
      assert.equal(apps.method, 'n');
      assert.equal(apps.replication, 't', 'apps is a reference table');
    } finally {
      await client.end();
    }
  });

  test("the tenants' rows sit on different workers, each tenant's rows of every table on one", async () => {
    const client = await coordinator();
    const tenants = (await client.query<{ uid: string }>('SELECT uid FROM apps')).rows.map(
      (r) => r.uid,
    );
    assert.ok(tenants.length >= 10, `${tenants.length} tenants`);
    // Where Citus placed each shard of the tables looked at, by worker.
    const { rows: shards } = await client.query<{ table: string; shard: string; port: number }>(
      `SELECT table_name::text AS table, shard_name AS shard, nodeport AS port FROM citus_shards
        WHERE table_name IN ('companies'::regclass, 'orders'::regclass, 'users'::regclass)`,
    );
    await client.end();
    const ports = [...new Set(shards.map((r) => r.port))].sort();
    assert.deepEqual(
      ports,
      citusWorkers()
        .map((w) => w.port)
        .sort(),
      'shards on both workers',
    );
    // Read the shards on the workers themselves: which tenants' rows each one physically holds.
    const holders = new Map<string, Map<string, Set<number>>>(); // table -> app -> ports
    for (const worker of citusWorkers()) {
      const u = new URL(url);
      u.hostname = worker.host;
      u.port = String(worker.port);
      const node = new pg.Client({ connectionString: u.toString() });
      await node.connect();
      try {
        for (const shard of shards.filter((r) => r.port === worker.port)) {
          const { rows } = await node.query<{ app_id: string }>(
            `SELECT DISTINCT app_id FROM ${shard.shard}`,
          );
          const byApp = holders.get(shard.table) ?? new Map<string, Set<number>>();
          holders.set(shard.table, byApp);
          for (const { app_id } of rows) {
            const at = byApp.get(app_id) ?? new Set<number>();
            at.add(worker.port);
            byApp.set(app_id, at);
          }
        }
      } finally {
        await node.end();
      }
    }
    const companies = holders.get('companies')!;
    for (const app of tenants) {
      const at = companies.get(app);
      assert.equal(at?.size, 1, `tenant ${app}: companies on exactly one worker`);
      for (const table of ['users', 'orders']) {
        const other = holders.get(table)?.get(app);
        if (other)
          assert.deepEqual([...other], [...at!], `tenant ${app}: ${table} beside its companies`);
      }
    }
    const perWorker = new Map<number, number>();
    for (const at of companies.values()) {
      const port = [...at][0]!;
      perWorker.set(port, (perWorker.get(port) ?? 0) + 1);
    }
    assert.equal(perWorker.size, 2, `tenants on both workers: ${JSON.stringify([...perWorker])}`);
  });
});

/**
 * The Citus task counts of EXPLAIN for each data statement recorded during `run` (the mail
 * worker's cross-tenant look for due mails left out: db/citus/explain.ts says why).
 */
async function tasksOf(run: () => Promise<unknown>) {
  recorded.length = 0;
  recording = true;
  try {
    await run();
  } finally {
    recording = false;
  }
  const client = await coordinator();
  try {
    return await explainShards(client, recorded);
  } finally {
    await client.end();
  }
}

function assertSingleShard(
  path: string,
  explained: { text: string; plan: string; tasks: number[] }[],
) {
  const distributed = explained.filter((e) => e.tasks.length);
  assert.ok(distributed.length > 0, `${path}: some statements reach the shards`);
  for (const e of explained)
    for (const n of e.tasks)
      assert.equal(n, 1, `${path}: a statement fans out to ${n} shards:\n${e.text}\n${e.plan}`);
}

describe('Citus: the hot request paths are single-shard queries', { skip }, () => {
  test('product list of a place', async () => {
    const explained = await tasksOf(async () => {
      const res = await t.get(`/api/v7/places/${s.places.a}/products/`, { host: s.host });
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(res.data.results.length > 0);
    });
    assertSingleShard('product list', explained);
  });

  test('order placement', async () => {
    let number = 0;
    const explained = await tasksOf(async () => {
      number = (await placeOrder(t, s, s.auth.ana, s.places.a)).number;
    });
    assert.ok(number > 0);
    assert.ok(
      explained.some((e) => /^insert into "orders"/.test(e.text)),
      'the order insert was explained',
    );
    assertSingleShard('order placement', explained);
  });

  test("member's balance", async () => {
    const explained = await tasksOf(async () => {
      const res = await t.get(`/api/v5/me/programs/${s.programs.club}/`, {
        host: s.host,
        headers: s.auth.ana,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(typeof res.data.balances.points, 'number');
    });
    assertSingleShard('member balance', explained);
  });

  test('staff look-up of a client', async () => {
    const explained = await tasksOf(async () => {
      const res = await t.get(
        '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=70000010',
        { host: s.host, headers: s.auth.staff },
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.data.uid, s.users.ana.uid);
    });
    assertSingleShard('staff look-up', explained);
  });
});

/**
 * The rest of bench:scale's hot paths (issue 41 part 2): each request's every statement is
 * single-shard, so a tenant's traffic costs one worker whatever the size of the others. Each runs
 * once an order exists, so the member's and the back office's lists are not empty.
 */
describe('Citus: every hot path of bench:scale is single-shard', { skip }, () => {
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  let product = '';
  before(async () => {
    if (skip) return;
    await placeOrder(t, s, s.auth.ana, s.places.a);
    const list = await t.get(`/api/v7/places/${s.places.a}/products/`, { host: s.host });
    product = list.data.results[0].uid;
  });

  const paths: [
    string,
    () => { method: 'GET' | 'POST'; url: string; auth?: Record<string, string>; body?: unknown },
  ][] = [
    [
      'product search',
      () => ({ method: 'GET', url: `/api/v7/places/${s.places.a}/products/?search=torta` }),
    ],
    [
      'cart: save',
      () => ({
        method: 'POST',
        url: '/api/v5/me/shopping-cart/',
        auth: s.auth.ana,
        body: { place: s.places.a, products: [{ uid: product, quantity: 2 }] },
      }),
    ],
    [
      'cart: read',
      () => ({
        method: 'GET',
        url: `/api/v5/me/shopping-cart/?place_uid=${s.places.a}`,
        auth: s.auth.ana,
      }),
    ],
    ['my orders', () => ({ method: 'GET', url: '/api/v5/me/orders/', auth: s.auth.ana })],
    [
      'my points history',
      () => ({
        method: 'GET',
        url: `/api/v5/me/programs/${s.programs.club}/ledger/`,
        auth: s.auth.ana,
      }),
    ],
    [
      'staff: client by phone',
      () => ({
        method: 'GET',
        url: '/api/v5/staff/clients/?mobile_phone=911000001',
        auth: s.auth.staff,
      }),
    ],
    [
      'back office: orders, first page',
      () => ({ method: 'GET', url: '/api/v5/admin/orders/', auth: s.auth.owner }),
    ],
    [
      'back office: orders by status',
      () => ({ method: 'GET', url: '/api/v5/admin/orders/?status=RECEIVED', auth: s.auth.owner }),
    ],
    [
      'back office: orders, search a name',
      () => ({ method: 'GET', url: '/api/v5/admin/orders/?q=ana', auth: s.auth.owner }),
    ],
    [
      'back office: dashboard',
      () => ({ method: 'GET', url: '/api/v5/admin/dashboard/?period=30d', auth: s.auth.owner }),
    ],
    [
      'back office: report',
      () => ({
        method: 'GET',
        url: `/api/v5/admin/reports/?from=${daysAgo(29)}&to=${today}`,
        auth: s.auth.owner,
      }),
    ],
    [
      'back office: orders CSV',
      () => ({
        method: 'GET',
        url: `/api/v5/admin/orders.csv?date_from=${daysAgo(6)}&date_to=${today}`,
        auth: s.auth.owner,
      }),
    ],
  ];
  for (const [name, request] of paths)
    test(name, async () => {
      const explained = await tasksOf(async () => {
        const r = request();
        const res = await t.call(r.method, r.url, { host: s.host, headers: r.auth, body: r.body });
        assert.ok(res.statusCode < 300, `${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      });
      assertSingleShard(name, explained);
    });
});

describe('Citus: a migration after the distribution', { skip }, () => {
  test('a table it creates is distributed (or made a reference table) before its foreign keys', async () => {
    // The project's migrations plus one as drizzle-kit writes them: the table, then its key.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'citus-migrations-'));
    try {
      await cp(paths.migrations, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
        entries: {
          idx: number;
          version: string;
          when: number;
          tag: string;
          breakpoints: boolean;
        }[];
      };
      const last = journal.entries.at(-1)!;
      const tag = `${String(last.idx + 1).padStart(4, '0')}_citus-probe`;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
      await writeFile(journalFile, JSON.stringify(journal));
      await writeFile(
        path.join(folder, `${tag}.sql`),
        [
          `CREATE TABLE "citus_probe" ("app_id" uuid NOT NULL, "uid" uuid NOT NULL, "company_uid" uuid NOT NULL, CONSTRAINT "citus_probe_app_id_uid_pk" PRIMARY KEY("app_id","uid"));`,
          `CREATE TABLE "citus_probe_codes" ("code" text PRIMARY KEY NOT NULL);`,
          `ALTER TABLE "citus_probe" ADD CONSTRAINT "citus_probe_company_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;`,
        ].join('\n--> statement-breakpoint\n'),
      );
      const client = await coordinator();
      try {
        await migrateDistributed(client, folder);
        // Again: nothing pending, nothing done.
        await migrateDistributed(client, folder);
        const { rows } = await client.query<{
          table: string;
          method: string;
          replication: string;
          colocated: boolean;
        }>(
          `SELECT logicalrelid::text AS table, partmethod AS method, repmodel AS replication,
                  colocationid = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = 'companies'::regclass) AS colocated
             FROM pg_dist_partition WHERE logicalrelid IN ('citus_probe'::regclass, 'citus_probe_codes'::regclass) ORDER BY 1`,
        );
        assert.deepEqual(rows, [
          { table: 'citus_probe', method: 'h', replication: 's', colocated: true },
          { table: 'citus_probe_codes', method: 'n', replication: 't', colocated: false },
        ]);
        // The key works across the shards: a row of a real company goes in, a made-up one does not.
        const { rows: company } = await client.query<{ app_id: string; uid: string }>(
          'SELECT app_id, uid FROM companies LIMIT 1',
        );
        await client.query(
          'INSERT INTO citus_probe (app_id, uid, company_uid) VALUES ($1, gen_random_uuid(), $2)',
          [company[0]!.app_id, company[0]!.uid],
        );
        await assert.rejects(
          client.query(
            'INSERT INTO citus_probe (app_id, uid, company_uid) VALUES ($1, gen_random_uuid(), gen_random_uuid())',
            [company[0]!.app_id],
          ),
          /foreign key/,
        );
        const { rows: applied } = await client.query(
          'SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at = $1',
          [last.when + 1],
        );
        assert.equal(applied.length, 1, 'recorded once');
      } finally {
        await client.end();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
