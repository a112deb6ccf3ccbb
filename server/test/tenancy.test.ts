import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { app as appSchema } from '@store/contract';
import { eq } from 'drizzle-orm';
import { companies, places } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { apiPaths } from './support/openapi';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t?.close());

describe('GET v7/apps/?domain=', () => {
  test('a multisite app answers each child company in full: a store of its own', async () => {
    const app = await t.appOf('multi.localhost');
    assert.equal(appSchema.safeParse(app).success, true);
    const puerto = app.allowed_companies.find((c) => c.name === 'Cevichería El Puerto')!;
    assert.equal(puerto.is_main, false);
    assert.equal(puerto.parent_uid, app.company.uid);
    assert.equal(puerto.gamification_system, 'COINS');
    assert.equal(puerto.benefit_programs_enabled, true);
    assert.equal(puerto.subscription_enabled, false);
    assert.deepEqual(puerto.hidden_for_members, []);
    assert.deepEqual(puerto.currency, { code: 'PEN', symbol: 'S/' });
    assert.equal(puerto.opens_soon, false);

    // Its own hidden sections and currency, not the main company's.
    const where = eq(companies.uid, puerto.uid);
    await t.db
      .update(companies)
      .set({ hiddenForMembers: ['cart'], currencyCode: 'USD', currencySymbol: 'US$' })
      .where(where);
    try {
      const changed = (await t.appOf('multi.localhost')).allowed_companies.find(
        (c) => c.uid === puerto.uid,
      )!;
      assert.deepEqual(changed.hidden_for_members, [{ name: 'cart' }]);
      assert.deepEqual(changed.currency, { code: 'USD', symbol: 'US$' });
      assert.deepEqual(app.company.currency, { code: 'PEN', symbol: 'S/' });
    } finally {
      await t.db
        .update(companies)
        .set({ hiddenForMembers: [], currencyCode: 'PEN', currencySymbol: 'S/' })
        .where(where);
    }
  });

  test('answers the app of a host with every App field the spec lists', async () => {
    const res = await t.get('/api/v7/apps/?domain=localhost');
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.length, 1);
    const app = appSchema.parse(res.data[0]);
    assert.equal(app.name, 'Café Aurora');
    assert.equal(app.domain, 'localhost');
    assert.equal(app.company.name, 'Café Aurora');
    assert.equal(app.company.is_main, true);
    assert.equal(app.colors.main_color, '#b4462b');
    assert.ok(app.api_key.length >= 16);
    assert.deepEqual(
      app.signin_methods.map((m) => m.type),
      ['EMAIL', 'MOBILE_NUMBER', 'ONLY_DOCUMENT'],
    );
    assert.deepEqual(
      app.countries[0].areas.map((a) => a.name),
      ['Lima', 'Arequipa'],
    );
    for (const field of [
      'subdomain',
      'favicon',
      'logo',
      'landing_page',
      'empty_page',
      'allow_anonymous_navigation',
      'allow_signup',
      'marketplace',
      'allowed_programs',
      'allowed_companies',
      'recaptcha_settings',
      'web_settings',
      'validate_document',
      'validate_mobile_number',
      'site',
      'firebase_settings',
      'site_firebase_settings',
    ]) {
      assert.ok(field in res.data[0], `missing ${field}`);
    }
  });

  test('strips a leading www., a port and upper case', async () => {
    const res = await t.get('/api/v7/apps/?domain=WWW.Multi.Localhost:8080');
    assert.equal(res.statusCode, 200);
    assert.equal(res.data[0].name, 'Mercado Central');
  });

  test('an unknown domain answers an empty list', async () => {
    const res = await t.get('/api/v7/apps/?domain=nope.example');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.data, []);
  });

  test('a missing or empty domain is a 400 with the field error', async () => {
    for (const url of ['/api/v7/apps/', '/api/v7/apps/?domain=', '/api/v7/apps/?domain=%20%20']) {
      const res = await t.get(url);
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(res.data, { domain: ['Este campo es requerido'] });
    }
  });

  test('an over-long domain is refused, not looked up', async () => {
    const res = await t.get(`/api/v7/apps/?domain=${'a'.repeat(300)}`);
    assert.equal(res.statusCode, 400);
    assert.match(res.data.domain[0], /253/);
  });
});

describe('GET v7/apps/{uid}', () => {
  test('answers the app on its own host', async () => {
    const demo = await t.appOf('localhost');
    const res = await t.get(`/api/v7/apps/${demo.uid}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.uid, demo.uid);
    assert.equal(res.data.api_key, demo.api_key);
  });

  test('with the API-KEY of another app answers 403', async () => {
    const demo = await t.appOf('localhost');
    const other = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/apps/${demo.uid}`, {
      host: '127.0.0.1',
      headers: { 'api-key': other.api_key },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.data.detail, 'La API-KEY no pertenece a esta aplicación.');
  });

  test('an API-KEY that belongs to no app answers 403, even on a known host', async () => {
    const demo = await t.appOf('localhost');
    for (const host of ['localhost', '127.0.0.1']) {
      const res = await t.get(`/api/v7/apps/${demo.uid}`, {
        host,
        headers: { 'api-key': 'not-a-key-of-anyone-0000' },
      });
      assert.equal(res.statusCode, 403, host);
    }
  });

  test("another tenant's app is not found from this host", async () => {
    const other = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/apps/${other.uid}`, { host: 'localhost' });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.data, { detail: 'No encontrado.' });
  });

  test('its own API-KEY from a host that is no tenant works', async () => {
    const demo = await t.appOf('localhost');
    const res = await t.get(`/api/v7/apps/${demo.uid}`, {
      host: '127.0.0.1',
      headers: { 'api-key': demo.api_key },
    });
    assert.equal(res.statusCode, 200);
  });

  test('a malformed or unknown uid is a 404, never a 500', async () => {
    for (const uid of ['abc', '00000000-0000-0000-0000-000000000000', "1'%20or%201=1"]) {
      const res = await t.get(`/api/v7/apps/${uid}`);
      assert.equal(res.statusCode, 404, uid);
    }
  });

  test('a NUL character in the uid is a 400 on that field (PostgreSQL text cannot hold it)', async () => {
    const res = await t.get('/api/v7/apps/%00');
    assert.equal(res.statusCode, 400);
    assert.ok(Array.isArray(res.data.uid), JSON.stringify(res.data));
  });
});

describe('GET v7/categories/', () => {
  test('lists the categories of a multisite app with their companies', async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/categories/?app=${multi.uid}&with_companies=true`, {
      host: 'multi.localhost',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.count, 3);
    assert.deepEqual(
      res.data.results.map((c: { name: string }) => c.name),
      ['Restaurantes', 'Panaderías', 'Bodegas'],
    );
    const bakeries = res.data.results[1];
    assert.deepEqual(bakeries.companies.map((c: { name: string }) => c.name).sort(), [
      'Panadería San José',
      'Pastelería Dulce María',
    ]);
    // The main company is not one of the allowed companies.
    assert.ok(!JSON.stringify(res.data).includes('"name":"Mercado Central"'));
  });

  test('without with_companies the companies are left out', async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/categories/?app=${multi.uid}`, { host: 'multi.localhost' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.results[0].companies, undefined);
  });

  test('search ignores accents and case and matches company names too', async () => {
    const multi = await t.appOf('multi.localhost');
    const byCategory = await t.get(
      `/api/v7/categories/?app=${multi.uid}&with_companies=true&search=PANADERIAS`,
      { host: 'multi.localhost' },
    );
    assert.deepEqual(
      byCategory.data.results.map((c: { name: string }) => c.name),
      ['Panaderías'],
    );
    const byCompany = await t.get(
      `/api/v7/categories/?app=${multi.uid}&with_companies=true&search=lucho`,
      { host: 'multi.localhost' },
    );
    assert.deepEqual(
      byCompany.data.results.map((c: { name: string; companies: { name: string }[] }) => [
        c.name,
        c.companies.map((x) => x.name),
      ]),
      [['Bodegas', ['Bodega Don Lucho']]],
    );
  });

  test('search text with LIKE wildcards is matched literally', async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/categories/?app=${multi.uid}&search=%25`, {
      host: 'multi.localhost',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.count, 0);
  });

  test('pages with absolute next and previous links', async () => {
    const multi = await t.appOf('multi.localhost');
    const first = await t.get(`/api/v7/categories/?app=${multi.uid}&page_size=2`, {
      host: 'multi.localhost',
    });
    assert.equal(first.data.count, 3);
    assert.equal(first.data.results.length, 2);
    assert.equal(first.data.previous, null);
    assert.equal(
      first.data.next,
      `http://multi.localhost/api/v7/categories/?app=${multi.uid}&page_size=2&page=2`,
    );
    const second = await t.get(
      new URL(first.data.next).pathname + new URL(first.data.next).search,
      { host: 'multi.localhost' },
    );
    assert.equal(second.data.results.length, 1);
    assert.equal(second.data.next, null);
    assert.ok(second.data.previous.startsWith('http://multi.localhost/api/v7/categories/'));
  });

  test('bad paging and a missing app are 400s with field errors', async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/categories/?app=${multi.uid}&page=0&page_size=x`, {
      host: 'multi.localhost',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(res.data).sort(), ['page', 'page_size']);
    const missing = await t.get('/api/v7/categories/', { host: 'multi.localhost' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.data, { app: ['Este campo es requerido'] });
  });

  test('a page past the end is a 404', async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/categories/?app=${multi.uid}&page=9`, {
      host: 'multi.localhost',
    });
    assert.equal(res.statusCode, 404);
  });

  test("another tenant's categories cannot be read from this host", async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/categories/?app=${multi.uid}&with_companies=true`, {
      host: 'localhost',
    });
    assert.equal(res.statusCode, 404);
  });
});

describe('GET v7/apps/{uid}/allowed-companies/', () => {
  test('filters by category and search', async () => {
    const multi = await t.appOf('multi.localhost');
    const categories = await t.get(`/api/v7/categories/?app=${multi.uid}`, {
      host: 'multi.localhost',
    });
    const restaurants = categories.data.results.find(
      (c: { name: string }) => c.name === 'Restaurantes',
    );
    const res = await t.get(
      `/api/v7/apps/${multi.uid}/allowed-companies/?category=${restaurants.uid}`,
      { host: 'multi.localhost' },
    );
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.data.results.map((c: { name: string }) => c.name),
      ['Cevichería El Puerto', 'Pastelería Dulce María', 'Juguería La Tropical'],
    );
    const searched = await t.get(
      `/api/v7/apps/${multi.uid}/allowed-companies/?category=${restaurants.uid}&search=cevicheria`,
      { host: 'multi.localhost' },
    );
    assert.deepEqual(
      searched.data.results.map((c: { name: string }) => c.name),
      ['Cevichería El Puerto'],
    );
  });

  test('without a category lists every allowed company but the main one', async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/apps/${multi.uid}/allowed-companies/`, {
      host: 'multi.localhost',
    });
    assert.equal(res.data.count, 5);
    assert.ok(!res.data.results.some((c: { name: string }) => c.name === 'Mercado Central'));
  });

  test('a company without an active place opens soon, in every list that names it', async () => {
    const multi = await t.appOf('multi.localhost');
    const host = 'multi.localhost';
    const soon = (list: { name: string; opens_soon: boolean }[]) =>
      list.filter((c) => c.opens_soon).map((c) => c.name);
    const listed = await t.get(`/api/v7/apps/${multi.uid}/allowed-companies/`, { host });
    assert.deepEqual(soon(listed.data.results), ['Juguería La Tropical']);
    const categories = await t.get(`/api/v7/categories/?app=${multi.uid}&with_companies=true`, {
      host,
    });
    const restaurants = categories.data.results.find(
      (c: { name: string }) => c.name === 'Restaurantes',
    );
    assert.deepEqual(soon(restaurants.companies), ['Juguería La Tropical']);
    const app = await t.appOf(host);
    assert.deepEqual(soon(app.allowed_companies), ['Juguería La Tropical']);

    // Its place switched off, a store opens soon again; switched on, it is open.
    const company = app.allowed_companies.find((c) => c.name === 'Bodega Don Lucho')!;
    const off = () =>
      t.db.update(places).set({ isActive: false }).where(eq(places.companyUid, company.uid));
    await off();
    try {
      assert.deepEqual(soon((await t.appOf(host)).allowed_companies).sort(), [
        'Bodega Don Lucho',
        'Juguería La Tropical',
      ]);
    } finally {
      await t.db.update(places).set({ isActive: true }).where(eq(places.companyUid, company.uid));
    }
    assert.deepEqual(soon((await t.appOf(host)).allowed_companies), ['Juguería La Tropical']);
  });

  test('an unknown category finds nothing', async () => {
    const multi = await t.appOf('multi.localhost');
    for (const category of ['nope', '00000000-0000-0000-0000-000000000000']) {
      const res = await t.get(`/api/v7/apps/${multi.uid}/allowed-companies/?category=${category}`, {
        host: 'multi.localhost',
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.data.count, 0);
    }
  });

  test('the category of another tenant finds nothing', async () => {
    const multi = await t.appOf('multi.localhost');
    const categories = await t.get(`/api/v7/categories/?app=${multi.uid}`, {
      host: 'multi.localhost',
    });
    const demo = await t.appOf('localhost');
    const res = await t.get(
      `/api/v7/apps/${demo.uid}/allowed-companies/?category=${categories.data.results[0].uid}`,
    );
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.count, 0);
  });
});

describe('GET v5/companies/{uid}/ads', () => {
  test("lists the company's active ads", async () => {
    const demo = await t.appOf('localhost');
    const res = await t.get(`/api/v5/companies/${demo.company.uid}/ads`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.data.results.map((a: { title: string }) => a.title),
      ['Desayunos hasta las 11:00'],
    );
  });

  test("another tenant's company is not found", async () => {
    const demo = await t.appOf('localhost');
    const res = await t.get(`/api/v5/companies/${demo.company.uid}/ads`, {
      host: 'multi.localhost',
    });
    assert.equal(res.statusCode, 404);
  });

  test('a request that names no tenant is not found', async () => {
    const demo = await t.appOf('localhost');
    const res = await t.get(`/api/v5/companies/${demo.company.uid}/ads`, { host: '127.0.0.1' });
    assert.equal(res.statusCode, 404);
  });
});

describe('GET v7/apps/{uid}/landing/', () => {
  test('answers only the active sections, in order', async () => {
    const landing = await t.appOf('landing.localhost');
    const res = await t.get(`/api/v7/apps/${landing.uid}/landing/`, { host: 'landing.localhost' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.landing_page_type, 'MODEL_2');
    assert.deepEqual(
      res.data.sections.map((s: { type: string }) => s.type),
      ['HEADER', 'WELCOME', 'INFORMATIVE', 'CARD', 'SMALL_IMAGE', 'CAROUSEL', 'FORM', 'CONTACT'],
    );
    const welcome = res.data.sections[1];
    assert.equal(welcome.tittle, 'Flores frescas todos los días');
    assert.equal(welcome.buttons.length, 2);
  });

  test('an app without a landing page answers 404', async () => {
    const multi = await t.appOf('multi.localhost');
    const res = await t.get(`/api/v7/apps/${multi.uid}/landing/`, { host: 'multi.localhost' });
    assert.equal(res.statusCode, 404);
  });
});

describe('the API around the calls', () => {
  test('GET /api/health reports the database', async () => {
    const res = await t.get('/api/health');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.data, { status: 'ok', database: t.kind });
  });

  test('the OpenAPI document lists the tenancy calls', async () => {
    const res = await t.get('/api/docs/json');
    assert.equal(res.statusCode, 200);
    for (const path of [
      '/api/v7/apps/',
      '/api/v7/apps/{uid}',
      '/api/v7/categories/',
      '/api/v7/apps/{uid}/allowed-companies/',
      '/api/v5/companies/{uid}/ads',
      '/api/v7/apps/{uid}/landing/',
    ]) {
      assert.ok(apiPaths(res.data)[path], `missing ${path}`);
    }
  });

  test('an unknown API path is a JSON 404', async () => {
    const res = await t.get('/api/v9/nothing');
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.data, { detail: 'No encontrado.' });
  });
});
