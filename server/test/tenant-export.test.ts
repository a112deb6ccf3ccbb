import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openingHoursOf } from '@store/contract';
import type { Database } from '../src/db/client';
import {
  paymentMethods,
  placeProducts,
  places,
  productCategories,
  products,
  users,
} from '../src/db/schema';
import { importTenant } from '../src/tenants/importer';
import { exportTenant, findTenantUid } from '../src/tenants/exporter';
import { tenantFile } from '../src/tenants/file-schema';
import { readDemoTenantFiles } from '../src/tenants/demo-seed';
import { tenantUid } from '../src/lib/uid';
import { ofTenant, tenantRef } from '../src/scope/tenant-query';
import { openTestDatabase } from './support/test-app';

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;
let first: Handle;
let second: Handle;
before(async () => {
  first = await openTestDatabase({ seedDemo: false });
  second = await openTestDatabase({ seedDemo: false });
});
after(async () => {
  await first?.close();
  await second?.close();
});

type Json = Record<string, any>;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const byKey = (a: Json, b: Json) => String(a.key).localeCompare(String(b.key));

/**
 * What a tenant file means, whatever way it was written: defaults filled and money in cents
 * (the schema's own parse), instants in UTC, and the differences the export makes on purpose
 * (docs/decisions.md "Tenant file export"): no secrets, positional keys inside landing sections,
 * and lists without a position in the database (places, users, staff, members, events) by key.
 */
function meaning(input: unknown): Json {
  const file = structuredClone(tenantFile.parse(input)) as Json;
  const walk = (v: unknown): unknown =>
    typeof v === 'string' && ISO.test(v)
      ? new Date(v).toISOString()
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  const f = walk(file) as Json;
  delete f.app.api_key;
  f.app.domain = f.app.domain.replace(/^www\./, '');
  f.app.subdomain ??= f.app.domain.split('.')[0];
  const categoryOrder = f.categories.map((c: Json) => c.key);
  for (const c of f.companies) {
    c.categories.sort(
      (a: string, b: string) => categoryOrder.indexOf(a) - categoryOrder.indexOf(b),
    );
    c.coupons = c.coupons.map((k: Json) => ({ ...k, value: Number(k.value) })).sort(byKey);
    c.coupons.forEach((k: Json) => (k.code = k.code.toUpperCase()));
    for (const m of c.payment_methods) {
      if (m.mercadopago) m.mercadopago = { public_key: m.mercadopago.public_key };
    }
  }
  // Opening hours in either shape mean the same hours; the export writes the shifts shape.
  for (const p of f.places) if (p.timetable) p.timetable = openingHoursOf(p.timetable);
  f.places.sort(byKey);
  f.events.sort(byKey);
  const positional = (list: Json[], prefix: string) =>
    list.forEach((x, i) => (x.key = `${prefix}-${i + 1}`));
  for (const s of f.landing.sections) {
    positional(s.buttons, 'button');
    positional(s.cards, 'card');
    positional(s.images, 'image');
    for (const c of s.cards) positional(c.buttons, 'button');
  }
  for (const u of f.users) {
    delete u.password;
    if (!u.document_number) u.document_type = 'NATIONAL_ID';
  }
  f.users.sort((a: Json, b: Json) => a.email.localeCompare(b.email));
  f.staff.sort((a: Json, b: Json) => a.user.localeCompare(b.user));
  for (const p of f.programs) {
    p.levels.sort((a: Json, b: Json) => a.min_points - b.min_points);
    for (const x of p.promotions) x.places.sort();
    p.members.sort((a: Json, b: Json) => a.user.localeCompare(b.user));
    for (const m of p.members) m.ledger.sort(byKey);
  }
  return f;
}

async function exportOf(db: Database, appKey: string) {
  return JSON.parse(JSON.stringify(await exportTenant(db, tenantUid('app', appKey)))) as Json;
}

describe('tenant file export', () => {
  test('every demo file round-trips: import, export, import the export elsewhere, export again', async () => {
    const files = await readDemoTenantFiles();
    assert.ok(files.length >= 5, 'the demo tenant files are found');
    for (const { name, data } of files) {
      await importTenant(first.db, data);
      const exported = await exportOf(first.db, data.app!.key!);
      assert.deepEqual(meaning(exported), meaning(data), `${name}: the export means the file`);
      assert.equal(JSON.stringify(exported).includes('"password"'), false, `${name}: no password`);

      await importTenant(second.db, exported);
      const again = await exportOf(second.db, data.app!.key!);
      assert.deepEqual(again, exported, `${name}: the export of the export is identical`);
    }
  });

  test('keeps secrets out, and an imported export keeps the stored secrets', async () => {
    const file = {
      app: { key: 'pagos', name: 'Pagos', domain: 'pagos.example.pe', main_company: 'uno' },
      companies: [
        {
          key: 'uno',
          name: 'Uno',
          payment_methods: [
            {
              key: 'mp',
              type: 'ONLINE_CARD',
              name: 'Tarjeta',
              provider: 'mercadopago',
              mercadopago: {
                public_key: 'TEST-public-0000000000',
                access_token: 'TEST-secret-access-1111111111',
                webhook_secret: 'webhook-secret-2222222222',
              },
            },
          ],
        },
      ],
      users: [{ email: 'ana@example.pe', password: 'Secreta2026!' }],
    };
    await importTenant(first.db, file);
    const appUid = tenantUid('app', 'pagos');
    const exported = await exportOf(first.db, 'pagos');
    const text = JSON.stringify(exported);
    for (const secret of ['TEST-secret-access', 'webhook-secret', 'Secreta2026!', 'api_key'])
      assert.equal(text.includes(secret), false, `${secret} is left out`);
    assert.equal(
      exported.companies[0].payment_methods[0].mercadopago.public_key,
      file.companies[0].payment_methods[0].mercadopago.public_key,
    );

    // Importing the export over the same store changes nothing it cannot see.
    await importTenant(first.db, exported);
    const [method] = await first.db
      .select()
      .from(paymentMethods)
      .where(ofTenant(tenantRef(appUid), paymentMethods));
    assert.equal(method.accessToken, 'TEST-secret-access-1111111111');
    assert.equal(method.webhookSecret, 'webhook-secret-2222222222');
    const [user] = await first.db
      .select()
      .from(users)
      .where(ofTenant(tenantRef(appUid), users, eq(users.email, 'ana@example.pe')));
    assert.ok(user.passwordHash, 'the member keeps the password they had');

    // In an empty database the exported member has no password until they reset it.
    await importTenant(second.db, exported);
    const [fresh] = await second.db
      .select()
      .from(users)
      .where(ofTenant(tenantRef(appUid), users, eq(users.email, 'ana@example.pe')));
    assert.equal(fresh.passwordHash, null);
  });

  test('carries what the back office edits: tags, per-place prices, a switched-off category, a paused place', async () => {
    const file = {
      app: { key: 'feria', name: 'Feria', domain: 'feria.example.pe', main_company: 'uno' },
      companies: [{ key: 'uno', name: 'Uno' }],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
      places: [
        { key: 'centro', company: 'uno', area: 'lima', name: 'Centro', address: 'Jr. Uno 1' },
        {
          key: 'playa',
          company: 'uno',
          area: 'lima',
          name: 'Playa',
          address: 'Av. Mar 2',
          latitude: -12.1,
          longitude: -77.03,
          delivery: { base_fare: '5.00', per_km: '1.00', max_radius_km: 3 },
          pickup_enabled: false,
          orders_paused: true,
        },
      ],
      catalog: {
        categories: [
          { key: 'panes', company: 'uno', name: 'Panes', image: 'https://img.example.pe/p.png' },
          { key: 'verano', company: 'uno', name: 'Verano', is_active: false },
        ],
        products: [
          {
            key: 'pan-integral',
            company: 'uno',
            category: 'panes',
            title: 'Pan integral',
            price: '8.00',
            tags: ['vegano', 'sin azúcar'],
            subscription_available: false,
            places: { centro: 10, playa: { stock: null, price: '9.50' } },
          },
          {
            key: 'helado',
            company: 'uno',
            category: 'verano',
            title: 'Helado',
            price: '6.00',
            places: { playa: { stock: 4, price: null } },
          },
        ],
      },
    };
    await importTenant(first.db, file);
    const exported = await exportOf(first.db, 'feria');
    assert.deepEqual(meaning(exported), meaning(file), 'the export means the file');
    const [centro, playa] = exported.places;
    assert.deepEqual(
      [centro.pickup_enabled, centro.orders_paused, playa.pickup_enabled, playa.orders_paused],
      [true, false, false, true],
    );
    assert.deepEqual(
      exported.catalog.categories.map((c: Json) => [c.key, c.is_active, c.image]),
      [
        ['panes', true, 'https://img.example.pe/p.png'],
        ['verano', false, null],
      ],
    );
    const [pan, helado] = exported.catalog.products;
    assert.deepEqual(pan.tags, ['vegano', 'sin azúcar']);
    assert.equal(pan.subscription_available, false);
    assert.equal(helado.subscription_available, true);
    // A place without its own price keeps the short form older files use.
    assert.deepEqual(pan.places, { centro: 10, playa: { stock: null, price: '9.50' } });
    assert.deepEqual(helado.places, { playa: 4 });

    await importTenant(second.db, exported);
    assert.deepEqual(await exportOf(second.db, 'feria'), exported, 'the export of the export');
    const t = tenantRef(tenantUid('app', 'feria'));
    const placeRows = await second.db.select().from(places).where(ofTenant(t, places));
    assert.deepEqual(
      placeRows
        .map((p) => [p.key, p.pickupEnabled, p.ordersPaused])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
      [
        ['centro', true, false],
        ['playa', false, true],
      ],
    );
    const [verano] = await second.db
      .select()
      .from(productCategories)
      .where(ofTenant(t, productCategories, eq(productCategories.key, 'verano')));
    assert.equal(verano.isActive, false);
    const [panRow] = await second.db
      .select()
      .from(products)
      .where(ofTenant(t, products, eq(products.key, 'pan-integral')));
    assert.deepEqual(panRow.tags, ['vegano', 'sin azúcar']);
    assert.equal(panRow.subscriptionAvailable, false);
    assert.match(panRow.searchText, /vegano sin azucar/, 'tags are searched');
    const prices = await second.db
      .select({ place: placeProducts.placeUid, price: placeProducts.priceCents })
      .from(placeProducts)
      .where(ofTenant(t, placeProducts, eq(placeProducts.productUid, panRow.uid)));
    assert.deepEqual(
      Object.fromEntries(
        prices.map((p) => [placeRows.find((r) => r.uid === p.place)?.key, p.price]),
      ),
      { centro: null, playa: 950 },
    );

    // A file that does not name them (every file before these fields) gets today's defaults.
    const older = structuredClone(exported);
    for (const p of older.places) {
      delete p.pickup_enabled;
      delete p.orders_paused;
    }
    for (const c of older.catalog.categories) delete c.is_active;
    for (const p of older.catalog.products) {
      delete p.tags;
      delete p.subscription_available;
    }
    await importTenant(second.db, older);
    const plain = await exportOf(second.db, 'feria');
    assert.deepEqual(
      plain.places.map((p: Json) => [p.pickup_enabled, p.orders_paused]),
      [
        [true, false],
        [true, false],
      ],
    );
    assert.deepEqual(
      plain.catalog.categories.map((c: Json) => c.is_active),
      [true, true],
    );
    assert.deepEqual(
      plain.catalog.products.map((p: Json) => [p.tags, p.subscription_available]),
      [
        [[], true],
        [[], true],
      ],
    );
  });

  test('refuses a per-place price that is not money, and a place with neither pickup nor delivery', () => {
    const base = {
      app: { key: 'mal', name: 'Mal', domain: 'mal.example.pe', main_company: 'uno' },
      companies: [{ key: 'uno', name: 'Uno' }],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
      places: [{ key: 'centro', company: 'uno', area: 'lima', name: 'Centro', address: 'Jr. 1' }],
    };
    const withPlaces = (places: unknown) => ({
      ...base,
      catalog: {
        products: [{ key: 'pan', company: 'uno', title: 'Pan', price: '1.00', places }],
      },
    });
    assert.equal(tenantFile.safeParse(withPlaces({ centro: { price: '2.5' } })).success, true);
    for (const bad of [{ price: '-1' }, { price: 'gratis' }, { stock: -1 }, { stok: 3 }]) {
      const result = tenantFile.safeParse(withPlaces({ centro: bad }));
      assert.equal(result.success, false, JSON.stringify(bad));
    }
    const noWayOut = tenantFile.safeParse({
      ...base,
      places: [{ ...base.places[0], pickup_enabled: false }],
    });
    assert.equal(noWayOut.success, false);
    assert.deepEqual(noWayOut.error?.issues[0].path, ['places', 0, 'pickup_enabled']);
  });

  test('finds a tenant by app key or by domain, and no other', async () => {
    assert.equal(await findTenantUid(first.db, 'pagos'), tenantUid('app', 'pagos'));
    assert.equal(await findTenantUid(first.db, 'pagos.example.pe'), tenantUid('app', 'pagos'));
    assert.equal(await findTenantUid(first.db, 'www.pagos.example.pe'), tenantUid('app', 'pagos'));
    assert.equal(await findTenantUid(first.db, 'nadie.example.pe'), null);
  });
});

describe('npm run tenant -- export', () => {
  test(
    'writes the file of a tenant named by domain, and refuses an unknown one',
    { timeout: 180_000 },
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tenant-export-'));
      const source = path.join(dir, 'shop.json');
      const target = path.join(dir, 'out.json');
      writeFileSync(
        source,
        JSON.stringify({
          app: { key: 'shop', name: 'Tienda Uno', domain: 'shop.example.pe', main_company: 'uno' },
          companies: [{ key: 'uno', name: 'Tienda Uno' }],
        }),
      );
      const env = { ...process.env, DATA_DIR: path.join(dir, 'db'), DATABASE_URL: '' };
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'src/tenants/cli.ts', ...args], {
          env,
          encoding: 'utf8',
        });
      const imported = run('import', source);
      assert.equal(imported.status, 0, imported.stderr);
      const exported = run('export', 'shop.example.pe', target);
      assert.equal(exported.status, 0, exported.stderr);
      const file = JSON.parse(readFileSync(target, 'utf8'));
      assert.equal(file.app.name, 'Tienda Uno');
      assert.equal(file.companies[0].key, 'uno');
      const unknown = run('export', 'nadie.example.pe');
      assert.equal(unknown.status, 1);
      assert.match(unknown.stderr, /no tenant with app key or domain "nadie\.example\.pe"/);
    },
  );
});
