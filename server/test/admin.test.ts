import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  adminArea,
  adminMessages,
  centsToMoney,
  messageText,
  storeDateOf,
} from '@store/contract';
import { auditLog, productCategories } from '../src/db/schema';
import { redact, REDACTED } from '../src/modules/admin/audit';
import { historyProductsOf, planDemoHistory } from '../src/tenants/demo-history-plan';
import { historyDay } from './support/database-templates';
import { readDemoTenantFiles } from '../src/tenants/demo-seed';
import { startTestApp, type TestApp } from './support/test-app';
import { apiPaths, documentedRoutes, matrixRoutes } from './support/openapi';
import { makeStaffShop, inviteStaff, type StaffShop } from './support/staff';

/**
 * The back office's foundation: who may call `v5/admin/...` (a matrix checked against
 * the OpenAPI document), the audit log, and optimistic concurrency on a category.
 * The dashboard's figures are in admin-dashboard.test.ts.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
const aurora: Record<'owner' | 'manager' | 'cashier' | 'validator' | 'member', Auth> = {
  owner: {},
  manager: {},
  cashier: {},
  validator: {},
  member: {},
};
let category: { uid: string; name: string; version: number };
let product: { uid: string; places: { place: { uid: string } }[] };

async function login(email: string, password: string, host = 'localhost'): Promise<Auth> {
  const res = await t.post('/api/v5/login/', { email, password }, { host });
  assert.equal(res.statusCode, 200, `${email}: ${res.body}`);
  return { authorization: `Token ${res.data.token}` };
}

before(async () => {
  t = await startTestApp();
  aurora.owner = await login('dueno@aurora.pe', 'Dueno2026!');
  aurora.manager = await login('gerente@aurora.pe', 'Gerente2026!');
  aurora.cashier = await login('cajero@aurora.pe', 'Cajero2026!');
  aurora.validator = await login('validador@aurora.pe', 'Valida2026!');
  aurora.member = await login('demo@aurora.pe', 'Aurora2026!');
  const list = await t.get('/api/v5/admin/categories/', { headers: aurora.owner });
  assert.equal(list.statusCode, 200, list.body);
  category = list.data.find((c: { name: string }) => c.name === 'Cafés');
  const products = await t.get('/api/v5/admin/products/?page_size=1', { headers: aurora.owner });
  assert.equal(products.statusCode, 200, products.body);
  product = products.data.results[0];
  s = await makeStaffShop(t, 'adminshop');
});
after(() => t?.close());

type Case = {
  method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  url: () => string;
  body?: () => unknown;
  /** The owner's alone: a MANAGER gets 403 admin.owner_only. */
  ownerOnly?: boolean;
  /** The answer once the role passed, when the rule below does not tell it. */
  status?: number;
};

/** Every admin route, with a call each allowed role answers 2xx (or a field error that proves the role passed). */
const cases: Case[] = [
  { method: 'GET', path: '/api/v5/admin/me/', url: () => '/api/v5/admin/me/' },
  {
    method: 'GET',
    path: '/api/v5/admin/dashboard/',
    url: () => '/api/v5/admin/dashboard/?period=30d',
  },
  { method: 'GET', path: '/api/v5/admin/audit/', url: () => '/api/v5/admin/audit/' },
  { method: 'GET', path: '/api/v5/admin/categories/', url: () => '/api/v5/admin/categories/' },
  {
    method: 'PATCH',
    path: '/api/v5/admin/categories/{uid}/',
    url: () => `/api/v5/admin/categories/${category.uid}/`,
    // Version 0 never exists: a 400 once the role passed, and nothing written.
    body: () => ({ name: 'Cafés', version: 0 }),
  },
  // Orders (admin-orders.test.ts): a bad place proves the role passed without changing anything.
  { method: 'GET', path: '/api/v5/admin/orders/', url: () => '/api/v5/admin/orders/' },
  {
    method: 'GET',
    path: '/api/v5/admin/orders.csv',
    url: () => '/api/v5/admin/orders.csv?place=x',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/orders/{uid}/',
    url: () => '/api/v5/admin/orders/00000000-0000-0000-0000-000000000000/',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/orders/{uid}/cancel/',
    url: () => '/api/v5/admin/orders/00000000-0000-0000-0000-000000000000/cancel/',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/orders/{uid}/transition/',
    url: () => '/api/v5/admin/orders/00000000-0000-0000-0000-000000000000/transition/',
    body: () => ({ action: 'accept' }),
  },
  {
    method: 'GET',
    path: '/api/v5/admin/orders/recent/',
    url: () => '/api/v5/admin/orders/recent/',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/order-notifications/',
    url: () => '/api/v5/admin/order-notifications/',
    ownerOnly: true,
  },
  {
    method: 'PUT',
    path: '/api/v5/admin/order-notifications/',
    url: () => '/api/v5/admin/order-notifications/',
    // Version 0 never exists: a 400 once the role passed, and nothing written.
    body: () => ({ new_order_mail_to: null, customer_status_mails: false, version: 0 }),
    ownerOnly: true,
    status: 400,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/orders/{uid}/remove-line/',
    url: () => '/api/v5/admin/orders/00000000-0000-0000-0000-000000000000/remove-line/',
    body: () => ({ position: 0, quantity: 1 }),
  },
  // Not multipart: a 400 {file} once the role passed, and nothing stored.
  {
    method: 'POST',
    path: '/api/v5/admin/media/',
    url: () => '/api/v5/admin/media/',
    body: () => ({}),
  },
  { method: 'GET', path: '/api/v5/admin/branding/', url: () => '/api/v5/admin/branding/' },
  {
    method: 'PATCH',
    path: '/api/v5/admin/branding/',
    url: () => '/api/v5/admin/branding/',
    body: () => ({ main_color: '#000000', version: 0 }),
  },
  { method: 'GET', path: '/api/v5/admin/products/', url: () => '/api/v5/admin/products/' },
  // Selling more (selling-stock.test.ts, selling-reports.test.ts).
  { method: 'GET', path: '/api/v5/admin/stock/low/', url: () => '/api/v5/admin/stock/low/' },
  {
    method: 'GET',
    path: '/api/v5/admin/products/{uid}/stock-movements/',
    url: () => `/api/v5/admin/products/${product.uid}/stock-movements/`,
  },
  {
    method: 'GET',
    path: '/api/v5/admin/reports/',
    url: () => '/api/v5/admin/reports/?from=2026-11-01&to=2026-11-30',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/reports/{report}/csv/',
    url: () => '/api/v5/admin/reports/category/csv/?from=2026-11-01&to=2026-11-30',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/products/{uid}/',
    url: () => `/api/v5/admin/products/${product.uid}/`,
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/products/{uid}/',
    url: () => `/api/v5/admin/products/${product.uid}/`,
    body: () => ({ title: 'Espresso', version: 0 }),
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/products/{uid}/places/{place}/',
    url: () => `/api/v5/admin/products/${product.uid}/places/${product.places[0].place.uid}/`,
    body: () => ({ stock: -1 }),
  },
  {
    method: 'GET',
    path: '/api/v5/admin/export/',
    url: () => '/api/v5/admin/export/',
    ownerOnly: true,
  },
  {
    method: 'GET',
    path: '/api/v5/admin/products.csv',
    url: () => '/api/v5/admin/products.csv',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/products/import/',
    url: () => '/api/v5/admin/products/import/',
    // A preview: it answers what the file would create, and writes nothing.
    body: () => ({ csv: 'titulo,precio\nPrueba,1.00\n', dry_run: true }),
  },
  {
    method: 'POST',
    path: '/api/v5/admin/products/bulk/',
    url: () => '/api/v5/admin/products/bulk/',
    body: () => ({ products: [] }),
    status: 400,
  },
  // Places (admin-places.test.ts): version 0 never exists, a 400 once the role passed.
  { method: 'GET', path: '/api/v5/admin/places/', url: () => '/api/v5/admin/places/' },
  {
    method: 'GET',
    path: '/api/v5/admin/places/{uid}/',
    url: () => `/api/v5/admin/places/${product.places[0].place.uid}/`,
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/places/{uid}/',
    url: () => `/api/v5/admin/places/${product.places[0].place.uid}/`,
    body: () => ({ orders_paused: true, version: 0 }),
  },
  // Catalogue creation (admin-catalogue-create.test.ts): empty bodies and version 0 are 400s
  // once the role passed, and nothing is written.
  {
    method: 'POST',
    path: '/api/v5/admin/products/',
    url: () => '/api/v5/admin/products/',
    body: () => ({}),
    status: 400,
  },
  {
    method: 'DELETE',
    path: '/api/v5/admin/products/{uid}/',
    url: () => `/api/v5/admin/products/${product.uid}/?version=0`,
    status: 400,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/categories/',
    url: () => '/api/v5/admin/categories/',
    body: () => ({}),
    status: 400,
  },
  // Staff (admin-staff.test.ts): bad bodies and unknown uids prove the role passed, writing nothing.
  {
    method: 'GET',
    path: '/api/v5/admin/staff/members/',
    url: () => '/api/v5/admin/staff/members/',
    ownerOnly: true,
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/staff/members/{uid}/',
    url: () => '/api/v5/admin/staff/members/00000000-0000-0000-0000-000000000000/',
    body: () => ({ role: 'JEFE' }),
    ownerOnly: true,
  },
  {
    method: 'DELETE',
    path: '/api/v5/admin/staff/members/{uid}/',
    url: () => '/api/v5/admin/staff/members/00000000-0000-0000-0000-000000000000/',
    ownerOnly: true,
  },
  {
    method: 'GET',
    path: '/api/v5/admin/staff/invitations/',
    url: () => '/api/v5/admin/staff/invitations/',
    ownerOnly: true,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/staff/invitations/',
    url: () => '/api/v5/admin/staff/invitations/',
    body: () => ({ email: 'no-es-correo', role: 'STAFF' }),
    ownerOnly: true,
    status: 400,
  },
  {
    method: 'DELETE',
    path: '/api/v5/admin/staff/invitations/{uid}/',
    url: () => '/api/v5/admin/staff/invitations/00000000-0000-0000-0000-000000000000/',
    ownerOnly: true,
  },
  // Members (admin-members.test.ts): an unknown member is a 404 once the role passed.
  { method: 'GET', path: '/api/v5/admin/members/', url: () => '/api/v5/admin/members/' },
  { method: 'GET', path: '/api/v5/admin/members.csv', url: () => '/api/v5/admin/members.csv' },
  ...['', 'ledger/', 'orders/', 'redemptions/'].map((tail) => ({
    method: 'GET' as const,
    path: `/api/v5/admin/members/{uid}/${tail}`,
    url: () => `/api/v5/admin/members/00000000-0000-0000-0000-000000000000/${tail}`,
  })),
  {
    method: 'GET',
    path: '/api/v5/admin/mail/',
    url: () => '/api/v5/admin/mail/',
    ownerOnly: true,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/mail/{uid}/retry/',
    // No failed mail has this uid: a 404 once the role passed, and nothing changed.
    url: () => '/api/v5/admin/mail/00000000-0000-4000-8000-000000000000/retry/',
    body: () => ({}),
    ownerOnly: true,
    status: 404,
  },
  // Promotions (admin-promotions.test.ts): an empty form is a 400, an unknown one a 404.
  { method: 'GET', path: '/api/v5/admin/promotions/', url: () => '/api/v5/admin/promotions/' },
  {
    method: 'POST',
    path: '/api/v5/admin/promotions/',
    url: () => '/api/v5/admin/promotions/',
    body: () => ({ kind: 'GIFT' }),
    status: 400,
  },
  {
    method: 'GET',
    path: '/api/v5/admin/promotions/{uid}/',
    url: () => '/api/v5/admin/promotions/00000000-0000-0000-0000-000000000000/',
  },
  {
    method: 'PUT',
    path: '/api/v5/admin/promotions/{uid}/',
    url: () => '/api/v5/admin/promotions/00000000-0000-0000-0000-000000000000/',
    body: () => ({}),
    status: 400,
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/promotions/{uid}/',
    url: () => '/api/v5/admin/promotions/00000000-0000-0000-0000-000000000000/',
    body: () => ({ is_active: false, version: 0 }),
  },
  {
    method: 'DELETE',
    path: '/api/v5/admin/promotions/{uid}/',
    url: () => '/api/v5/admin/promotions/00000000-0000-0000-0000-000000000000/?version=1',
  },
  // Programs (admin-programs.test.ts), owner only; ads (admin-ads.test.ts). An empty body,
  // version 0 or an unknown uid proves the role passed without writing anything.
  ...(['programs', 'ads'] as const).flatMap((area): Case[] => {
    const ownerOnly = area === 'programs';
    const one = `/api/v5/admin/${area}/00000000-0000-0000-0000-000000000000/`;
    return [
      {
        method: 'GET',
        path: `/api/v5/admin/${area}/`,
        url: () => `/api/v5/admin/${area}/`,
        ownerOnly,
      },
      { method: 'GET', path: `/api/v5/admin/${area}/{uid}/`, url: () => one, ownerOnly },
      {
        method: 'POST',
        path: `/api/v5/admin/${area}/`,
        url: () => `/api/v5/admin/${area}/`,
        body: () => ({}),
        status: 400,
        ownerOnly,
      },
      {
        method: 'PATCH',
        path: `/api/v5/admin/${area}/{uid}/`,
        url: () => one,
        body: () => ({ version: 0 }),
        ownerOnly,
      },
      {
        method: 'DELETE',
        path: `/api/v5/admin/${area}/{uid}/`,
        url: () => `${one}?version=0`,
        status: 400,
        ownerOnly,
      },
    ];
  }),
  // Raffles (admin-raffles.test.ts): a bad program is a 400 and an unknown raffle a 404
  // once the role passed.
  { method: 'GET', path: '/api/v5/admin/raffles/', url: () => '/api/v5/admin/raffles/' },
  {
    method: 'GET',
    path: '/api/v5/admin/raffles/programs/',
    url: () => '/api/v5/admin/raffles/programs/',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/raffles/',
    url: () => '/api/v5/admin/raffles/',
    body: () => ({ program: 'x', name: 'Sorteo' }),
    status: 400,
  },
  ...['', 'entries/', 'draw/', 'draw/verify/'].map((tail) => ({
    method: 'GET' as const,
    path: `/api/v5/admin/raffles/{uid}/${tail}`,
    url: () => `/api/v5/admin/raffles/00000000-0000-0000-0000-000000000000/${tail}`,
  })),
  {
    method: 'PATCH',
    path: '/api/v5/admin/raffles/{uid}/',
    url: () => '/api/v5/admin/raffles/00000000-0000-0000-0000-000000000000/',
    body: () => ({ name: 'Sorteo', version: 1 }),
    status: 404,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/raffles/{uid}/draw/',
    url: () => '/api/v5/admin/raffles/00000000-0000-0000-0000-000000000000/draw/',
    body: () => ({}),
  },
  // Events (admin-events.test.ts): Café Aurora has no events (events_enabled off), so every
  // call is a 404 once the role passed; the roles on a store with events are proved there.
  ...(
    [
      ['GET', '/api/v5/admin/events/', ''],
      ['POST', '/api/v5/admin/events/', ''],
      ['GET', '/api/v5/admin/events/{uid}/', ''],
      ['PUT', '/api/v5/admin/events/{uid}/', ''],
      ['PATCH', '/api/v5/admin/events/{uid}/', ''],
      ['DELETE', '/api/v5/admin/events/{uid}/', '?version=1'],
    ] as const
  ).map(([method, path, query]): Case => ({
    method,
    path,
    url: () => `${path.replace('{uid}', '00000000-0000-0000-0000-000000000000')}${query}`,
    ...(method === 'GET' || method === 'DELETE'
      ? {}
      : {
          body: () =>
            method === 'PATCH'
              ? { published: true, version: 1 }
              : {
                  name: 'Evento',
                  description: '',
                  image: null,
                  place: null,
                  location: 'Plaza',
                  start_date: '2030-01-01',
                  start_time: null,
                  end_date: null,
                  end_time: null,
                  link: null,
                  ...(method === 'PUT' ? { version: 1 } : {}),
                },
        }),
    status: 404,
  })),
  // Polls (admin-polls.test.ts): a bad program or version 0 is a 400 and an unknown poll a 404
  // once the role passed.
  { method: 'GET', path: '/api/v5/admin/polls/', url: () => '/api/v5/admin/polls/' },
  {
    method: 'GET',
    path: '/api/v5/admin/polls/programs/',
    url: () => '/api/v5/admin/polls/programs/',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/polls/',
    url: () => '/api/v5/admin/polls/',
    body: () => ({ program: 'x', title: 'Encuesta', questions: [{ text: '¿?', kind: 'TEXT' }] }),
    status: 400,
  },
  ...['', 'results/', 'responses.csv'].map((tail) => ({
    method: 'GET' as const,
    path: `/api/v5/admin/polls/{uid}/${tail}`,
    url: () => `/api/v5/admin/polls/00000000-0000-0000-0000-000000000000/${tail}`,
  })),
  {
    method: 'GET',
    path: '/api/v5/admin/polls/{uid}/questions/{question}/answers/',
    url: () =>
      '/api/v5/admin/polls/00000000-0000-0000-0000-000000000000/questions/00000000-0000-0000-0000-000000000000/answers/',
  },
  {
    method: 'PUT',
    path: '/api/v5/admin/polls/{uid}/',
    url: () => '/api/v5/admin/polls/00000000-0000-0000-0000-000000000000/',
    body: () => ({ title: 'Encuesta', questions: [{ text: '¿?', kind: 'TEXT' }], version: 0 }),
    status: 400,
  },
  {
    method: 'DELETE',
    path: '/api/v5/admin/polls/{uid}/',
    url: () => '/api/v5/admin/polls/00000000-0000-0000-0000-000000000000/?version=1',
  },
  // Landing editor (admin-landing.test.ts): version 0 never exists, a 400 once the role passed.
  { method: 'GET', path: '/api/v5/admin/landing/', url: () => '/api/v5/admin/landing/' },
  {
    method: 'PUT',
    path: '/api/v5/admin/landing/',
    url: () => '/api/v5/admin/landing/',
    body: () => ({ landing_page: true, landing_page_type: 'MODEL_2', sections: [], version: 0 }),
    status: 400,
  },
  // Marketplace stores (marketplace-stores.test.ts): only the marketplace owner reviews stores,
  // and Aurora is no marketplace, so its owner and manager both get 403 marketplace.owner_only.
  {
    method: 'GET',
    path: '/api/v5/admin/marketplace/stores/',
    url: () => '/api/v5/admin/marketplace/stores/',
    status: 403,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/marketplace/stores/{uid}/decision/',
    url: () => '/api/v5/admin/marketplace/stores/00000000-0000-0000-0000-000000000000/decision/',
    body: () => ({ decision: 'approve', version: 1 }),
    status: 403,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/marketplace/stores/{uid}/change-decision/',
    url: () =>
      '/api/v5/admin/marketplace/stores/00000000-0000-0000-0000-000000000000/change-decision/',
    body: () => ({ decision: 'approve', version: 1 }),
    status: 403,
  },
  // A new store's checklist: null for a tenant-file company; its writes refuse version 0.
  { method: 'GET', path: '/api/v5/admin/onboarding/', url: () => '/api/v5/admin/onboarding/' },
  {
    method: 'PATCH',
    path: '/api/v5/admin/onboarding/store/',
    url: () => '/api/v5/admin/onboarding/store/',
    body: () => ({ version: 0 }),
  },
  {
    method: 'POST',
    path: '/api/v5/admin/onboarding/review/',
    url: () => '/api/v5/admin/onboarding/review/',
    body: () => ({ version: 0 }),
    status: 400,
  },
];

describe('admin permission matrix', () => {
  test('the matrix covers every admin route of the OpenAPI document', async () => {
    const doc = (await t.get('/api/docs/json')).data;
    const documented = documentedRoutes(
      doc,
      // The owner-only money routes have their own matrix in admin-money.test.ts.
      (path) => path.startsWith('/api/v5/admin') && !path.startsWith('/api/v5/admin/money/'),
    );
    assert.deepEqual(documented, matrixRoutes(cases));
    for (const [path, methods] of Object.entries(apiPaths(doc)))
      for (const op of Object.values(methods))
        assert.equal(op['x-access'] === 'admin', path.startsWith('/api/v5/admin/'), path);
  });

  for (const c of cases) {
    test(`${c.method} ${c.path}`, async () => {
      const call = (headers?: Auth, host = 'localhost') =>
        t.call(c.method, c.url(), { host, headers, ...(c.body ? { body: c.body() } : {}) });
      assert.equal((await call()).statusCode, 401);
      for (const who of ['member', 'cashier', 'validator'] as const) {
        const res = await call(aurora[who]);
        assert.equal(res.statusCode, 403, `${who}: ${res.body}`);
        assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
      }
      // A write with version 0 or no file is a 400 once the role passed; the bad place of the
      // orders CSV too; an unknown order a 404.
      const ok =
        c.status ??
        (c.method === 'PATCH' || c.url().includes('place=x') || c.path === '/api/v5/admin/media/'
          ? 400
          : c.url().includes('00000000-0000')
            ? 404
            : 200);
      for (const who of ['owner', 'manager'] as const) {
        const res = await call(aurora[who]);
        if (c.ownerOnly && who === 'manager') {
          assert.equal(res.statusCode, 403, res.body);
          assert.deepEqual(res.data, { detail: messageText(adminMessages.ownerOnly) });
        } else assert.equal(res.statusCode, ok, `${who}: ${res.body}`);
      }
      // The owner of another tenant: their token is no session here.
      assert.equal((await call(s.auth.owner)).statusCode, 401);
      // The owner of another company of another tenant, on their own host, never sees Aurora's.
      const own = await call(s.auth.owner, s.host);
      assert.ok(
        [200, 400, 404, ...(c.status === 403 ? [403] : [])].includes(own.statusCode),
        own.body,
      );
      assert.ok(!own.body.includes('Cafés'), own.body);
      assert.ok(!own.body.includes(category.uid), own.body);
      assert.ok(!own.body.includes(product.uid), own.body);
    });
  }

  test('me: the owner opens every area, the manager all but staff and money', async () => {
    const owner = (await t.get('/api/v5/admin/me/', { headers: aurora.owner })).data;
    assert.equal(owner.role, 'OWNER');
    // Every area of the back office but the marketplace's reviews (this is no marketplace app).
    assert.deepEqual(
      owner.areas,
      adminArea.options.filter((area) => area !== 'marketplace'),
    );
    assert.equal(owner.company.name, 'Café Aurora');
    assert.equal(owner.main_company, true);
    const manager = (await t.get('/api/v5/admin/me/', { headers: aurora.manager })).data;
    assert.equal(manager.role, 'MANAGER');
    const ownerOnly = ['staff', 'money', 'settings', 'loyalty'];
    assert.deepEqual(
      manager.areas,
      owner.areas.filter((area: string) => !ownerOnly.includes(area)),
    );
    // The manager still works the counter as STAFF does, but not the staff list.
    const staffMe = await t.get('/api/v5/staff/me/', { headers: aurora.manager });
    assert.equal(staffMe.statusCode, 200);
    assert.ok(!staffMe.data.permissions.includes('members'));
    assert.equal(
      (await t.get('/api/v5/staff/members/', { headers: aurora.manager })).statusCode,
      403,
    );
  });

  test('a MANAGER invited by the owner opens the back office at once', async () => {
    const auth = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER');
    const me = await t.get('/api/v5/admin/me/', { host: s.host, headers: auth });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.data.role, 'MANAGER');
  });

  test("the owner of another company of the same tenant cannot touch this company's category", async () => {
    const [main] = await t.db
      .insert(productCategories)
      .values({
        appId: s.app.uid,
        uid: '6f1c0c43-8f0a-4c4e-9a51-0d7f3a1b2c01',
        key: 'main-cakes',
        companyUid: (await t.get('/api/v5/admin/me/', { host: s.host, headers: s.auth.owner })).data
          .company.uid,
        name: 'Tortas',
      })
      .returning();
    const bare = await s.login('bare@staff.test');
    const list = await t.get('/api/v5/admin/categories/', { host: s.host, headers: bare });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.data, []);
    const res = await t.call('PATCH', `/api/v5/admin/categories/${main.uid}/`, {
      host: s.host,
      headers: bare,
      body: { name: 'Robada', version: 1 },
    });
    assert.equal(res.statusCode, 404, res.body);
    const [row] = await t.db
      .select()
      .from(productCategories)
      .where(and(eq(productCategories.appId, s.app.uid), eq(productCategories.uid, main.uid)));
    assert.equal(row.name, 'Tortas');
    assert.equal(row.version, 1);
  });
});

describe('optimistic concurrency and the audit log', () => {
  test('two edits of the same version at once: exactly one wins, the other gets the conflict with the current record', async () => {
    const url = `/api/v5/admin/categories/${category.uid}/`;
    const edit = (headers: Auth, name: string) =>
      t.call('PATCH', url, { headers, body: { name, version: category.version } });
    const answers = await Promise.all([
      edit(aurora.owner, 'Cafés de especialidad'),
      edit(aurora.manager, 'Cafés y más'),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [200, 409], answers.map((r) => r.body).join('\n'));
    const won = answers.find((r) => r.statusCode === 200)!;
    const lost = answers.find((r) => r.statusCode === 409)!;
    assert.equal(won.data.version, category.version + 1);
    assert.equal(JSON.parse(lost.body).code, 'admin.version_conflict');
    assert.equal(lost.data.detail, messageText(adminMessages.versionConflict));
    assert.deepEqual(lost.data.current, won.data);

    // One audit line, with who, the role, and the record before and after.
    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product_category'), eq(auditLog.entityUid, category.uid)));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].action, 'update');
    assert.deepEqual(lines[0].before, { ...won.data, name: 'Cafés', version: category.version });
    assert.deepEqual(lines[0].after, won.data);

    // The store shows the winner's name.
    const companyUid = (await t.appOf('localhost')).company.uid;
    const store = await t.get(`/api/v7/company/${companyUid}/product-categories/`);
    assert.ok(store.body.includes(JSON.stringify(won.data.name)), store.body);

    // The owner reads it; the manager reads it too; filters narrow it.
    const audit = await t.get(`/api/v5/admin/audit/?entity_uid=${category.uid}`, {
      headers: aurora.manager,
    });
    assert.equal(audit.statusCode, 200, audit.body);
    assert.equal(audit.data.count, 1);
    const [entry] = audit.data.results;
    assert.equal(entry.entity, 'product_category');
    assert.equal(entry.actor.role, won === answers[0] ? 'OWNER' : 'MANAGER');
    assert.equal(entry.actor.email, won === answers[0] ? 'dueno@aurora.pe' : 'gerente@aurora.pe');
    assert.deepEqual(entry.after, won.data);

    // Reloaded with the current version, the loser's edit goes through.
    const retry = await t.call('PATCH', url, {
      headers: aurora.owner,
      body: { name: 'Cafés', position: 0, version: lost.data.current.version },
    });
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.data.version, category.version + 2);
    const all = await t.get('/api/v5/admin/audit/?entity=product_category', {
      headers: aurora.owner,
    });
    assert.equal(all.data.count, 2);
    assert.equal(all.data.results[0].after.version, category.version + 2);
  });

  test('bad input: 400 with field errors, nothing written; an unknown or foreign uid: 404', async () => {
    const url = `/api/v5/admin/categories/${category.uid}/`;
    const before = await t.db.select().from(auditLog);
    const bad = await t.call('PATCH', url, {
      headers: aurora.owner,
      body: { name: '   ', position: -1 },
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.name && bad.data.position && bad.data.version, bad.body);
    const extra = await t.call('PATCH', url, {
      headers: aurora.owner,
      body: { version: 1, color: '#000' },
    });
    assert.equal(extra.statusCode, 400);
    for (const uid of ['nope', '00000000-0000-4000-8000-000000000000'])
      assert.equal(
        (
          await t.call('PATCH', `/api/v5/admin/categories/${uid}/`, {
            headers: aurora.owner,
            body: { name: 'X', version: 1 },
          })
        ).statusCode,
        404,
      );
    const filter = await t.get('/api/v5/admin/audit/?entity=users', { headers: aurora.owner });
    assert.equal(filter.statusCode, 400);
    assert.deepEqual(filter.data.entity, [messageText(adminMessages.entityUnknown)]);
    assert.equal((await t.db.select().from(auditLog)).length, before.length);
  });

  test('the audit log redacts secrets at any depth', () => {
    assert.deepEqual(
      redact({
        name: 'Tarjeta',
        provider: { public_key: 'pk_1', secret_key: 'sk_1', nested: [{ password: 'x' }] },
        api_key: 'k',
      }),
      {
        name: 'Tarjeta',
        provider: { public_key: 'pk_1', secret_key: REDACTED, nested: [{ password: REDACTED }] },
        api_key: REDACTED,
      },
    );
  });
});

describe('the demo history', () => {
  test("Aurora's owner sees the seeded weeks: the dashboard's figures are the plan's", async () => {
    const file = (await readDemoTenantFiles()).find((f) => f.data.app?.key === 'demo')!;
    const data = file.data as Parameters<typeof historyProductsOf>[0] & {
      places: { key: string }[];
    };
    // The history was written on the template's day; the dashboard counts from today.
    const today = storeDateOf(new Date());
    const plan = planDemoHistory(
      historyDay(),
      historyProductsOf(data),
      data.places.map((p) => p.key),
    );
    const week = plan.filter((o) => o.date >= addDays(today, -6) && o.status === 'DELIVERED');
    const res = await t.get('/api/v5/admin/dashboard/?period=7d', { headers: aurora.owner });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(week.length > 20, `${week.length} orders in the week`);
    assert.equal(res.data.orders, week.length);
    assert.equal(res.data.sales, centsToMoney(week.reduce((sum, o) => sum + o.total_cents, 0)));
    // Nothing on today: the live day is left to people and tests.
    assert.deepEqual(res.data.sales_per_day.at(-1), { date: today, sales: '0.00', orders: 0 });
    // No demo member's own orders changed.
    const mine = await t.get('/api/v5/me/orders/', { headers: aurora.member });
    assert.equal(mine.data.count, 0);
  });
});
