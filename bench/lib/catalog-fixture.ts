import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client';
import { importTenant } from '../../server/src/tenants/importer';
import { refreshPlaceProductCounts } from '../../server/src/tenants/import-catalog';
import { tenantUid } from '../../server/src/lib/uid';

export const BENCH_HOST = 'bench.localhost';

/**
 * A tenant with `size` products, all sold at one place, written with
 * set-based SQL so 100,000 rows take seconds. Titles mix Spanish words with
 * accents so search has real work to do.
 */
export async function createLargeCatalog(db: Database, size: number) {
  await importTenant(db, {
    app: { key: 'bench', name: 'Bench Store', domain: BENCH_HOST, main_company: 'bench' },
    companies: [{ key: 'bench', name: 'Bench Store' }],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: [
      { key: 'main', company: 'bench', area: 'lima', name: 'Main', address: 'Av. Principal 1' },
    ],
    catalog: {
      categories: Array.from({ length: 20 }, (_, i) => ({
        key: `cat-${i}`,
        company: 'bench',
        name: `Categoría ${i}`,
      })),
      products: [],
    },
  });
  const appId = tenantUid('app', 'bench');
  const companyUid = tenantUid('bench', 'company', 'bench');
  const placeUid = tenantUid('bench', 'place', 'main');
  const categoryUids = Array.from({ length: 20 }, (_, i) =>
    tenantUid('bench', 'product-category', `cat-${i}`),
  );
  // A previous run on the same PostgreSQL database left its products: start afresh.
  await db.execute(sql`DELETE FROM place_products WHERE app_id = ${appId}::uuid`);
  await db.execute(sql`DELETE FROM products WHERE app_id = ${appId}::uuid`);
  const nouns = [
    'Café',
    'Empanada',
    'Alfajor',
    'Tostada',
    'Jugo',
    'Sándwich',
    'Ensalada',
    'Torta',
    'Galleta',
    'Té',
    'Limonada',
    'Croissant',
    'Queque',
    'Pionono',
    'Chicha',
  ];
  const adjectives = [
    'clásico',
    'especial',
    'andino',
    'limeño',
    'de la casa',
    'orgánico',
    'tradicional',
    'picante',
    'dulce',
    'grande',
  ];
  const fillings = [
    'con leche',
    'de pollo',
    'de carne',
    'de manjar',
    'de fresa',
    'de maracuyá',
    'de lúcuma',
    'de chocolate',
    'de queso',
    'de piña',
    'de quinua',
  ];
  await db.execute(sql`
    INSERT INTO products (app_id, uid, key, company_uid, category_uid, title, short_description, unit_price_cents, position, search_title, search_text)
    SELECT ${appId}::uuid, gen_random_uuid(), 'p-' || g, ${companyUid}::uuid,
           (${sql.raw(`ARRAY[${categoryUids.map((u) => `'${u}'`).join(',')}]`)}::uuid[])[1 + g % 20],
           t.title, 'Producto de prueba número ' || g, 500 + (g * 37) % 5000, g,
           lower(unaccent(t.title)), lower(unaccent('Producto de prueba número ' || g))
    FROM generate_series(1, ${size}) AS g,
    LATERAL (SELECT
      (${sql.raw(`ARRAY[${nouns.map((w) => `'${w}'`).join(',')}]`)})[1 + g % ${nouns.length}] || ' ' ||
      (${sql.raw(`ARRAY[${fillings.map((w) => `'${w}'`).join(',')}]`)})[1 + (g / ${nouns.length}) % ${fillings.length}] || ' ' ||
      (${sql.raw(`ARRAY[${adjectives.map((w) => `'${w}'`).join(',')}]`)})[1 + (g / ${nouns.length * fillings.length}) % ${adjectives.length}] || ' ' || g AS title
    ) AS t
  `);
  // Fresh statistics first: foreign-key checks planned on an "empty" products table would scan it once per row.
  await db.execute(sql`ANALYZE products`);
  await db.execute(sql`
    INSERT INTO place_products (app_id, place_uid, product_uid, stock, position, category_uid, is_active, is_redeemable, search_vector)
    SELECT app_id, ${placeUid}::uuid, uid, 100, position, category_uid, is_active, is_redeemable, search_vector FROM products WHERE app_id = ${appId}::uuid
  `);
  await refreshPlaceProductCounts(db, appId);
  await db.execute(sql`VACUUM ANALYZE place_products`);
  return { appId, placeUid, categoryUid: categoryUids[3] };
}
