import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { auditLog, companies, productCategories, products, staffMembers } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { makeShop, type Shop } from './support/orders';

/**
 * The catalogue's files and bulk edit: the products CSV export, its import (preview,
 * every bad cell named, nothing written on any error, versions and audit lines), and
 * the price/stock grid's all-or-nothing save, each under concurrency.
 * Who may call these routes is in admin.test.ts's matrix.
 */
let t: TestApp;
let shop: Shop;
let owner: Record<string, string>;
let company = '';

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'admcsv', { stock: 20 });
  const account = await shop.member();
  [{ uid: company }] = await t.db
    .select({ uid: companies.uid })
    .from(companies)
    .where(eq(companies.appId, shop.app.uid));
  await t.db.insert(staffMembers).values({
    appId: shop.app.uid,
    userUid: account.user.uid,
    companyUid: company,
    role: 'OWNER',
  });
  await t.db.insert(productCategories).values({
    appId: shop.app.uid,
    uid: randomUUID(),
    key: 'drinks',
    companyUid: company,
    name: 'Bebidas',
  });
  owner = account.auth;
});
after(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(method, url, { host: shop.host, headers: owner, ...(body ? { body } : {}) });
const importCsv = (csv: string, dry_run = false) =>
  call('POST', '/api/v5/admin/products/import/', { csv, dry_run });

async function exportCsv(): Promise<string> {
  const res = await call('GET', '/api/v5/admin/products.csv');
  assert.equal(res.statusCode, 200, res.body);
  return res.body;
}
/** The export as records by column name. */
function table(csv: string): Record<string, string>[] {
  return parse(csv, { bom: true, columns: true }) as Record<string, string>[];
}
function toCsv(rows: Record<string, string>[]): string {
  return stringify(rows, { header: true, columns: Object.keys(rows[0]) });
}

/** Every product row of the shop and the audit lines: what "nothing written" compares. */
async function snapshot() {
  const rows = await t.db.execute(
    sql`SELECT p.uid, p.title, p.sku, p.unit_price_cents, p.version, p.is_active,
          (SELECT string_agg(pp.place_uid || ':' || coalesce(pp.stock::text, '-') || ':' || pp.is_active, ',' ORDER BY pp.place_uid)
             FROM place_products pp WHERE pp.app_id = p.app_id AND pp.product_uid = p.uid) AS places
        FROM products p WHERE p.app_id = ${shop.app.uid} ORDER BY p.uid`,
  );
  const [{ n }] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.appId, shop.app.uid));
  return JSON.stringify({ rows: (rows as unknown as { rows: unknown[] }).rows, audit: n });
}

async function product(uid: string) {
  const res = await call('GET', `/api/v5/admin/products/${uid}/`);
  assert.equal(res.statusCode, 200, res.body);
  return res.data as {
    uid: string;
    title: string;
    price: string;
    sku: string | null;
    version: number;
    category: { name: string } | null;
    places: { place: { uid: string; name: string }; stock: number | null; is_active: boolean }[];
  };
}

describe('admin catalogue CSV: export', () => {
  test('UTF-8 with BOM, one row per product, a stock/offer pair per place, formula-safe', async () => {
    // A title a spreadsheet would run as a formula.
    const cake = await product(shop.cake.uid);
    const renamed = await t.call('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
      host: shop.host,
      headers: owner,
      body: { title: '=Torta+1', version: cake.version },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);

    const res = await call('GET', '/api/v5/admin/products.csv');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="productos-/);
    assert.ok(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'BOM');
    const rows = table(res.body);
    assert.equal(rows.length, 2);
    assert.deepEqual(Object.keys(rows[0]).slice(-4), [
      'stock:Main',
      'activo:Main',
      'stock:Other',
      'activo:Other',
    ]);
    const torta = rows.find((r) => r.uid === shop.cake.uid)!;
    assert.equal(torta.titulo, "'=Torta+1");
    assert.equal(torta.precio, '10.00');
    assert.equal(torta['stock:Main'], '20');
    assert.equal(torta['activo:Main'], 'sí');
    assert.equal(torta.version, String(cake.version + 1));
    const cafe = rows.find((r) => r.uid === shop.coffee.uid)!;
    // Coffee is listed but not counted.
    assert.equal(cafe['stock:Main'], '');
    assert.equal(cafe['activo:Main'], 'sí');
  });

  test('export, import the same file: nothing changes, the formula title reads back as typed', async () => {
    const before = await snapshot();
    const res = await importCsv(await exportCsv());
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data, { dry_run: false, created: [], updated: [], unchanged: 2 });
    assert.equal(await snapshot(), before);
    assert.equal((await product(shop.cake.uid)).title, '=Torta+1');
  });
});

describe('admin catalogue CSV: import', () => {
  test('the preview lists created, updated and unchanged and writes nothing; the import does', async () => {
    const rows = table(await exportCsv());
    const cake = rows.find((r) => r.uid === shop.cake.uid)!;
    cake.titulo = 'Torta';
    cake.precio = '12,50';
    cake['stock:Other'] = '3';
    rows.push({
      ...Object.fromEntries(Object.keys(cake).map((k) => [k, ''])),
      sku: 'JUGO-1',
      titulo: 'Jugo de naranja',
      descripcion_corta: 'Recién exprimido',
      precio: '8.00',
      categoria: 'bebidas',
      activo: 'sí',
      canjeable: 'no',
      'stock:Main': '7',
      'activo:Main': 'si',
    });
    const csv = toCsv(rows);
    const before = await snapshot();
    const preview = await importCsv(csv, true);
    assert.equal(preview.statusCode, 200, preview.body);
    assert.equal(preview.data.dry_run, true);
    assert.deepEqual(preview.data.created, [
      { row: 4, uid: null, sku: 'JUGO-1', title: 'Jugo de naranja' },
    ]);
    assert.equal(preview.data.updated.length, 1);
    assert.equal(preview.data.updated[0].uid, shop.cake.uid);
    assert.deepEqual(preview.data.updated[0].columns, ['titulo', 'precio', 'stock:Other']);
    assert.equal(preview.data.unchanged, 1);
    assert.equal(await snapshot(), before, 'the preview wrote nothing');

    const version = (await product(shop.cake.uid)).version;
    const done = await importCsv(csv);
    assert.equal(done.statusCode, 200, done.body);
    const created = done.data.created[0].uid as string;
    assert.ok(created);
    const juice = await product(created);
    assert.equal(juice.price, '8.00');
    assert.equal(juice.sku, 'JUGO-1');
    assert.equal(juice.category?.name, 'Bebidas');
    assert.deepEqual(
      juice.places.map((p) => [p.place.name, p.stock, p.is_active]),
      [['Main', 7, true]],
    );
    const after = await product(shop.cake.uid);
    assert.equal(after.price, '12.50');
    assert.equal(after.version, version + 1);
    assert.equal(after.places.find((p) => p.place.name === 'Other')?.stock, 3);

    // The store lists the new product at Main, found by its words.
    const store = await t.get(`/api/v7/places/${shop.place}/products/?page_size=100&_=csv1`, {
      host: shop.host,
    });
    assert.ok(
      store.data.results.some((p: { title: string }) => p.title === 'Jugo de naranja'),
      store.body,
    );
    const search = await t.get(`/api/v7/places/${shop.place}/products/?search=exprimido&_=csv2`, {
      host: shop.host,
    });
    assert.deepEqual(
      search.data.results.map((p: { title: string }) => p.title),
      ['Jugo de naranja'],
    );
    // One audit line per product written: the creation and the update.
    const lines = await t.db
      .select({ entityUid: auditLog.entityUid, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.appId, shop.app.uid), eq(auditLog.entity, 'product')));
    assert.ok(lines.some((l) => l.entityUid === created && l.action === 'create'));
    assert.equal(
      lines.filter((l) => l.entityUid === shop.cake.uid && l.action === 'update').length,
      2, // the rename of the export test, and this import
    );

    // The same file again: the juice is now matched by its SKU, nothing changes.
    const again = await importCsv(csv);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.data.created.length, 0);
  });

  test('one bad row: 400 naming its row and column in Spanish, and nothing written', async () => {
    const rows = table(await exportCsv());
    rows[0].precio = '99.00';
    rows[1].precio = 'gratis';
    rows[1]['stock:Main'] = '-3';
    const before = await snapshot();
    for (const dry of [true, false]) {
      const res = await importCsv(toCsv(rows), dry);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.data['rows.3.precio'], ['Ingresar un número válido']);
      assert.ok(res.data['rows.3.stock:Main'], res.body);
      assert.deepEqual(res.data.csv, ['Corrige las filas marcadas; no se importó nada.']);
      // The good row is named nowhere and was not written either.
      assert.equal(
        Object.keys(res.data).filter((k) => k.startsWith('rows.2.')).length,
        0,
        res.body,
      );
    }
    assert.equal(await snapshot(), before);
  });

  test('matching errors, unknown columns and limits are 400s', async () => {
    const rows = table(await exportCsv());
    const header = Object.keys(rows[0]);
    const line = (cells: Record<string, string>) =>
      toCsv([{ ...Object.fromEntries(header.map((k) => [k, ''])), ...cells }]);
    const unknownUid = await importCsv(
      line({ uid: randomUUID(), titulo: 'X', precio: '1.00', activo: 'sí', canjeable: 'no' }),
    );
    assert.deepEqual(unknownUid.data['rows.2.uid'], [
      'No existe un producto con ese uid en tu empresa.',
    ]);
    const badFlags = await importCsv(
      line({ titulo: 'X', precio: '1.00', activo: 'quizá', canjeable: 'sí', categoria: 'Nada' }),
    );
    assert.deepEqual(badFlags.data['rows.2.activo'], ['Escribe sí o no.']);
    assert.ok(badFlags.data['rows.2.precio_monedas'], badFlags.body);
    assert.ok(badFlags.data['rows.2.categoria'], badFlags.body);

    const twice = rows.map((r) => ({ ...r }));
    twice.push({ ...rows[0] });
    const repeated = await importCsv(toCsv(twice));
    assert.equal(repeated.statusCode, 400, repeated.body);
    assert.ok(
      Object.keys(repeated.data).some((k) => k.startsWith(`rows.${twice.length + 1}.`)),
      repeated.body,
    );

    const unknownColumn = await importCsv('titulo,precio,color\nX,1.00,rojo\n');
    assert.equal(unknownColumn.statusCode, 400, unknownColumn.body);
    assert.match(unknownColumn.data.csv[0], /color/);
    const missing = await importCsv('sku,titulo\nA,X\n');
    assert.deepEqual(missing.data.csv, ['Falta la columna precio.']);
    const empty = await importCsv('titulo,precio\n');
    assert.equal(empty.statusCode, 400, empty.body);
    assert.ok(empty.data.csv, empty.body);
    const broken = await importCsv('titulo,precio\n"X,1.00\n');
    assert.equal(broken.statusCode, 400, broken.body);
    assert.ok(broken.data.csv, broken.body);

    const many = `titulo,precio\n${'X,1.00\n'.repeat(2001)}`;
    const tooMany = await importCsv(many);
    assert.equal(tooMany.statusCode, 400, tooMany.body);
    assert.match(tooMany.data.csv[0], /2000/);
    const big = await importCsv(`titulo,precio\n${'X'.repeat(2 * 1024 * 1024)},1.00\n`);
    assert.equal(big.statusCode, 400, big.body);
    assert.ok(big.data.csv, big.body);

    // Semicolons, as a spreadsheet in Spanish saves: read as well.
    const semi = await importCsv(
      `sku;titulo;precio\n${rows[0].sku || 'SEMI-1'};${rows[0].titulo.replace(/^'/, '')};${rows[0].precio}\n`,
      true,
    );
    assert.equal(semi.statusCode, 200, semi.body);
  });

  test('a product changed since the file was exported: 409 naming it, nothing written', async () => {
    const rows = table(await exportCsv());
    const cake = await product(shop.cake.uid);
    const edit = await t.call('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
      host: shop.host,
      headers: owner,
      body: { price: '15.00', version: cake.version },
    });
    assert.equal(edit.statusCode, 200, edit.body);
    rows.find((r) => r.uid === cake.uid)!.precio = '1.00';
    const before = await snapshot();
    const res = await importCsv(toCsv(rows));
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.errorCodes?.code, 'admin.products_changed');
    assert.deepEqual(
      res.data.products.map((p: { uid: string }) => p.uid),
      [cake.uid],
    );
    assert.equal(await snapshot(), before);
    assert.equal((await product(cake.uid)).price, '15.00');
  });

  test('two imports creating the same SKU at once: one product', async () => {
    const csv = 'sku,titulo,precio\nDOBLE-1,Doble,3.00\n';
    const [a, b] = await Promise.all([importCsv(csv), importCsv(csv)]);
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(b.statusCode, 200, b.body);
    assert.equal(a.data.created.length + b.data.created.length, 1);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.appId, shop.app.uid), eq(products.sku, 'DOBLE-1')));
    assert.equal(n, 1);
  });
});

describe('admin catalogue: bulk edit of prices and stock', () => {
  const bulk = (body: unknown) => call('POST', '/api/v5/admin/products/bulk/', body);

  test('saves many prices and stocks at one place at once, versions bumped and audited', async () => {
    const cake = await product(shop.cake.uid);
    const coffee = await product(shop.coffee.uid);
    const res = await bulk({
      place: shop.place,
      products: [
        { uid: cake.uid, version: cake.version, price: '20.00', stock: 4 },
        { uid: coffee.uid, version: coffee.version, stock: 9, is_active: false },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data.updated.sort(), [cake.uid, coffee.uid].sort());
    const [cakeNow, coffeeNow] = [await product(cake.uid), await product(coffee.uid)];
    assert.equal(cakeNow.price, '20.00');
    assert.equal(cakeNow.version, cake.version + 1);
    assert.equal(cakeNow.places.find((p) => p.place.uid === shop.place)?.stock, 4);
    // The other place is left as it was.
    assert.deepEqual(
      cakeNow.places.find((p) => p.place.uid === shop.other),
      cake.places.find((p) => p.place.uid === shop.other),
    );
    const coffeeAtMain = coffeeNow.places.find((p) => p.place.uid === shop.place);
    assert.deepEqual([coffeeAtMain?.stock, coffeeAtMain?.is_active], [9, false]);
    const store = await t.get(`/api/v7/places/${shop.place}/products/?page_size=100&_=bulk1`, {
      host: shop.host,
    });
    assert.ok(!store.data.results.some((p: { title: string }) => p.title === 'Café'), store.body);
    const audit = await call('GET', `/api/v5/admin/audit/?entity=product&entity_uid=${cake.uid}`);
    assert.equal(audit.data.results[0].after.price, '20.00');
    assert.equal(audit.data.results[0].before.price, cake.price);
  });

  test('one stale version: 409 naming it, and none of the batch is written', async () => {
    const cake = await product(shop.cake.uid);
    const coffee = await product(shop.coffee.uid);
    const before = await snapshot();
    const res = await bulk({
      products: [
        { uid: cake.uid, version: cake.version, price: '1.00' },
        { uid: coffee.uid, version: coffee.version - 1, price: '1.00' },
      ],
    });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.errorCodes?.code, 'admin.products_changed');
    assert.deepEqual(res.data.products, [
      { uid: coffee.uid, title: 'Café', version: coffee.version },
    ]);
    assert.match(res.data.detail, /Café/);
    assert.equal(await snapshot(), before);
  });

  test('two owners saving the same grid at once: one wins, the other gets the 409', async () => {
    const cake = await product(shop.cake.uid);
    const save = (price: string) =>
      bulk({ products: [{ uid: cake.uid, version: cake.version, price }] });
    const answers = await Promise.all([save('30.00'), save('31.00')]);
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const now = await product(cake.uid);
    assert.equal(now.version, cake.version + 1);
    assert.equal(now.price, winner === answers[0] ? '30.00' : '31.00');
  });

  test('bad input: 400 with field errors, nothing written', async () => {
    const cake = await product(shop.cake.uid);
    const before = await snapshot();
    const noPlace = await bulk({ products: [{ uid: cake.uid, version: cake.version, stock: 1 }] });
    assert.equal(noPlace.statusCode, 400, noPlace.body);
    assert.deepEqual(noPlace.data.place, ['Elige el local del stock.']);
    const unknown = await bulk({
      products: [
        { uid: cake.uid, version: cake.version, price: '2.00' },
        { uid: randomUUID(), version: 1, price: '1.00' },
      ],
    });
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.ok(unknown.data['products.1.uid'], unknown.body);
    const shape = await bulk({
      products: [{ uid: cake.uid, version: cake.version, price: '-1', stock: -2 }],
    });
    assert.equal(shape.statusCode, 400, shape.body);
    assert.ok(shape.data['products.0.price'] && shape.data['products.0.stock'], shape.body);
    const empty = await bulk({ products: [] });
    assert.equal(empty.statusCode, 400, empty.body);
    assert.equal(await snapshot(), before);
  });
});
