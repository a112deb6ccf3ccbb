import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema';
import { collectProcessMetrics } from '../src/modules/monitoring/metrics';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';

/**
 * The Prometheus figures, read as Prometheus reads them: GET /metrics with the bearer token.
 * Counters are global to the process, so each test compares before and after.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;

before(async () => {
  t = await startTestApp({ more: { metricsToken: TOKEN, orderExpiryRunSeconds: 1 } });
  shop = await makeShop(t, 'metrics-shop', { stock: 10 });
  member = await shop.member();
});
after(() => t?.close());

async function scrape(): Promise<string> {
  const res = await t.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one series (0 when absent); `labels` as Prometheus writes them. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const orderBody = async (overrides: Record<string, unknown> = {}) => ({
  shipping_type: 'pickup',
  pickup: await firstSlot(t, shop),
  products: [shop.cakeLine(1)],
  expected_total: '10.00',
  payment_method: shop.cash,
  billing,
  ...overrides,
});

describe('GET /metrics', () => {
  test('answers only the bearer of METRICS_TOKEN', async () => {
    assert.equal((await t.get('/metrics')).statusCode, 401);
    const wrong = await t.get('/metrics', { headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.statusCode, 401);
    // A store session (the owner's too) is not the token.
    const asMember = await t.get('/metrics', { headers: member.auth, host: shop.host });
    assert.equal(asMember.statusCode, 401);
    await scrape();
  });

  test('is not served at all without a token', async () => {
    const plain = await startTestApp({ seedDemo: false });
    try {
      assert.equal((await plain.get('/metrics')).statusCode, 404);
    } finally {
      await plain.close();
    }
  });

  test('counts requests per route pattern, never per URL, with latency and errors', async () => {
    const place = `/api/v7/places/${shop.place}/pickup-schedule/`;
    const before = await scrape();
    const series = `store_http_requests_total{method="GET",route="/api/v7/places/:uid/pickup-schedule/",status="200"}`;
    await t.get(place, { host: shop.host });
    await t.get(place, { host: shop.host });
    const unknown = `/api/no-such-thing/${randomUUID()}`;
    await t.get(unknown);
    const after = await scrape();
    assert.equal(value(after, series) - value(before, series), 2);
    assert.ok(!after.includes(shop.place), 'a raw URL became a label');
    assert.ok(!after.includes(unknown), 'an unmatched URL became a label');
    assert.ok(
      value(after, `store_http_requests_total{method="GET",route="unmatched",status="404"}`) >= 1,
    );
    const count = `store_http_request_duration_seconds_count{method="GET",route="/api/v7/places/:uid/pickup-schedule/",status_class="2xx"}`;
    assert.equal(value(after, count) - value(before, count), 2);
    assert.match(after, /^# TYPE store_http_errors_total counter$/m);
    // No figure names a tenant: the endpoint tells nothing about one store.
    assert.ok(!after.includes(shop.app.uid) && !after.includes(shop.host));
  });

  test('counts orders placed by payment status and checkouts that failed by status', async () => {
    const before = await scrape();
    const placed = await t.post(`/api/v5/places/${shop.place}/orders/`, await orderBody(), {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(placed.statusCode, 201, placed.body);
    const changed = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      await orderBody({ expected_total: '11.00' }),
      { host: shop.host, headers: member.auth },
    );
    assert.equal(changed.statusCode, 409, changed.body);
    const after = await scrape();
    const ok = `store_orders_placed_total{payment_status="${placed.data.payment_status}"}`;
    assert.equal(value(after, ok) - value(before, ok), 1);
    const failed = 'store_orders_failed_total{status="409"}';
    assert.equal(value(after, failed) - value(before, failed), 1);
  });

  test('times database statements and reports the pool on PostgreSQL', async () => {
    const before = await scrape();
    await t.get(`/api/v7/places/${shop.place}/`, { host: shop.host });
    const after = await scrape();
    const selects = 'store_db_query_duration_seconds_count{statement="select"}';
    assert.ok(value(after, selects) > value(before, selects));
    if (t.kind === 'postgres') {
      // The test database's pool (support/test-app.ts) holds 20, and its generic-plan pool 10.
      assert.equal(value(after, 'store_db_pool_max_connections'), 30);
      const total = value(after, 'store_db_pool_connections');
      assert.ok(total >= 1 && total <= 30, `${total} connections`);
      assert.ok(value(after, 'store_db_pool_idle_connections') <= total);
    }
  });

  test('reads the mail outbox backlog when scraped', async () => {
    await t.db.insert(mailOutbox).values({
      appId: shop.app.uid,
      uid: randomUUID(),
      to: 'backlog@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    const result = await t.db.execute(
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    );
    const [{ n }] = (result as unknown as { rows: { n: number }[] }).rows;
    assert.ok(n >= 1);
    assert.equal(value(await scrape(), 'store_mail_outbox_backlog'), n);
  });

  test('counts scheduler runs, and shows the event-loop lag', async () => {
    const series = 'store_scheduler_runs_total{job="order expiry run",outcome="ok"}';
    const before = value(await scrape(), series);
    const deadline = Date.now() + 10_000;
    let text = await scrape();
    while (value(text, series) <= before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      text = await scrape();
    }
    assert.ok(value(text, series) > before, 'no order expiry run was counted');
    assert.match(text, /^store_scheduler_run_duration_seconds_count\{job="order expiry run"\} /m);
    collectProcessMetrics();
    assert.match(await scrape(), /^nodejs_eventloop_lag_p99_seconds /m);
  });
});

describe('docs/grafana-dashboard.json', () => {
  test('reads only figures the server exposes', async () => {
    const { readFile } = await import('node:fs/promises');
    const { paths } = await import('../src/config');
    const { metricsRegistry } = await import('../src/modules/monitoring/metrics');
    collectProcessMetrics();
    const dashboard = await readFile(`${paths.repoRoot}/docs/grafana-dashboard.json`, 'utf8');
    const used = new Set(
      [...dashboard.matchAll(/\b((?:store|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
        m[1].replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    const exposed = new Set(
      (await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name),
    );
    assert.ok(used.size >= 10);
    assert.deepEqual(
      [...used].filter((name) => !exposed.has(name)),
      [],
    );
  });
});
