import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { electronicReceipts, orders, unsettledCharges } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { makeTenant, registerMember } from './support/accounts';
import { makeStaffShop, placeOrder } from './support/staff';
import { routeRow, type IsolationRow } from './support/isolation-rows';

/**
 * Tenant-isolation matrix: every route that takes an id, called with the ids
 * of another tenant (from that tenant's host, as its member), of another
 * member of the same store, or of another company of the same app. The answer
 * is a 404/403 (or a 400 naming the field, for ids in a body), holds none of
 * the victim's data, and the victim's rows in the database are unchanged.
 */
let t: TestApp;
type Auth = Record<string, string>;
type Member = { auth: Auth; uid: string; email: string };

const victim = {
  host: 'localhost',
  app: '',
  company: '',
  place: '',
  product: '',
  productLine: {} as unknown,
  cash: '',
  online: '',
  program: '',
  promotion: '',
  raffle: '',
  poll: '',
  order: '',
  orderTotal: '',
  subscription: '',
  redemption: '',
  rockyCompany: '',
  rockyEvent: '',
  a1: {} as Member,
};
let attacker: { host: string; member: Member };
let neighbour: Member; // another member of the victim's store
/** Everything only the victim's tenant (or member) holds: none of it may appear in an answer to someone else. */
const tenantSecrets: string[] = [];
const memberSecrets: string[] = [];

async function member(host: string): Promise<Member> {
  const m = await registerMember(t, host);
  return { auth: m.auth, uid: m.user.uid, email: m.body.email };
}

/** A digest of every tenant-owned row of one app (sessions, rate-limit counters and the mail outbox aside). */
async function fingerprint(appUid: string): Promise<string> {
  const tables = (await t.db.execute(
    sql`SELECT table_name FROM information_schema.columns WHERE column_name = 'app_id' AND table_schema = 'public' AND table_name NOT IN ('sessions', 'rate_limits', 'mail_outbox') ORDER BY table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const result = (await t.db.execute(
      sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM ${sql.identifier(table_name)} x WHERE app_id = ${appUid}`,
    )) as unknown as { rows: { n: number; digest: string }[] };
    parts.push(`${table_name}:${result.rows[0].n}:${result.rows[0].digest}`);
  }
  return parts.join('\n');
}

before(async () => {
  t = await startTestApp();
  const app = await t.appOf('localhost');
  victim.app = app.uid;
  victim.company = app.company.uid;
  victim.a1 = await member('localhost');
  neighbour = await member('localhost');
  const a1 = victim.a1.auth;

  const places = (await t.get('/api/v7/places/')).data.results as { uid: string; name: string }[];
  victim.place = places.find((p) => p.name === 'Aurora Miraflores')!.uid;
  const products = (await t.get(`/api/v7/places/${victim.place}/products/?page_size=100`)).data
    .results as {
    uid: string;
    title: string;
    option_groups: { uid: string; minimum_to_select: number; options: { uid: string }[] }[];
  }[];
  const americano = products.find((p) => p.title === 'Americano')!;
  victim.product = americano.uid;
  const size = americano.option_groups.find((g) => g.minimum_to_select > 0);
  victim.productLine = {
    uid: americano.uid,
    quantity: 1,
    option_groups: size ? [{ uid: size.uid, options: [{ uid: size.options[0].uid }] }] : [],
  };
  const options = (await t.get(`/api/v5/places/${victim.place}/checkout-options/`)).data;
  victim.cash = options.payment_methods.find((m: { type: string }) => m.type === 'CASH').uid;
  victim.online = options.payment_methods.find(
    (m: { type: string }) => m.type === 'ONLINE_CARD',
  ).uid;

  // The victim member's own things: a cart, an order, a subscription, a program with a redemption, a raffle entry.
  assert.equal(
    (
      await t.post(
        '/api/v5/me/shopping-cart/',
        { place: victim.place, products: [victim.productLine] },
        { headers: a1 },
      )
    ).statusCode,
    200,
  );
  const schedule = (await t.get(`/api/v7/places/${victim.place}/pickup-schedule/`)).data;
  const day = schedule.days.at(-1);
  const orderBody = {
    shipping_type: 'pickup',
    pickup: { date: day.date, start: day.slots.at(-1).start },
    products: [victim.productLine],
    payment_method: victim.cash,
    billing: {
      first_name: 'Ana',
      last_name: 'Quispe',
      email: 'ana.victima@example.com',
      phone: '+51987654321',
      city: 'Lima',
      address: 'Av. Secreta 123',
    },
  };
  const quote = await t.post(`/api/v5/places/${victim.place}/orders/quote/`, orderBody, {
    headers: a1,
  });
  assert.equal(quote.statusCode, 200, quote.body);
  victim.orderTotal = quote.data.total;
  const order = await t.post(
    `/api/v5/places/${victim.place}/orders/`,
    { ...orderBody, expected_total: victim.orderTotal },
    { headers: a1 },
  );
  assert.equal(order.statusCode, 201, order.body);
  victim.order = order.data.uid;
  const subscription = await t.post(
    `/api/v5/places/${victim.place}/subscriptions/`,
    {
      products: [victim.productLine],
      weekdays: ['monday'],
      time_slot: { start: '07:30', end: '08:00' },
      payment_method: victim.cash,
    },
    { headers: a1 },
  );
  assert.equal(subscription.statusCode, 201, subscription.body);
  victim.subscription = subscription.data.uid;

  const programs = (await t.get('/api/v5/programs/', { headers: a1 })).data;
  victim.program = (programs.results ?? programs)[0].uid;
  assert.equal(
    (await t.post('/api/v5/me/programs/', { program: victim.program }, { headers: a1 })).statusCode,
    201,
  );
  assert.equal(
    (await t.post('/api/v5/me/programs/', { program: victim.program }, { headers: neighbour.auth }))
      .statusCode,
    201,
  );
  const promotions = (
    await t.get(`/api/v5/me/programs/${victim.program}/promotions/?page_size=100`, { headers: a1 })
  ).data.results as {
    uid: string;
    coin_price?: number;
    kind: string;
  }[];
  victim.promotion = promotions[0].uid;
  for (const p of promotions) {
    const r = await t.post(
      '/api/v5/redemption-by-user/',
      { program_promotion: p.uid },
      { headers: a1 },
    );
    if (r.statusCode === 201) {
      victim.redemption = r.data.uid;
      victim.promotion = p.uid;
      break;
    }
  }
  assert.ok(victim.redemption, 'the victim redeemed a promotion');
  const raffles = (await t.get(`/api/v5/me/programs/${victim.program}/raffles/`, { headers: a1 }))
    .data;
  victim.raffle = (raffles.results ?? raffles)[0].uid;
  await t.post(
    `/api/v5/me/programs/${victim.program}/raffles/${victim.raffle}/register/`,
    {},
    { headers: a1 },
  );
  const polls = (await t.get(`/api/v5/me/programs/${victim.program}/polls/`, { headers: a1 })).data;
  victim.poll = (polls.results ?? polls)[0].uid;

  const rocky = await t.appOf('rockypez.localhost');
  victim.rockyCompany = rocky.company.uid;
  victim.rockyEvent = (
    await t.get(`/api/v5/companies/${victim.rockyCompany}/events/`, { host: 'rockypez.localhost' })
  ).data.results[0].uid;

  const b = await makeTenant(t, 'iso-attacker');
  attacker = { host: b.host, member: await member(b.host) };

  tenantSecrets.push(
    victim.app,
    victim.company,
    victim.place,
    victim.product,
    victim.program,
    victim.promotion,
    victim.raffle,
    victim.poll,
    victim.order,
    victim.subscription,
    victim.redemption,
    victim.rockyEvent,
    'Aurora',
    'Americano',
    'Rocky',
  );
  memberSecrets.push(
    victim.order,
    victim.subscription,
    victim.redemption,
    victim.a1.uid,
    victim.a1.email,
    'Av. Secreta 123',
    'ana.victima@example.com',
  );
});
after(() => t?.close());

const v = victim;
const line = () => v.productLine;
const orderInput = () => ({
  shipping_type: 'pickup',
  pickup: { date: '2099-01-01', start: '08:00' },
  products: [line()],
  payment_method: v.cash,
  expected_total: v.orderTotal,
  billing: {
    first_name: 'X',
    last_name: 'Y',
    email: 'x@example.com',
    phone: '+51911111111',
    city: 'Lima',
    address: 'Calle 1',
  },
});

/** Ids of the victim's tenant, called from another tenant's host by that tenant's member. */
const foreignTenantRows: IsolationRow[] = [
  routeRow('GET v7/apps/{uid}', { uid: () => v.app }),
  routeRow('GET v7/apps/{uid}/landing/', { uid: () => v.app }),
  routeRow('GET v7/apps/{uid}/allowed-companies/', { uid: () => v.app }),
  routeRow('GET v5/companies/{uid}/ads', { uid: () => v.company }),
  routeRow('GET v7/company/{uid}/product-categories/', { uid: () => v.company }),
  {
    route: 'GET v5/companies/{uid}/validate-code/{code}/',
    url: () => `/api/v5/companies/${v.company}/validate-code/AURORA5/`,
  },
  routeRow(
    'GET v5/companies/{uid}/events/',
    { uid: () => v.rockyCompany },
    { home: 'rockypez.localhost' },
  ),
  routeRow('GET v5/events/{uid}/', { uid: () => v.rockyEvent }, { home: 'rockypez.localhost' }),
  routeRow('GET v7/places/{uid}/pickup-schedule/', { uid: () => v.place }),
  routeRow('GET v7/places/{uid}/products/', { uid: () => v.place }),
  routeRow('GET v7/places/{place}/products/{uid}/', { place: () => v.place, uid: () => v.product }),
  routeRow('GET v7/places/{uid}/product-categories/', { uid: () => v.place }),
  routeRow('GET v5/places/{uid}/checkout-options/', { uid: () => v.place }),
  routeRow('GET v5/places/{uid}/discounts/', { uid: () => v.place }),
  routeRow(
    'POST v7/deliveries/places/{uid}/fare-estimate/',
    { uid: () => v.place },
    { body: () => ({ latitude: -12.12, longitude: -77.03 }) },
  ),
  routeRow('POST v5/places/{uid}/orders/quote/', { uid: () => v.place }, { body: orderInput }),
  routeRow('POST v5/places/{uid}/orders/', { uid: () => v.place }, { body: orderInput }),
  {
    route: 'POST v5/payments/mercadopago/{method}/notifications/',
    method: 'POST',
    url: () => `/api/v5/payments/mercadopago/${v.online}/notifications/?data.id=1&type=payment`,
    body: () => ({ type: 'payment', data: { id: '1' } }),
  },
  routeRow(
    'POST v5/places/{uid}/subscriptions/',
    { uid: () => v.place },
    {
      body: () => ({
        products: [line()],
        weekdays: ['monday'],
        time_slot: { start: '07:30', end: '08:00' },
        payment_method: v.cash,
      }),
    },
  ),
  {
    route: 'GET v5/me/shopping-cart/?place_uid',
    url: () => `/api/v5/me/shopping-cart/?place_uid=${v.place}`,
  },
  routeRow(
    'POST v5/me/shopping-cart/ (place)',
    {},
    { body: () => ({ place: v.place, products: [line()] }), refuse: [400, 404] },
  ),
  routeRow('GET v5/me/orders/{uid}/', { uid: () => v.order }),
  routeRow('POST v5/me/orders/{uid}/cancel/', { uid: () => v.order }, { body: () => ({}) }),
  routeRow(
    'PATCH v5/subscriptions/{uid}/',
    { uid: () => v.subscription },
    { body: () => ({ status: 'canceled_by_user' }) },
  ),
  routeRow(
    'POST v5/me/programs/ (program)',
    {},
    { body: () => ({ program: v.program }), refuse: [400, 404] },
  ),
  routeRow('GET v5/me/programs/{uid}/', { uid: () => v.program }),
  routeRow('POST v5/me/programs/{uid}/qr/', { uid: () => v.program }, { body: () => ({}) }),
  routeRow('GET v5/me/programs/{uid}/ledger/', { uid: () => v.program }),
  routeRow('GET v5/me/programs/{uid}/promotions/', { uid: () => v.program }),
  routeRow('GET v5/me/programs/{program}/promotions/{uid}/', {
    program: () => v.program,
    uid: () => v.promotion,
  }),
  routeRow(
    'POST v5/me/programs/{program}/promotions/{uid}/purchase/',
    { program: () => v.program, uid: () => v.promotion },
    { body: () => ({}) },
  ),
  routeRow(
    'POST v5/me/programs/{program}/promotions/{uid}/qrcode/',
    { program: () => v.program, uid: () => v.promotion },
    { body: () => ({}) },
  ),
  routeRow('GET v5/me/programs/{program}/promotions/{uid}/related/', {
    program: () => v.program,
    uid: () => v.promotion,
  }),
  routeRow('GET v5/me/promotions/{uid}/places/', { uid: () => v.promotion }),
  routeRow(
    'POST v5/programs/{program}/promotions/{uid}/coupon/get-code/',
    { program: () => v.program, uid: () => v.promotion },
    { body: () => ({}) },
  ),
  routeRow(
    'POST v5/redemption-by-user/ (promotion)',
    {},
    { body: () => ({ program_promotion: v.promotion }), refuse: [400, 404] },
  ),
  routeRow('GET v5/me/programs/{uid}/redemptions/', { uid: () => v.program }),
  routeRow('GET v5/me/programs/{uid}/raffles/', { uid: () => v.program }),
  routeRow('GET v5/me/programs/{program}/raffles/{uid}/', {
    program: () => v.program,
    uid: () => v.raffle,
  }),
  routeRow(
    'POST v5/me/programs/{program}/raffles/{uid}/register/',
    { program: () => v.program, uid: () => v.raffle },
    { body: () => ({}) },
  ),
  routeRow(
    'POST v5/me/programs/{program}/raffles/{uid}/dismiss/',
    { program: () => v.program, uid: () => v.raffle },
    { body: () => ({}) },
  ),
  routeRow('GET v5/me/programs/{uid}/polls/', { uid: () => v.program }),
  routeRow('GET v5/me/programs/{program}/polls/{poll}/', {
    program: () => v.program,
    poll: () => v.poll,
  }),
  routeRow(
    'POST v5/me/polls/{uid}/responses/',
    { uid: () => v.poll },
    { body: () => ({ answers: [] }), refuse: [400, 404] },
  ),
  routeRow('GET v5/me/programs/{uid}/sections/', { uid: () => v.program }),
  routeRow('GET v5/me/programs/{uid}/ads/', { uid: () => v.program }),
];

/** The victim member's own things, asked for by another member of the same store. */
const otherMemberRows: IsolationRow[] = [
  routeRow('GET v5/me/orders/{uid}/', { uid: () => v.order }),
  routeRow('POST v5/me/orders/{uid}/cancel/', { uid: () => v.order }, { body: () => ({}) }),
  routeRow(
    'PATCH v5/subscriptions/{uid}/',
    { uid: () => v.subscription },
    { body: () => ({ status: 'canceled_by_user' }) },
  ),
  // Lists answer 200 with the caller's own things only.
  routeRow('GET v5/me/orders/', {}, { listed: true }),
  routeRow('GET v5/subscriptions/', {}, { listed: true }),
  {
    route: 'GET v5/me/shopping-cart/?place_uid',
    url: () => `/api/v5/me/shopping-cart/?place_uid=${v.place}`,
    listed: true,
  },
  routeRow('GET v5/me/programs/{uid}/redemptions/', { uid: () => v.program }, { listed: true }),
  routeRow('GET v5/me/programs/{uid}/ledger/', { uid: () => v.program }, { listed: true }),
  routeRow('GET v5/me/programs/{uid}/', { uid: () => v.program }, { listed: true }),
];

function leaked(body: string, secrets: string[]): string[] {
  return secrets.filter((s) => s && body.includes(s));
}

type Intruder = { host: string; auth: Auth };

/**
 * The isolation proof of one back-office area, a test a row (so a new route is one row): the
 * intruder (another tenant's owner, usually) calls the row's route from their own host, answered
 * 200 for a list of their own (`listed`) and refused otherwise (`row.refuse`, else `refuse`,
 * [403, 404] unless said); then with their token on the victim's host, answered 401 (the session
 * is no session there). Neither answer holds the victim's secrets, and not one of the victim's
 * rows changed. With `owner`, the victim's own owner reads every GET row on its host (200): a
 * refusal above is isolation, not a wrong id.
 */
function proveIntruderRows(
  rows: IsolationRow[],
  options: {
    intruder: () => Intruder;
    refuse?: number[];
    /** The secrets no answer may hold: the tenant's and its members' unless said. */
    secrets?: () => string[];
    owner?: () => Auth;
    /** The victim tenant (the demo store unless said). */
    victim?: () => { app: string; host: string };
    /** Also call on the victim's host with the intruder's token (401); off for staff of another host. */
    onVictimHost?: boolean;
    /** Put before each test's name. */
    prefix?: string;
  },
): void {
  const {
    refuse = [403, 404],
    secrets = () => [...tenantSecrets, ...memberSecrets],
    victim = () => ({ app: v.app, host: v.host }),
    onVictimHost = true,
    prefix = '',
  } = options;
  for (const row of rows) {
    test(`${prefix}${row.label ?? row.route}`, async () => {
      const { app, host } = victim();
      const intruder = options.intruder();
      const method = row.method ?? 'GET';
      const before = await fingerprint(app);
      const res = await t.call(method, row.url(), {
        host: intruder.host,
        headers: intruder.auth,
        body: row.body?.(),
      });
      if (row.listed) assert.equal(res.statusCode, 200, `${row.route}: ${res.body.slice(0, 300)}`);
      else
        assert.ok(
          (row.refuse ?? refuse).includes(res.statusCode),
          `${row.route} by another tenant answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
        );
      row.check?.(res);
      let answers = res.body;
      if (onVictimHost) {
        const there = await t.call(method, row.url(), {
          host,
          headers: intruder.auth,
          body: row.body?.(),
        });
        assert.equal(there.statusCode, 401, there.body);
        answers += there.body;
      }
      assert.deepEqual(
        leaked(answers, secrets()),
        [],
        `${row.route} leaks: ${res.body.slice(0, 300)}`,
      );
      assert.equal(await fingerprint(app), before, `${row.route} changed the victim's rows`);
      if (options.owner && method === 'GET') {
        const own = await t.call('GET', row.url(), { host, headers: options.owner() });
        assert.equal(own.statusCode, 200, `${row.route} for the store's owner: ${own.body}`);
        const seen = row.ownerSees?.();
        if (seen) assert.ok(own.body.includes(seen), own.body);
      }
    });
  }
}

/** Another tenant's owner: the owner of a store of their own (`makeStaffShop`). */
async function anotherTenantsOwner(
  name: string,
  options?: Parameters<typeof makeStaffShop>[2],
): Promise<Intruder> {
  const shop = await makeStaffShop(t, name, options);
  return { host: shop.host, auth: shop.auth.owner };
}

/** The demo store's own owner, signed in. */
async function victimOwner(): Promise<Auth> {
  const own = await t.post('/api/v5/login/', { email: 'dueno@aurora.pe', password: 'Dueno2026!' });
  assert.equal(own.statusCode, 200, own.body);
  return { authorization: `Token ${own.data.token}` };
}

describe('tenant isolation: ids of another tenant', () => {
  const start = { victim: '', rocky: '' };
  before(async () => {
    start.victim = await fingerprint(v.app);
    start.rocky = await fingerprint((await t.appOf('rockypez.localhost')).uid);
  });
  for (const row of foreignTenantRows) {
    test(row.route, async () => {
      const writes = (row.method ?? 'GET') !== 'GET';
      const before = writes ? await fingerprint(v.app) : '';
      for (const auth of [attacker.member.auth, {}]) {
        const res = await t.call(row.method ?? 'GET', row.url(), {
          host: attacker.host,
          headers: auth,
          body: row.body?.(),
        });
        // As the other tenant's member: refused as not found (or forbidden, or a 400 naming the body field).
        // Anonymous: the same, or 401 for member calls.
        const refuse = [...(row.refuse ?? [403, 404]), ...(auth.authorization ? [] : [401])];
        assert.ok(
          refuse.includes(res.statusCode),
          `${row.route} from another tenant answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
        );
        assert.deepEqual(
          leaked(res.body, tenantSecrets),
          [],
          `${row.route} leaks: ${res.body.slice(0, 300)}`,
        );
      }
      if (writes)
        assert.equal(
          await fingerprint(v.app),
          before,
          `${row.route} changed the victim tenant's rows`,
        );
      else {
        // Control: the same call on the victim's own host answers, so the refusal above is isolation, not a wrong id.
        const own = await t.call('GET', row.url(), {
          host: row.home ?? v.host,
          headers: v.a1.auth,
        });
        assert.equal(
          own.statusCode,
          200,
          `${row.route} on its own host: ${own.body.slice(0, 200)}`,
        );
      }
    });
  }
  test('after the whole matrix, not one row of the victim tenants changed', async () => {
    assert.equal(await fingerprint(v.app), start.victim);
    assert.equal(await fingerprint((await t.appOf('rockypez.localhost')).uid), start.rocky);
  });
});

describe('tenant isolation: things of another member of the same store', () => {
  for (const row of otherMemberRows) {
    test(row.route, async () => {
      const before = await fingerprint(v.app);
      const res = await t.call(row.method ?? 'GET', row.url(), {
        host: v.host,
        headers: neighbour.auth,
        body: row.body?.(),
      });
      if (row.listed) assert.equal(res.statusCode, 200, res.body);
      else
        assert.ok(
          [403, 404].includes(res.statusCode),
          `${row.route} for another member answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
        );
      assert.deepEqual(
        leaked(res.body, memberSecrets),
        [],
        `${row.route} leaks the other member's data: ${res.body.slice(0, 300)}`,
      );
      assert.equal(await fingerprint(v.app), before, `${row.route} changed the victim's rows`);
    });
  }

  test('the victim still sees and owns everything (the matrix refused for the right reason)', async () => {
    const a1 = v.a1.auth;
    assert.equal((await t.get(`/api/v5/me/orders/${v.order}/`, { headers: a1 })).statusCode, 200);
    assert.ok(
      (await t.get('/api/v5/subscriptions/', { headers: a1 })).body.includes(v.subscription),
    );
    assert.ok(
      (await t.get(`/api/v5/me/programs/${v.program}/redemptions/`, { headers: a1 })).body.includes(
        v.redemption,
      ),
    );
    assert.equal(
      (await t.get(`/api/v5/me/programs/${v.program}/raffles/${v.raffle}/`, { headers: a1 }))
        .statusCode,
      200,
    );
    assert.equal((await t.get(`/api/v7/places/${v.place}/products/${v.product}/`)).statusCode, 200);
    assert.equal(
      (await t.get(`/api/v5/events/${v.rockyEvent}/`, { host: 'rockypez.localhost' })).statusCode,
      200,
    );
  });
});

describe('tenant isolation: another company of the same app', () => {
  test("a product of one company is not sold, quoted or carted at another company's place", async () => {
    const host = 'multi.localhost';
    const places = (await t.get('/api/v7/places/', { host })).data.results as {
      uid: string;
      company_uid: string;
    }[];
    const byCompany = new Map<string, string>();
    for (const p of places) if (!byCompany.has(p.company_uid)) byCompany.set(p.company_uid, p.uid);
    const [first, second] = [...byCompany.values()];
    assert.ok(first && second, 'multi.localhost has places of two companies');
    const sold = (await t.get(`/api/v7/places/${first}/products/?page_size=100`, { host })).data
      .results as { uid: string }[];
    const soldThere = new Set(
      (
        (await t.get(`/api/v7/places/${second}/products/?page_size=100`, { host })).data
          .results as { uid: string }[]
      ).map((p) => p.uid),
    );
    const onlyFirst = sold.find((p) => !soldThere.has(p.uid));
    assert.ok(onlyFirst, 'a product only the first company sells');
    const m = await member(host);
    const multiApp = (await t.appOf(host)).uid;
    const before = await fingerprint(multiApp);
    const detail = await t.get(`/api/v7/places/${second}/products/${onlyFirst.uid}/`, { host });
    assert.equal(detail.statusCode, 404);
    const quote = await t.post(
      `/api/v5/places/${second}/orders/quote/`,
      {
        shipping_type: 'pickup',
        pickup: { date: '2099-01-01', start: '08:00' },
        products: [{ uid: onlyFirst.uid, quantity: 1, option_groups: [] }],
        payment_method: 'x',
      },
      { host, headers: m.auth },
    );
    assert.ok([400, 404].includes(quote.statusCode), quote.body);
    const cart = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: second, products: [{ uid: onlyFirst.uid, quantity: 1, option_groups: [] }] },
      { host, headers: m.auth },
    );
    assert.ok(
      !cart.body.includes(onlyFirst.uid) || cart.statusCode === 400,
      `the cart at the other company's place holds no foreign product: ${cart.body.slice(0, 300)}`,
    );
    // The cart may be created (empty) for the member; nothing else of the app changes.
    const after = (await fingerprint(multiApp)).split('\n').filter((l) => !l.startsWith('cart'));
    assert.deepEqual(
      after,
      before.split('\n').filter((l) => !l.startsWith('cart')),
    );
  });
});

describe("tenant isolation: another tenant's staff", () => {
  let staff: Auth;
  let owner: Auth;
  let ownerUid = '';
  let invitation = { uid: '', token: '' };
  before(async () => {
    const login = await t.post(
      '/api/v5/login/',
      { email: 'puerto@multi.pe', password: 'Puerto2026!' },
      { host: 'multi.localhost' },
    );
    assert.equal(login.statusCode, 200, login.body);
    staff = { authorization: `Token ${login.data.token}` };
    const own = await t.post('/api/v5/login/', {
      email: 'dueno@aurora.pe',
      password: 'Dueno2026!',
    });
    assert.equal(own.statusCode, 200, own.body);
    owner = { authorization: `Token ${own.data.token}` };
    ownerUid = own.data.user.uid;
    // A pending staff invitation of the victim store, with its mailed link.
    const invited = await t.post(
      '/api/v5/staff/invitations/',
      { email: 'invitada.secreta@example.com', role: 'STAFF' },
      { headers: owner },
    );
    assert.equal(invited.statusCode, 201, invited.body);
    const mails = (await t.db.execute(
      sql`SELECT text FROM mail_outbox WHERE app_id = ${v.app} AND "to" = 'invitada.secreta@example.com' ORDER BY created_at DESC LIMIT 1`,
    )) as unknown as { rows: { text: string }[] };
    const link = /\/staff\/invitation\/([0-9a-f-]{36})\/([\w-]+)/.exec(mails.rows[0].text)!;
    invitation = { uid: link[1], token: link[2] };
    tenantSecrets.push('invitada.secreta@example.com');
  });

  const rows: IsolationRow[] = [
    routeRow('GET v5/staff/orders/{uid}/', { uid: () => v.order }),
    routeRow('GET v5/staff/clients/{uid}/promotions/', { uid: () => v.a1.uid }),
    routeRow(
      'POST v5/staff/orders/{uid}/transition/',
      { uid: () => v.order },
      { body: () => ({ action: 'accept' }) },
    ),
    routeRow(
      'POST v5/staff/redemptions/',
      {},
      {
        body: () => ({ client_uid: v.a1.uid, promotion_uid: v.promotion, place_uid: v.place }),
        refuse: [400, 403, 404],
      },
    ),
    routeRow(
      'POST v5/staff/stamps/',
      {},
      {
        body: () => ({
          client_uid: v.a1.uid,
          program_uid: v.program,
          place_uid: v.place,
          quantity: 1,
        }),
        refuse: [400, 403, 404],
      },
    ),
    routeRow(
      'POST v5/staff/points/',
      {},
      {
        body: () => ({ client_uid: v.a1.uid, program_uid: v.program, amount: 10 }),
        refuse: [400, 403, 404],
      },
    ),
    {
      // The victim's place as a filter of the due subscriptions: not one of their places (400).
      route: 'GET v5/staff/subscriptions/due/',
      url: () => `/api/v5/staff/subscriptions/due/?place_uid=${v.place}`,
      refuse: [400, 403, 404],
    },
    routeRow('DELETE v5/staff/members/{uid}/', { uid: () => ownerUid }),
    routeRow('DELETE v5/staff/invitations/{uid}/', { uid: () => invitation.uid }),
    routeRow('GET v5/invitations/{uid}/{token}/', {
      uid: () => invitation.uid,
      token: () => invitation.token,
    }),
    routeRow(
      'POST v5/invitations/{uid}/{token}/accept/',
      { uid: () => invitation.uid, token: () => invitation.token },
      { body: () => ({}) },
    ),
  ];
  test("GET v5/staff/orders/recent/ answers the caller's own company's new orders only", async () => {
    const res = await t.get('/api/v5/staff/orders/recent/', {
      host: 'multi.localhost',
      headers: staff,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(leaked(res.body, [...tenantSecrets, ...memberSecrets]), [], res.body);
    const own = await t.get('/api/v5/staff/orders/recent/', { host: v.host, headers: owner });
    assert.equal(own.statusCode, 200, own.body);
    const there = await t.get('/api/v5/staff/orders/recent/', { host: v.host, headers: staff });
    assert.equal(there.statusCode, 401, there.body);
  });

  // Staff of another store, on its own host: their session is no session on the victim's.
  proveIntruderRows(rows, {
    intruder: () => ({ host: 'multi.localhost', auth: staff }),
    owner: () => owner,
    onVictimHost: false,
  });
});

describe('tenant isolation: browser error reports', () => {
  const report = { kind: 'error', message: 'boom', page: '/products', build: 'e2e' };
  const reportsOf = async (appUid: string) =>
    (
      (await t.db.execute(
        sql`SELECT user_uid FROM client_errors WHERE app_id = ${appUid} ORDER BY created_at`,
      )) as unknown as { rows: { user_uid: string | null }[] }
    ).rows;

  test("POST v5/client-errors/ files a report under the host's tenant only, never under the one its API-KEY or session names", async () => {
    const before = await fingerprint(v.app);
    const attackerApp = await t.appOf(attacker.host);
    const victimApp = await t.appOf(v.host);
    // The victim's app key on another host: refused, as every call.
    const keyed = await t.post('/api/v5/client-errors/', report, {
      host: attacker.host,
      headers: { 'api-key': victimApp.api_key },
    });
    assert.equal(keyed.statusCode, 403, keyed.body);
    // The victim member's session on another host is no session there: filed as anonymous, there.
    const reportsBefore = (await reportsOf(attackerApp.uid)).length;
    const sessioned = await t.post('/api/v5/client-errors/', report, {
      host: attacker.host,
      headers: v.a1.auth,
    });
    assert.equal(sessioned.statusCode, 204, sessioned.body);
    const filed = await reportsOf(attackerApp.uid);
    assert.equal(filed.length, reportsBefore + 1);
    assert.equal(filed.at(-1)!.user_uid, null);
    assert.deepEqual(leaked(sessioned.body, [...tenantSecrets, ...memberSecrets]), []);
    assert.equal(await fingerprint(v.app), before, "the victim tenant's rows changed");
  });
});

describe('tenant isolation: the step-up of a limited session', () => {
  test('POST v5/me/step-up/ and .../code/: a session is no session on another host, and a mailed code steps up only the session that asked', async () => {
    // A victim member signed in with the document alone on the victim store (ONLY_DOCUMENT).
    const victimMember = await registerMember(t, v.host);
    await t.db.execute(
      sql`UPDATE users SET email_verified_at = now() WHERE uid = ${victimMember.user.uid}`,
    );
    const login = await t.post(
      '/api/v5/login/',
      { document_type: 'NATIONAL_ID', document_number: victimMember.body.document_number },
      { host: v.host },
    );
    assert.equal(login.statusCode, 200, login.body);
    const limited = { authorization: `Token ${login.data.token}` };
    const sent = await t.post('/api/v5/me/step-up/code/', undefined, {
      host: v.host,
      headers: limited,
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const mail = (
      (await t.db.execute(
        sql`SELECT app_id, text FROM mail_outbox WHERE "to" = ${victimMember.body.email} AND subject LIKE '%confirmar que eres tú%'`,
      )) as unknown as { rows: { app_id: string; text: string }[] }
    ).rows;
    assert.deepEqual(
      mail.map((m) => m.app_id),
      [v.app],
    );
    const code = /Tu código es (\d{6})\./.exec(mail[0].text)![1];

    // The victim's session presented on the attacker's host is no session there.
    for (const url of ['/api/v5/me/step-up/code/', '/api/v5/me/step-up/']) {
      const res = await t.post(url, { code }, { host: attacker.host, headers: limited });
      assert.equal(res.statusCode, 401, `${url}: ${res.body}`);
    }
    // The attacker's own session, with the victim's code: refused, on either host.
    for (const host of [attacker.host, v.host]) {
      const res = await t.post(
        '/api/v5/me/step-up/',
        { code },
        {
          host,
          headers: attacker.member.auth,
        },
      );
      assert.ok([400, 401].includes(res.statusCode), `${host}: ${res.body}`);
      assert.deepEqual(leaked(res.body, memberSecrets), []);
    }
    // The victim's session is still limited, and its code still works for it alone.
    const orders = await t.get('/api/v5/me/orders/', { host: v.host, headers: limited });
    assert.equal(orders.statusCode, 403, orders.body);
    const mine = await t.post('/api/v5/me/step-up/', { code }, { host: v.host, headers: limited });
    assert.equal(mine.statusCode, 200, mine.body);
  });
});

describe("tenant isolation: another tenant's owner in the back office", () => {
  let attackerOwner: Intruder;
  let owner: Auth;
  let category = '';
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin');
    owner = await victimOwner();
    const categories = await t.get('/api/v5/admin/categories/', { headers: owner });
    assert.equal(categories.statusCode, 200, categories.body);
    category = categories.data[0].uid;
    tenantSecrets.push(category, categories.data[0].name);
  });

  const rows: IsolationRow[] = [
    {
      route: 'GET v5/admin/dashboard/?place',
      url: () => `/api/v5/admin/dashboard/?place=${v.place}`,
      refuse: [400],
    },
    routeRow(
      'PATCH v5/admin/categories/{uid}/',
      { uid: () => category },
      { body: () => ({ name: 'Robada', version: 1 }) },
    ),
    // Lists answer 200 with the caller's own company only.
    routeRow('GET v5/admin/categories/', {}, { listed: true }),
    {
      route: 'GET v5/admin/audit/?entity_uid',
      url: () => `/api/v5/admin/audit/?entity_uid=${category}`,
      listed: true,
    },
    routeRow('GET v5/admin/dashboard/', {}, { listed: true }),
    {
      route: 'GET v5/admin/stock/low/?place',
      url: () => `/api/v5/admin/stock/low/?place=${v.place}`,
      refuse: [400],
    },
    routeRow('GET v5/admin/stock/low/', {}, { listed: true }),
    routeRow('GET v5/admin/products/{uid}/stock-movements/', { uid: () => v.product }),
    {
      route: 'GET v5/admin/reports/?place',
      url: () => `/api/v5/admin/reports/?from=2026-01-01&to=2026-12-31&place=${v.place}`,
      refuse: [400],
    },
    {
      route: 'GET v5/admin/reports/',
      url: () => '/api/v5/admin/reports/?from=2026-01-01&to=2026-12-31',
      listed: true,
    },
    {
      route: 'GET v5/admin/reports/{report}/csv/',
      url: () => '/api/v5/admin/reports/product/csv/?from=2026-01-01&to=2026-12-31',
      listed: true,
    },
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner, owner: () => owner });
});

describe("tenant isolation: another tenant's owner in the back office's orders", () => {
  let intruder: Intruder;
  before(async () => {
    intruder = await anotherTenantsOwner('iso-admin-orders');
  });

  const rows: IsolationRow[] = [
    routeRow('GET v5/admin/orders/{uid}/', { uid: () => v.order }),
    routeRow('POST v5/admin/orders/{uid}/cancel/', { uid: () => v.order }),
    routeRow(
      'POST v5/admin/orders/{uid}/transition/',
      { uid: () => v.order },
      { body: () => ({ action: 'cancel', reason: 'closed' }) },
    ),
    {
      route: 'GET v5/admin/orders/?place',
      url: () => `/api/v5/admin/orders/?place=${v.place}`,
      refuse: [400],
    },
    // The new orders announced, and who hears of them: the caller's own company only.
    routeRow('GET v5/admin/orders/recent/', {}, { listed: true }),
    routeRow('GET v5/admin/order-notifications/', {}, { listed: true }),
    routeRow(
      'PUT v5/admin/order-notifications/',
      {},
      {
        body: () => ({
          new_order_mail_to: 'dueno@aurora.pe',
          customer_status_mails: false,
          version: 1,
        }),
        refuse: [400],
      },
    ),
    // Lists and the export answer 200 with the caller's own company only.
    routeRow('GET v5/admin/orders/', {}, { listed: true }),
    {
      route: 'GET v5/admin/orders/?q',
      url: () => `/api/v5/admin/orders/?q=${encodeURIComponent(memberSecrets[0] ?? 'a')}`,
      listed: true,
    },
    routeRow('GET v5/admin/orders.csv', {}, { listed: true }),
  ];
  proveIntruderRows(rows, {
    intruder: () => intruder,
    secrets: () => [...tenantSecrets, ...memberSecrets, v.order],
  });
});

describe("tenant isolation: another tenant's owner in the money settings", () => {
  let attackerOwner: Intruder;
  let owner: Auth;
  let coupon = '';
  let discount = '';
  let receipt = '';
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-money');
    owner = await victimOwner();
    const coupons = await t.get('/api/v5/admin/money/coupons/', { headers: owner });
    assert.equal(coupons.statusCode, 200, coupons.body);
    assert.ok(coupons.data.count > 0, 'the demo store has coupons');
    coupon = coupons.data.results[0].uid;
    tenantSecrets.push(coupon, coupons.data.results[0].code);
    // A rejected electronic receipt of the victim's store: only its owner may list or retry it.
    const [sale] = await t.db
      .select({ uid: orders.uid, placeUid: orders.placeUid })
      .from(orders)
      .where(eq(orders.appId, v.app))
      .limit(1);
    receipt = randomUUID();
    await t.db.insert(electronicReceipts).values({
      appId: v.app,
      uid: receipt,
      orderUid: sale!.uid,
      placeUid: sale!.placeUid,
      kind: 'BOLETA',
      serie: 'B999',
      numero: 1,
      totalCents: 1000,
      status: 'REJECTED',
      error: 'Motivo secreto de Aurora',
    });
    tenantSecrets.push(receipt, 'Motivo secreto de Aurora');
    // An automatic discount of the victim's store: its name and uid are its owner's only.
    const rule = await t.post(
      '/api/v5/admin/money/discounts/',
      {
        name: 'Regla secreta de Aurora',
        kind: 'PERCENT',
        target: 'ORDER',
        value: '5',
        is_active: false,
      },
      { headers: owner },
    );
    assert.equal(rule.statusCode, 201, rule.body);
    discount = rule.data.uid;
    tenantSecrets.push(discount, 'Regla secreta de Aurora');
    // A card charge of the victim's store left unsettled (its answer lost): only its owner sees it.
    const reference = randomUUID();
    await t.db.insert(unsettledCharges).values({
      appId: v.app,
      uid: randomUUID(),
      paymentMethodUid: v.online,
      reference,
      purpose: 'ORDER',
      amountCents: 1234,
      reason: 'OUTCOME_UNKNOWN',
    });
    tenantSecrets.push(reference);
    // The victim's own Nubefact account: its route and token are its owner's only.
    const account = await t.call('PUT', '/api/v5/admin/money/receipt-account/', {
      headers: owner,
      body: {
        url: 'https://api.nubefact.com/api/v1/ruta-secreta-de-aurora',
        token: 'token-secreto-de-aurora',
        version: 0,
      },
    });
    assert.equal(account.statusCode, 200, account.body);
    tenantSecrets.push('ruta-secreta-de-aurora', 'token-secreto-de-aurora');
  });

  const rows: IsolationRow[] = [
    routeRow(
      'PATCH v5/admin/money/payment-methods/{uid}/',
      { uid: () => v.cash },
      { body: () => ({ is_active: false, version: 1 }) },
    ),
    routeRow(
      'PATCH v5/admin/money/coupons/{uid}/',
      { uid: () => coupon },
      { body: () => ({ is_active: false, version: 1 }) },
    ),
    // Lists answer 200 with the caller's own company only.
    routeRow('GET v5/admin/money/payment-methods/', {}, { listed: true }),
    routeRow('GET v5/admin/money/coupons/', {}, { listed: true }),
    routeRow(
      'PATCH v5/admin/money/discounts/{uid}/',
      { uid: () => discount },
      { body: () => ({ is_active: true, version: 1 }) },
    ),
    routeRow('GET v5/admin/money/discounts/', {}, { listed: true }),
    routeRow('GET v5/admin/money/tax/', {}, { listed: true }),
    routeRow('GET v5/admin/money/receipt-account/', {}, { listed: true }),
    // Sets the caller's own company's account, never the victim's.
    routeRow(
      'PUT v5/admin/money/receipt-account/',
      {},
      { body: () => ({ url: null, version: 0 }), listed: true },
    ),
    routeRow('GET v5/admin/money/unsettled-charges/', {}, { listed: true }),
    routeRow('GET v5/admin/money/receipts/', {}, { listed: true }),
    routeRow('POST v5/admin/money/receipts/{uid}/retry/', { uid: () => receipt }),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner, refuse: [404], owner: () => owner });
});

describe("tenant isolation: another tenant's owner on images and branding", () => {
  let attacker: Intruder;
  let owner: Auth;
  let image = '';
  before(async () => {
    attacker = await anotherTenantsOwner('iso-media');
    const own = await t.post('/api/v5/login/', {
      email: 'dueno@aurora.pe',
      password: 'Dueno2026!',
    });
    owner = { authorization: `Token ${own.data.token}` };
    const boundary = 'isoboundary';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.post('/api/v5/admin/media/', body, {
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    assert.equal(res.statusCode, 201, res.body);
    image = res.data.url;
    const branding = await t.get('/api/v5/admin/branding/', { headers: owner });
    assert.equal(branding.statusCode, 200, branding.body);
  });

  test("GET v5/media/{name}: another store's host answers 404 for the victim's image", async () => {
    const res = await t.get(image, { host: attacker.host });
    assert.equal(res.statusCode, 404);
    assert.equal((await t.get(image)).statusCode, 200);
  });

  test("GET and PATCH v5/admin/branding/: the attacker's own store only; the victim's unchanged", async () => {
    const before = await fingerprint(v.app);
    const victimBefore = (await t.get('/api/v5/admin/branding/', { headers: owner })).data;
    const read = await t.get('/api/v5/admin/branding/', {
      host: attacker.host,
      headers: attacker.auth,
    });
    assert.equal(read.statusCode, 200);
    assert.notEqual(read.body, JSON.stringify(victimBefore));
    const write = await t.patch(
      '/api/v5/admin/branding/',
      { version: read.data.version, main_color: '#FF0000', logo: image },
      { host: attacker.host, headers: attacker.auth },
    );
    assert.equal(write.statusCode, 200, write.body);
    const there = await t.patch(
      '/api/v5/admin/branding/',
      { version: victimBefore.version, main_color: '#FF0000' },
      { host: v.host, headers: attacker.auth },
    );
    assert.equal(there.statusCode, 401, there.body);
    assert.equal(await fingerprint(v.app), before);
    assert.deepEqual(
      (await t.get('/api/v5/admin/branding/', { headers: owner })).data,
      victimBefore,
    );
  });
});

describe("tenant isolation: another tenant's owner in the back office's catalogue", () => {
  let attackerOwner: Intruder;
  let owner: Auth;
  let product = '';
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin-catalogue');
    owner = await victimOwner();
    const products = await t.get('/api/v5/admin/products/?page_size=1', { headers: owner });
    assert.equal(products.statusCode, 200, products.body);
    product = products.data.results[0].uid;
    tenantSecrets.push(product);
  });

  const rows: IsolationRow[] = [
    routeRow('GET v5/admin/products/{uid}/', { uid: () => product }),
    routeRow(
      'PATCH v5/admin/products/{uid}/',
      { uid: () => product },
      { body: () => ({ title: 'Robado', price: '0.10', version: 1 }) },
    ),
    routeRow(
      'PATCH v5/admin/products/{uid}/places/{place}/',
      { uid: () => product, place: () => v.place },
      { body: () => ({ is_active: false, stock: 0 }) },
    ),
    {
      route: 'GET v5/admin/products/?place',
      url: () => `/api/v5/admin/products/?place=${v.place}`,
      refuse: [400],
    },
    // The list answers 200 with the caller's own company only.
    routeRow('GET v5/admin/products/', {}, { listed: true }),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner });
});

describe("tenant isolation: another tenant's owner exports their store", () => {
  test('GET v5/admin/export/ answers their own file only, and nothing on the victim host', async () => {
    const shop = await makeStaffShop(t, 'iso-export');
    const before = await fingerprint(v.app);
    const own = await t.get('/api/v5/admin/export/', { host: shop.host, headers: shop.auth.owner });
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.data.app.key, 'iso-export');
    const there = await t.get('/api/v5/admin/export/', { host: v.host, headers: shop.auth.owner });
    assert.equal(there.statusCode, 401, there.body);
    assert.deepEqual(leaked(own.body + there.body, [...tenantSecrets, ...memberSecrets]), []);
    assert.equal(await fingerprint(v.app), before, "the export changed the victim's rows");
  });
});

describe("tenant isolation: another tenant's owner on the catalogue's CSV and bulk edit", () => {
  let attackerOwner: Intruder;
  let product = { uid: '', version: 1, sku: '' as string | null, title: '' };
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin-csv');
    const own = await t.post('/api/v5/login/', {
      email: 'dueno@aurora.pe',
      password: 'Dueno2026!',
    });
    assert.equal(own.statusCode, 200, own.body);
    const products = await t.get('/api/v5/admin/products/?page_size=1', {
      headers: { authorization: `Token ${own.data.token}` },
    });
    assert.equal(products.statusCode, 200, products.body);
    product = products.data.results[0];
    tenantSecrets.push(product.uid);
  });

  const rows: IsolationRow[] = [
    // Their own file: their company's products only.
    routeRow('GET v5/admin/products.csv', {}, { listed: true }),
    {
      // The victim's product by uid: not theirs, a 400 naming the row, nothing written.
      route: 'POST v5/admin/products/import/ (uid of the victim)',
      method: 'POST',
      url: () => '/api/v5/admin/products/import/',
      body: () => ({
        csv: `uid,titulo,precio\n${product.uid},Robado,0.10\n`,
        dry_run: false,
      }),
      refuse: [400],
    },
    {
      // The victim's SKU is no match in another company: at most a product of their own.
      route: 'POST v5/admin/products/import/ (SKU of the victim, preview)',
      method: 'POST',
      url: () => '/api/v5/admin/products/import/',
      body: () => ({
        csv: `sku,titulo,precio\n${product.sku ?? 'AURORA-SKU'},Robado,0.10\n`,
        dry_run: true,
      }),
      listed: true,
      // A preview: nothing written, at most a product of their own.
      check: (res) => assert.equal(res.data.updated.length, 0, res.body),
    },
    routeRow(
      'POST v5/admin/products/bulk/',
      {},
      {
        body: () => ({
          place: v.place,
          products: [{ uid: product.uid, version: product.version, price: '0.10', stock: 0 }],
        }),
        refuse: [400],
      },
    ),
    routeRow(
      'POST v5/admin/products/bulk/ (price only)',
      {},
      {
        body: () => ({ products: [{ uid: product.uid, version: product.version, price: '0.10' }] }),
        refuse: [400],
      },
    ),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner });
});

describe("tenant isolation: another tenant's owner in the back office's places", () => {
  let attackerOwner: Intruder;
  let owner: Auth;
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin-places');
    owner = await victimOwner();
    const mine = await t.get(`/api/v5/admin/places/${v.place}/`, { headers: owner });
    assert.equal(mine.statusCode, 200, mine.body);
    tenantSecrets.push(v.place, mine.data.address);
  });

  const rows: IsolationRow[] = [
    routeRow('GET v5/admin/places/{uid}/', { uid: () => v.place }),
    routeRow(
      'PATCH v5/admin/places/{uid}/',
      { uid: () => v.place },
      { body: () => ({ orders_paused: true, name: 'Robado', version: 1 }) },
    ),
    // The list answers 200 with the caller's own company only.
    routeRow('GET v5/admin/places/', {}, { listed: true }),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner, refuse: [404] });
});

describe("tenant isolation: another tenant's owner creating and removing catalogue records", () => {
  let attackerOwner: Intruder;
  let product = { uid: '', version: 1, group: '' };
  let category = '';
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin-catalogue-create');
    const owner = await victimOwner();
    const products = await t.get('/api/v5/admin/products/?page_size=100', { headers: owner });
    assert.equal(products.statusCode, 200, products.body);
    const withGroups = products.data.results.find(
      (p: { option_groups: unknown[] }) => p.option_groups.length > 0,
    );
    product = {
      uid: withGroups.uid,
      version: withGroups.version,
      group: withGroups.option_groups[0].uid,
    };
    const categories = await t.get('/api/v5/admin/categories/', { headers: owner });
    category = categories.data[0].uid;
    tenantSecrets.push(product.uid, product.group, category);
  });

  const rows: IsolationRow[] = [
    {
      route: 'DELETE v5/admin/products/{uid}/',
      method: 'DELETE',
      url: () => `/api/v5/admin/products/${product.uid}/?version=${product.version}`,
    },
    routeRow(
      'PATCH v5/admin/products/{uid}/ (option groups)',
      { uid: () => product.uid },
      {
        body: () => ({
          version: product.version,
          option_groups: [
            {
              uid: product.group,
              name: 'Robado',
              minimum_to_select: 0,
              maximum_to_select: 1,
              options: [{ name: 'X', price: '0' }],
            },
          ],
        }),
      },
    ),
    routeRow(
      'PATCH v5/admin/products/{uid}/places/{place}/ (price)',
      { uid: () => product.uid, place: () => v.place },
      { body: () => ({ price: '0.10' }) },
    ),
    {
      // Created on the attacker's own store, naming the victim's place and category: 400 on those fields.
      route: 'POST v5/admin/products/',
      method: 'POST',
      url: () => '/api/v5/admin/products/',
      body: () => ({
        title: 'Robado',
        price: '1.00',
        category,
        places: [{ place: v.place, price: '0.10' }],
      }),
      refuse: [400],
    },
    routeRow(
      'PATCH v5/admin/categories/{uid}/ (switch off)',
      { uid: () => category },
      { body: () => ({ is_active: false, image: '/media/x.webp', version: 1 }) },
    ),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner });
});

describe("tenant isolation: another tenant's owner in the back office's staff", () => {
  let attackerOwner: Intruder;
  let owner: Auth;
  let manager = '';
  let invitation = '';
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-staff');
    owner = await victimOwner();
    const staff = await t.get('/api/v5/admin/staff/members/', { headers: owner });
    assert.equal(staff.statusCode, 200, staff.body);
    manager = staff.data.find((m: { email: string }) => m.email === 'gerente@aurora.pe').user_uid;
    const invited = await t.post(
      '/api/v5/admin/staff/invitations/',
      { email: 'invitada.victima@example.com', role: 'STAFF' },
      { headers: owner },
    );
    assert.equal(invited.statusCode, 201, invited.body);
    invitation = invited.data.uid;
    tenantSecrets.push(manager, invitation, 'gerente@aurora.pe', 'invitada.victima@example.com');
  });

  const rows: IsolationRow[] = [
    routeRow(
      'PATCH v5/admin/staff/members/{uid}/',
      { uid: () => manager },
      { body: () => ({ role: 'OWNER' }) },
    ),
    routeRow('DELETE v5/admin/staff/members/{uid}/', { uid: () => manager }),
    routeRow('DELETE v5/admin/staff/invitations/{uid}/', { uid: () => invitation }),
    // Lists answer 200 with the caller's own company only.
    routeRow('GET v5/admin/staff/members/', {}, { listed: true }),
    routeRow('GET v5/admin/staff/invitations/', {}, { listed: true }),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner, refuse: [404], owner: () => owner });
});

describe("tenant isolation: another tenant's owner in the back office's members", () => {
  let intruder: Intruder;
  let owner: Auth;
  before(async () => {
    intruder = await anotherTenantsOwner('iso-admin-members');
    owner = await victimOwner();
  });

  const member = () => `/api/v5/admin/members/${v.a1.uid}`;
  const rows: IsolationRow[] = [
    {
      route: 'GET v5/admin/members/{uid}/',
      url: () => `${member()}/`,
      ownerSees: () => v.a1.email,
    },
    { route: 'GET v5/admin/members/{uid}/ledger/', url: () => `${member()}/ledger/` },
    { route: 'GET v5/admin/members/{uid}/orders/', url: () => `${member()}/orders/` },
    { route: 'GET v5/admin/members/{uid}/redemptions/', url: () => `${member()}/redemptions/` },
    {
      route: 'GET v5/admin/members/{uid}/ledger/?program',
      url: () => `/api/v5/admin/members/${v.a1.uid}/ledger/?program=${v.program}`,
    },
    // Lists and the export answer 200 with the caller's own company only.
    {
      route: 'GET v5/admin/members/?q',
      url: () => `/api/v5/admin/members/?q=${encodeURIComponent(v.a1.email)}`,
      listed: true,
      ownerSees: () => v.a1.email,
    },
    {
      route: 'GET v5/admin/members.csv',
      url: () => `/api/v5/admin/members.csv?q=${encodeURIComponent(v.a1.email)}`,
      listed: true,
      ownerSees: () => v.a1.email,
    },
  ];
  proveIntruderRows(rows, { intruder: () => intruder, owner: () => owner });
});

describe('tenant isolation: operations endpoints (metrics, readiness)', () => {
  test("no tenant's session opens /metrics, and the figures name no tenant or member", async () => {
    const { metricsRegistry } = await import('../src/modules/monitoring/metrics');
    const shop = await makeStaffShop(t, 'iso-metrics');
    const before = await fingerprint(v.app);
    for (const host of [shop.host, v.host]) {
      // Not served without METRICS_TOKEN (this app's case), and a session is never the token.
      const res = await t.get('/metrics', { host, headers: shop.auth.owner });
      assert.equal(res.statusCode, 404, res.body);
    }
    // What /metrics would answer after every call of this file: route patterns, no ids.
    const text = await metricsRegistry.metrics();
    assert.match(text, /store_http_requests_total\{/);
    assert.deepEqual(leaked(text, [...tenantSecrets, ...memberSecrets, v.app]), []);
    const ready = await t.get('/api/ready', { host: v.host, headers: shop.auth.owner });
    assert.equal(ready.statusCode, 200, ready.body);
    assert.deepEqual(ready.data, { status: 'ready' });
    assert.equal(await fingerprint(v.app), before, "the probes changed the victim's rows");
  });
});

describe("tenant isolation: another tenant's owner reads failed mails", () => {
  test("GET v5/admin/mail/ lists their own store's failed mails only, and nothing on the victim host", async () => {
    // A mail of the victim's store given up on, whose address and subject must stay there.
    await t.db.execute(
      sql`INSERT INTO mail_outbox (app_id, uid, "to", subject, text, html, error, attempts, failed_at)
          VALUES (${v.app}, gen_random_uuid(), 'fallido.secreto@victima.test', 'Asunto secreto de la víctima',
                  'cuerpo', '<p>cuerpo</p>', '550 No such user', 1, now())`,
    );
    const shop = await makeStaffShop(t, 'iso-mail');
    const before = await fingerprint(v.app);
    const own = await t.get('/api/v5/admin/mail/', { host: shop.host, headers: shop.auth.owner });
    assert.equal(own.statusCode, 200, own.body);
    assert.deepEqual(own.data.failed, []);
    const there = await t.get('/api/v5/admin/mail/', { host: v.host, headers: shop.auth.owner });
    assert.equal(there.statusCode, 401, there.body);
    for (const body of [own.body, there.body]) {
      assert.ok(!body.includes('fallido.secreto'), body);
      assert.ok(!body.includes('Asunto secreto'), body);
    }
    // Nor can they put the victim's failed mail back in the queue, from either host.
    const found = (await t.db.execute(
      sql`SELECT uid FROM mail_outbox WHERE app_id = ${v.app} AND "to" = 'fallido.secreto@victima.test'`,
    )) as unknown as { rows: { uid: string }[] };
    const victimMail = found.rows[0];
    const retryPath = `/api/v5/admin/mail/${victimMail.uid}/retry/`;
    const retryOwn = await t.post(retryPath, {}, { host: shop.host, headers: shop.auth.owner });
    assert.equal(retryOwn.statusCode, 404, retryOwn.body);
    const retryThere = await t.post(retryPath, {}, { host: v.host, headers: shop.auth.owner });
    assert.equal(retryThere.statusCode, 401, retryThere.body);
    assert.deepEqual(leaked(own.body + there.body, [...tenantSecrets, ...memberSecrets]), []);
    assert.equal(await fingerprint(v.app), before, "reading mails changed the victim's rows");
  });
});

describe('tenant isolation: promotions bought by card', () => {
  test("a member of another store cannot buy the victim's promotion, pay with its card method, nor post its notifications", async () => {
    const { importTenant } = await import('../src/tenants/importer');
    const { sandboxCardToken } = await import('@store/contract');
    const { tenantUid } = await import('../src/lib/uid');
    await importTenant(t.db, {
      app: { key: 'iso-card', name: 'Iso card', domain: 'iso-card.test', main_company: 'main' },
      companies: [
        {
          key: 'main',
          name: 'Main',
          benefit_programs_enabled: true,
          payment_methods: [
            { key: 'card', type: 'ONLINE_CARD', name: 'Card', provider: 'sandbox' },
          ],
        },
      ],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
      programs: [
        {
          key: 'club',
          company: 'main',
          name: 'Club',
          promotions: [{ key: 'paid', name: 'Paid', kind: 'GIFT', price: '9.00' }],
        },
      ],
    });
    const host = 'iso-card.test';
    const program = tenantUid('iso-card', 'program', 'club');
    const promotion = tenantUid('iso-card', 'promotion', 'club/paid');
    const buyer = await member(host);
    const joined = await t.post('/api/v5/me/programs/', { program }, { host, headers: buyer.auth });
    assert.equal(joined.statusCode, 201, joined.body);
    const card = {
      token: sandboxCardToken('4242424242424242', 'isocard0001'),
      payment_method_id: 'visa',
      installments: 1,
    };
    const before = await fingerprint(v.app);

    // Its own promotion, paid with the victim's card method: not one of its company's methods.
    const foreignMethod = await t.post(
      `/api/v5/me/programs/${program}/promotions/${promotion}/purchase/`,
      { payment_method: v.online, card },
      { host, headers: buyer.auth },
    );
    assert.equal(foreignMethod.statusCode, 400, foreignMethod.body);
    assert.ok(foreignMethod.data.payment_method, foreignMethod.body);
    // The victim's program and promotion, from its own host: not found.
    const foreignPromotion = await t.post(
      `/api/v5/me/programs/${v.program}/promotions/${v.promotion}/purchase/`,
      { payment_method: v.online, card },
      { host, headers: buyer.auth },
    );
    assert.equal(foreignPromotion.statusCode, 404, foreignPromotion.body);
    // Its token on the victim's host: not signed in there.
    const there = await t.post(
      `/api/v5/me/programs/${v.program}/promotions/${v.promotion}/purchase/`,
      { payment_method: v.online, card },
      { host: v.host, headers: buyer.auth },
    );
    assert.equal(there.statusCode, 401, there.body);
    // The victim's card method's notification URL on another host: not found, nothing read.
    const note = await t.post(
      `/api/v5/payments/mercadopago/${v.online}/notifications/?data.id=1&type=payment`,
      { type: 'payment', data: { id: '1' } },
      { host },
    );
    assert.equal(note.statusCode, 404, note.body);
    assert.deepEqual(
      leaked(foreignMethod.body + foreignPromotion.body + there.body + note.body, [
        ...tenantSecrets,
        ...memberSecrets,
      ]),
      [],
    );
    assert.equal(await fingerprint(v.app), before, "the purchases changed the victim's rows");
    const taken = (await t.db.execute(
      sql`SELECT count(*)::int AS n FROM redemptions WHERE user_uid = ${buyer.uid}`,
    )) as unknown as { rows: { n: number }[] };
    assert.equal(Number(taken.rows[0].n), 0, 'nothing was taken');
  });
});

describe("tenant isolation: another tenant's owner in the back office's promotions", () => {
  let intruder: { host: string; auth: Auth; program: string; bare: Auth; own: string };
  before(async () => {
    const shop = await makeStaffShop(t, 'iso-admin-promotions');
    intruder = {
      host: shop.host,
      auth: shop.auth.owner,
      program: shop.programs.club,
      bare: await shop.login('bare@staff.test'),
      own: shop.promotionUid('Desayuno 20%'),
    };
  });
  const gift = (program: string) => ({ program, name: 'Intrusa', kind: 'GIFT', places: [] });

  const rows: IsolationRow[] = [
    routeRow('GET v5/admin/promotions/{uid}/', { uid: () => v.promotion }),
    routeRow(
      'PUT v5/admin/promotions/{uid}/',
      { uid: () => v.promotion },
      { body: () => ({ ...gift(v.program), version: 1 }) },
    ),
    routeRow(
      'PATCH v5/admin/promotions/{uid}/',
      { uid: () => v.promotion },
      { body: () => ({ is_active: false, version: 1 }) },
    ),
    {
      route: 'DELETE v5/admin/promotions/{uid}/',
      method: 'DELETE',
      url: () => `/api/v5/admin/promotions/${v.promotion}/?version=1`,
    },
    // Into the victim's program, or at the victim's place: a field error, nothing written.
    routeRow(
      'POST v5/admin/promotions/ (program)',
      {},
      { body: () => gift(v.program), refuse: [400] },
    ),
    routeRow(
      'POST v5/admin/promotions/ (places)',
      {},
      { body: () => ({ ...gift(intruder.program), places: [v.place] }), refuse: [400] },
    ),
    routeRow('GET v5/admin/promotions/', {}, { listed: true }),
    {
      route: 'GET v5/admin/promotions/?program',
      url: () => `/api/v5/admin/promotions/?program=${v.program}`,
      listed: true,
      check: (res) => assert.equal(res.data.count, 0, res.body),
    },
  ];
  proveIntruderRows(rows, {
    intruder: () => intruder,
    secrets: () => [...tenantSecrets, ...memberSecrets, v.promotion],
  });

  test("the owner of another company of the same app neither sees nor changes the company's promotions", async () => {
    const opts = { host: intruder.host, headers: intruder.bare };
    const url = `/api/v5/admin/promotions/${intruder.own}/`;
    assert.equal((await t.get(url, opts)).statusCode, 404);
    const off = await t.patch(url, { is_active: false, version: 1 }, opts);
    assert.equal(off.statusCode, 404, off.body);
    const list = await t.get('/api/v5/admin/promotions/', opts);
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.data.count, 0);
    const still = await t.get(url, { host: intruder.host, headers: intruder.auth });
    assert.equal(still.data.is_active, true);
  });
});

describe('tenant isolation: removing a line of an order (staff counter and back office)', () => {
  let attacker: Awaited<ReturnType<typeof makeStaffShop>>;
  let ownOrder = '';
  before(async () => {
    attacker = await makeStaffShop(t, 'iso-remove-line');
    // An order of the attacker store's own company, for the other company of the same tenant.
    ownOrder = (
      await placeOrder(t, attacker, attacker.auth.ana, attacker.places.a, { quantity: 2 })
    ).uid;
  });

  for (const area of ['staff', 'admin'] as const) {
    test(`POST v5/${area}/orders/{uid}/remove-line/ of another tenant's order`, async () => {
      const before = await fingerprint(v.app);
      const url = `/api/v5/${area}/orders/${v.order}/remove-line/`;
      const body = { position: 0, quantity: 1 };
      const res = await t.call('POST', url, {
        host: attacker.host,
        headers: attacker.auth.owner,
        body,
      });
      assert.equal(res.statusCode, 404, res.body);
      const there = await t.call('POST', url, { host: v.host, headers: attacker.auth.owner, body });
      assert.equal(there.statusCode, 401, there.body);
      assert.deepEqual(leaked(res.body + there.body, [...tenantSecrets, ...memberSecrets]), []);
      assert.equal(await fingerprint(v.app), before, "the removal changed the victim's rows");
    });
  }

  test('staff of another company of the same tenant, and a member, cannot remove a line', async () => {
    const body = { position: 0, quantity: 1 };
    const rival = await t.call('POST', `/api/v5/staff/orders/${ownOrder}/remove-line/`, {
      host: attacker.host,
      headers: attacker.auth.rival,
      body,
    });
    assert.equal(rival.statusCode, 404, rival.body);
    for (const area of ['staff', 'admin'])
      for (const who of ['ana', 'validator'] as const) {
        const res = await t.call('POST', `/api/v5/${area}/orders/${ownOrder}/remove-line/`, {
          host: attacker.host,
          headers: attacker.auth[who],
          body,
        });
        assert.equal(res.statusCode, 403, `${area} ${who}: ${res.body}`);
      }
    const [{ total }] = (
      (await t.db.execute(
        sql`SELECT total_cents AS total FROM orders WHERE uid = ${ownOrder}`,
      )) as unknown as { rows: { total: number }[] }
    ).rows;
    assert.equal(Number(total), 2000, 'the order is untouched');
  });
});

describe("tenant isolation: another tenant's owner in the back office's programs and ads", () => {
  let attackerOwner: Intruder;
  let ad = '';
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin-programs');
    const owner = await victimOwner();
    const mine = await t.get(`/api/v5/admin/programs/${v.program}/`, { headers: owner });
    assert.equal(mine.statusCode, 200, mine.body);
    // The victim's own ad, made through its back office, so there is one to aim at.
    const made = await t.post(
      '/api/v5/admin/ads/',
      {
        title: 'Anuncio secreto de Aurora',
        image: null,
        link: null,
        position: 9,
        is_active: false,
      },
      { headers: owner },
    );
    assert.equal(made.statusCode, 201, made.body);
    ad = made.data.uid;
    tenantSecrets.push(v.program, mine.data.name, ad, made.data.title);
  });

  const program = (body: Record<string, unknown>) => ({
    name: 'Robado',
    description: '',
    image: null,
    points_enabled: true,
    coins_enabled: false,
    stamps_enabled: false,
    add_points_enabled: false,
    open_to_join: true,
    order_points_per_sol: 99,
    points_expire_after_days: null,
    is_active: false,
    levels: [],
    sections: [],
    ads: [],
    ...body,
  });
  const rows: IsolationRow[] = [
    routeRow('GET v5/admin/programs/{uid}/', { uid: () => v.program }),
    routeRow(
      'PATCH v5/admin/programs/{uid}/',
      { uid: () => v.program },
      { body: () => program({ version: 1 }) },
    ),
    {
      route: 'DELETE v5/admin/programs/{uid}/',
      method: 'DELETE',
      url: () => `/api/v5/admin/programs/${v.program}/?version=1`,
    },
    routeRow('GET v5/admin/ads/{uid}/', { uid: () => ad }),
    routeRow(
      'PATCH v5/admin/ads/{uid}/',
      { uid: () => ad },
      {
        body: () => ({
          title: 'Robado',
          image: null,
          link: null,
          position: 0,
          is_active: true,
          version: 1,
        }),
      },
    ),
    {
      route: 'DELETE v5/admin/ads/{uid}/',
      method: 'DELETE',
      url: () => `/api/v5/admin/ads/${ad}/?version=1`,
    },
    // The lists answer 200 with the caller's own company only.
    routeRow('GET v5/admin/programs/', {}, { listed: true }),
    routeRow('GET v5/admin/ads/', {}, { listed: true }),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner, refuse: [404] });

  test("a program's sections naming the victim's rows: a field error, nothing written", async () => {
    const mine = (
      await t.get('/api/v5/admin/programs/', {
        host: attackerOwner.host,
        headers: attackerOwner.auth,
      })
    ).data.results[0];
    const before = await fingerprint(v.app);
    const res = await t.patch(
      `/api/v5/admin/programs/${mine.uid}/`,
      program({
        version: mine.version,
        sections: [{ uid: ad, title: 'x', image: null, link: null, is_active: true }],
      }),
      { host: attackerOwner.host, headers: attackerOwner.auth },
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.ok(res.data['sections.0.uid'], res.body);
    assert.equal(await fingerprint(v.app), before);
  });
});

describe("tenant isolation: another tenant's owner in the back office's raffles", () => {
  let attackerOwner: Intruder;
  const raffle = { uid: '', program: '' };
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin-raffles');
    const owner = await victimOwner();
    const list = await t.get('/api/v5/admin/raffles/', { headers: owner });
    assert.equal(list.statusCode, 200, list.body);
    const [first] = list.data.results as { uid: string; name: string; program: { uid: string } }[];
    raffle.uid = first.uid;
    raffle.program = first.program.uid;
    tenantSecrets.push(first.uid, first.name);
  });

  const rows: IsolationRow[] = [
    ...['', 'entries/', 'draw/', 'draw/verify/'].map((tail) => ({
      route: `GET v5/admin/raffles/{uid}/${tail}`,
      url: () => `/api/v5/admin/raffles/${raffle.uid}/${tail}`,
    })),
    routeRow(
      'PATCH v5/admin/raffles/{uid}/',
      { uid: () => raffle.uid },
      { body: () => ({ name: 'Robado', winners_count: 50, version: 1 }) },
    ),
    routeRow('POST v5/admin/raffles/{uid}/draw/', { uid: () => raffle.uid }, { body: () => ({}) }),
    // A raffle in the victim's program: its program is not the caller's (a field error).
    routeRow(
      'POST v5/admin/raffles/',
      {},
      { body: () => ({ program: raffle.program, name: 'Intruso' }), refuse: [400] },
    ),
    // The lists answer 200 with the caller's own company only.
    routeRow('GET v5/admin/raffles/', {}, { listed: true }),
    routeRow('GET v5/admin/raffles/programs/', {}, { listed: true }),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner, refuse: [404] });
});

describe("tenant isolation: another tenant's owner in the back office's polls", () => {
  let attackerOwner: Intruder;
  const poll = { uid: '', program: '', question: '', version: 1 };
  before(async () => {
    attackerOwner = await anotherTenantsOwner('iso-admin-polls');
    const owner = await victimOwner();
    const list = await t.get('/api/v5/admin/polls/', { headers: owner });
    assert.equal(list.statusCode, 200, list.body);
    const [first] = list.data.results as { uid: string; title: string; program: { uid: string } }[];
    const one = (await t.get(`/api/v5/admin/polls/${first.uid}/`, { headers: owner })).data as {
      version: number;
      questions: { uid: string; kind: string; text: string }[];
    };
    poll.uid = first.uid;
    poll.program = first.program.uid;
    poll.version = one.version;
    poll.question = (one.questions.find((q) => q.kind === 'TEXT') ?? one.questions[0]).uid;
    tenantSecrets.push(first.uid, first.title, ...one.questions.map((q) => q.text));
  });

  const rows: IsolationRow[] = [
    ...['', 'results/', 'responses.csv'].map((tail) => ({
      route: `GET v5/admin/polls/{uid}/${tail}`,
      url: () => `/api/v5/admin/polls/${poll.uid}/${tail}`,
    })),
    routeRow('GET v5/admin/polls/{uid}/questions/{question}/answers/', {
      uid: () => poll.uid,
      question: () => poll.question,
    }),
    routeRow(
      'PUT v5/admin/polls/{uid}/',
      { uid: () => poll.uid },
      {
        body: () => ({
          title: 'Robada',
          description: '',
          image: null,
          starts_at: null,
          ends_at: null,
          is_active: false,
          questions: [{ uid: poll.question, text: '¿Robada?', kind: 'TEXT', options: [] }],
          version: poll.version,
        }),
      },
    ),
    {
      route: 'DELETE v5/admin/polls/{uid}/',
      method: 'DELETE',
      url: () => `/api/v5/admin/polls/${poll.uid}/?version=${poll.version}`,
    },
    // A poll in the victim's program: its program is not the caller's (a field error).
    routeRow(
      'POST v5/admin/polls/',
      {},
      {
        body: () => ({
          program: poll.program,
          title: 'Intrusa',
          questions: [{ text: '¿?', kind: 'TEXT' }],
        }),
        refuse: [400],
      },
    ),
    // The lists answer 200 with the caller's own company only.
    routeRow('GET v5/admin/polls/', {}, { listed: true }),
    routeRow('GET v5/admin/polls/programs/', {}, { listed: true }),
  ];
  proveIntruderRows(rows, { intruder: () => attackerOwner, refuse: [404] });
});

describe("tenant isolation: another tenant's owner in the landing editor", () => {
  let attacker: Intruder;
  let owner: Auth;
  before(async () => {
    attacker = await anotherTenantsOwner('iso-landing');
    const own = await t.post('/api/v5/login/', {
      email: 'dueno@aurora.pe',
      password: 'Dueno2026!',
    });
    owner = { authorization: `Token ${own.data.token}` };
  });

  test("GET and PUT v5/admin/landing/: the attacker's own store only; the victim's sections unchanged", async () => {
    const victimBefore = (await t.get('/api/v5/admin/landing/', { headers: owner })).data;
    // The victim's sections as the landing answer shows them (its uids are public there).
    const seeded = {
      ...victimBefore,
      landing_page: true,
      landing_page_type: 'MODEL_2',
      sections: [
        {
          uid: '00000000-0000-4000-8000-0000000000aa',
          type: 'CONTACT',
          is_active: true,
          tittle: 'Victim secret section',
          content: '',
          link: null,
          buttons: [],
          cards: [],
          images: [],
        },
      ],
    };
    const seededRes = await t.call('PUT', '/api/v5/admin/landing/', {
      headers: owner,
      body: seeded,
    });
    assert.equal(seededRes.statusCode, 200, seededRes.body);
    const victim = seededRes.data;
    const before = await fingerprint(v.app);

    const read = await t.get('/api/v5/admin/landing/', {
      host: attacker.host,
      headers: attacker.auth,
    });
    assert.equal(read.statusCode, 200, read.body);
    assert.ok(!read.body.includes('Victim secret section'), read.body);
    // The victim's section uid in the attacker's own landing: a section of the attacker's store.
    const write = await t.call('PUT', '/api/v5/admin/landing/', {
      host: attacker.host,
      headers: attacker.auth,
      body: {
        ...read.data,
        sections: [{ ...victim.sections[0], tittle: 'Hijacked' }],
      },
    });
    assert.equal(write.statusCode, 200, write.body);
    // The attacker's token on the victim's host: no session there.
    const there = await t.call('PUT', '/api/v5/admin/landing/', {
      host: v.host,
      headers: attacker.auth,
      body: { ...victim, sections: [] },
    });
    assert.equal(there.statusCode, 401, there.body);
    assert.equal(
      (await t.get('/api/v5/admin/landing/', { host: v.host, headers: attacker.auth })).statusCode,
      401,
    );
    assert.equal(await fingerprint(v.app), before);
    assert.deepEqual((await t.get('/api/v5/admin/landing/', { headers: owner })).data, victim);
    const shown = await t.get(`/api/v7/apps/${v.app}/landing/`);
    assert.ok(shown.body.includes('Victim secret section'), shown.body);
    assert.ok(!shown.body.includes('Hijacked'), shown.body);
    // Put the victim's landing back as the other tests know it.
    const restore = await t.call('PUT', '/api/v5/admin/landing/', {
      headers: owner,
      body: { ...victimBefore, version: victim.version },
    });
    assert.equal(restore.statusCode, 200, restore.body);
  });
});

describe('tenant isolation: marketplace stores (sign-up and review)', () => {
  test("another tenant's owner, and a store of the same marketplace, can neither see nor decide a pending store", async () => {
    const { users } = await import('../src/db/schema');
    const { eq: equal, and: both } = await import('drizzle-orm');
    const host = 'merchants.localhost';
    const market = await t.appOf(host);
    const confirmed = async () => {
      const m = await member(host);
      await t.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(both(equal(users.appId, market.uid), equal(users.uid, m.uid)));
      return m;
    };
    const options = await t.get('/api/v5/marketplace/stores/options/', {
      host,
      headers: (await confirmed()).auth,
    });
    const form = (name: string) => ({
      name,
      category: options.data.categories[0].uid,
      area: options.data.areas[0].uid,
      address: 'Jr. Secreto 456',
      accept_terms: true,
    });
    const merchantA = await confirmed();
    const merchantB = await confirmed();
    const a = await t.post('/api/v5/marketplace/stores/', form('Tienda Secreta Iso'), {
      host,
      headers: merchantA.auth,
    });
    assert.equal(a.statusCode, 201, a.body);
    const b = await t.post('/api/v5/marketplace/stores/', form('Otra Tienda Iso'), {
      host,
      headers: merchantB.auth,
    });
    assert.equal(b.statusCode, 201, b.body);
    const placesOfA = await t.get('/api/v5/admin/places/', { host, headers: merchantA.auth });
    const secretPlace = placesOfA.data.results[0].uid as string;
    const secrets = [a.data.uid, secretPlace, 'Tienda Secreta Iso', 'Jr. Secreto', merchantA.email];
    const shop = await makeStaffShop(t, 'iso-market');
    const before = await fingerprint(market.uid);

    const decision = { decision: 'approve', version: a.data.version };
    const calls = [
      // Another tenant's owner, on their host (no marketplace) and on the marketplace's host.
      await t.get('/api/v5/admin/marketplace/stores/', {
        host: shop.host,
        headers: shop.auth.owner,
      }),
      await t.post(`/api/v5/admin/marketplace/stores/${a.data.uid}/decision/`, decision, {
        host: shop.host,
        headers: shop.auth.owner,
      }),
      await t.post(`/api/v5/admin/marketplace/stores/${a.data.uid}/change-decision/`, decision, {
        host: shop.host,
        headers: shop.auth.owner,
      }),
      await t.get('/api/v5/admin/marketplace/stores/', { host, headers: shop.auth.owner }),
      await t.post(`/api/v5/admin/marketplace/stores/${a.data.uid}/decision/`, decision, {
        host,
        headers: shop.auth.owner,
      }),
      await t.post(`/api/v5/admin/marketplace/stores/${a.data.uid}/change-decision/`, decision, {
        host,
        headers: shop.auth.owner,
      }),
      // Another store's owner of the same marketplace: not the marketplace owner.
      await t.get('/api/v5/admin/marketplace/stores/', { host, headers: merchantB.auth }),
      await t.post(`/api/v5/admin/marketplace/stores/${a.data.uid}/decision/`, decision, {
        host,
        headers: merchantB.auth,
      }),
      await t.post(`/api/v5/admin/marketplace/stores/${a.data.uid}/change-decision/`, decision, {
        host,
        headers: merchantB.auth,
      }),
      await t.get(`/api/v5/admin/places/${secretPlace}/`, { host, headers: merchantB.auth }),
      // The public, by direct uid.
      await t.get(`/api/v7/places/${secretPlace}/products/`, { host }),
      await t.get(`/api/v5/companies/${a.data.uid}/ads`, { host }),
    ];
    assert.deepEqual(
      calls.map((c) => c.statusCode),
      [403, 403, 403, 401, 401, 401, 403, 403, 403, 404, 404, 404],
    );
    const onboardingB = await t.get('/api/v5/admin/onboarding/', { host, headers: merchantB.auth });
    assert.equal(onboardingB.data.store.uid, b.data.uid);
    const app = await t.get(`/api/v7/apps/?domain=${host}`, { host });
    assert.deepEqual(leaked([...calls, onboardingB, app].map((c) => c.body).join(''), secrets), []);
    assert.equal(await fingerprint(market.uid), before, "the calls changed the marketplace's rows");
  });
});

describe("tenant isolation: the back office's events of another tenant or company", () => {
  const rockyHost = 'rockypez.localhost';
  let rockyApp = '';
  let attacker: Intruder;
  let otherCompany: { host: string; auth: Auth; shopApp: string };
  const target = { draft: '', published: '', place: '', ownEvent: '' };
  const whole = (extra: Record<string, unknown>) => ({
    name: 'Robado',
    description: '',
    image: null,
    place: null,
    location: 'Plaza',
    start_date: '2030-01-01',
    start_time: null,
    end_date: null,
    end_time: null,
    link: null,
    ...extra,
  });
  before(async () => {
    rockyApp = (await t.appOf(rockyHost)).uid;
    const own = await t.post(
      '/api/v5/login/',
      { email: 'dueno@rockypez.pe', password: 'Rocky2026!' },
      { host: rockyHost },
    );
    assert.equal(own.statusCode, 200, own.body);
    const owner = { authorization: `Token ${own.data.token}` };
    const me = await t.get('/api/v5/admin/me/', { host: rockyHost, headers: owner });
    target.place = me.data.places[0].uid;
    // The victim's draft, made through its back office: only its owner ever saw it.
    const draft = await t.post(
      '/api/v5/admin/events/',
      whole({ name: 'Ensayo secreto de Rock y Pez', place: target.place, location: '' }),
      { host: rockyHost, headers: owner },
    );
    assert.equal(draft.statusCode, 201, draft.body);
    target.draft = draft.data.uid;
    target.published = v.rockyEvent;
    tenantSecrets.push(draft.data.uid, 'Ensayo secreto', target.place);

    // The other tenant has events on too, so its 404s are isolation, not a switched-off feature.
    const shop = await makeStaffShop(t, 'iso-admin-events', { events: true });
    attacker = { host: shop.host, auth: shop.auth.owner };
    // Another company of that same store ("bare") against "main"'s event.
    const mine = await t.post(
      '/api/v5/admin/events/',
      whole({ name: 'Evento de Main', place: shop.places.a, location: '' }),
      { host: shop.host, headers: shop.auth.owner },
    );
    assert.equal(mine.statusCode, 201, mine.body);
    target.ownEvent = mine.data.uid;
    otherCompany = {
      host: shop.host,
      auth: await shop.login('bare@staff.test'),
      shopApp: shop.app.uid,
    };
  });

  const one = (uid: () => string): IsolationRow[] => [
    routeRow('GET v5/admin/events/{uid}/', { uid: uid }),
    routeRow('PUT v5/admin/events/{uid}/', { uid: uid }, { body: () => whole({ version: 1 }) }),
    routeRow(
      'PATCH v5/admin/events/{uid}/',
      { uid: uid },
      { body: () => ({ published: true, version: 1 }) },
    ),
    {
      route: 'DELETE v5/admin/events/{uid}/',
      method: 'DELETE',
      url: () => `/api/v5/admin/events/${uid()}/?version=1`,
    },
  ];
  const rows: IsolationRow[] = [
    ...one(() => target.draft).map((r) => ({ ...r, label: `${r.route} (a draft)` })),
    ...one(() => target.published).map((r) => ({ ...r, label: `${r.route} (a file's event)` })),
    // An event at the victim's place: the place is not the caller's (a field error).
    {
      label: 'POST v5/admin/events/ at the victim place',
      route: 'POST v5/admin/events/',
      method: 'POST',
      url: () => '/api/v5/admin/events/',
      body: () => whole({ place: target.place, location: '' }),
      refuse: [400],
    },
    {
      label: 'GET v5/admin/events/ (past ones too)',
      route: 'GET v5/admin/events/',
      url: () => '/api/v5/admin/events/?when=past&page_size=100',
      listed: true,
    },
    {
      label: 'GET v5/admin/events/',
      route: 'GET v5/admin/events/',
      url: () => '/api/v5/admin/events/?page_size=100',
      listed: true,
    },
  ];
  proveIntruderRows(rows, {
    intruder: () => attacker,
    refuse: [404],
    secrets: () => tenantSecrets,
    victim: () => ({ app: rockyApp, host: rockyHost }),
    prefix: 'another tenant: ',
  });

  for (const row of one(() => target.ownEvent))
    test(`another company of the same store: ${row.route}`, async () => {
      const before = await fingerprint(otherCompany.shopApp);
      const res = await t.call(row.method ?? 'GET', row.url(), {
        host: otherCompany.host,
        headers: otherCompany.auth,
        body: row.body?.(),
      });
      assert.equal(res.statusCode, 404, `${row.route}: ${res.body.slice(0, 300)}`);
      assert.ok(!res.body.includes('Evento de Main'), res.body);
      assert.equal(await fingerprint(otherCompany.shopApp), before);
    });

  test("the victim's events are still there and its draft still out of the store", async () => {
    const list = await t.get(`/api/v5/companies/${v.rockyCompany}/events/`, { host: rockyHost });
    assert.ok(list.body.includes(target.published));
    assert.ok(!list.body.includes(target.draft));
    assert.equal(
      (await t.get(`/api/v5/events/${target.draft}/`, { host: rockyHost })).statusCode,
      404,
    );
  });
});
