/**
 * The data of `npm run bench:scale` (bench/scale.ts): tenants imported through the real importer,
 * then members, products, orders with their lines, loyalty ledger lines and the reports' rollups
 * written by set-based SQL inside PostgreSQL (INSERT ... SELECT over generate_series), in steps
 * that grow the same database from one size to the next.
 *
 * Every generated row is a function of (tenant, ordinal): its uid is md5('t<i>/<kind>/<n>') (made a valid v4 uuid), so a
 * line names its order's and its product's uid without reading them, and a later step continues
 * where the last one stopped (the counts are kept in bench_scale_tenants, a table of this scratch
 * database only). Foreign keys are not checked while a step writes (session_replication_role =
 * replica: PostgreSQL's own fast path for bulk loads); the rows are built to satisfy them, and
 * `checkConsistency` proves it afterwards with the same joins the keys would have made.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../server/src/db/client';
import { importTenant } from '../../server/src/tenants/importer';
import { refreshPlaceProductCounts } from '../../server/src/tenants/import-catalog';
import { tenantUid } from '../../server/src/lib/uid';

export const SCALE_PASSWORD = 'Clave segura 1';
/** The measured tenant: a tenth of every row; the others share the rest evenly. */
export const MEASURED = 0;
const allDay = { from: '00:00', to: '00:00' };
// Open all day every day: the checkout's orders must not depend on the wall clock.
const week = {
  days: Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      [allDay],
    ]),
  ),
};

export const scaleHost = (i: number) => `scale-${i}.bench.test`;
const key = (i: number) => `scale-${i}`;

/** Rows per order: members, products (capped) and ledger lines grow with the orders. */
export const ratios = {
  ordersPerMember: 10,
  ordersPerProduct: 10,
  maxProducts: 100_000,
  ledgerPerOrder: 3,
};

/**
 * SCALE_PRODUCTS: the whole catalogue from the first size on (all tenants; the measured one holds
 * its share), so a run compares the same catalogue under more orders: what a search's cost owes
 * to the orders, not to the catalogue that grows beside them by default.
 */
const fixedCatalogue = process.env.SCALE_PRODUCTS ? Number(process.env.SCALE_PRODUCTS) : undefined;

export type MeasuredTenant = {
  host: string;
  appId: string;
  placeUid: string;
  programUid: string;
  /** A generated member who can sign in (ordinal 1): ~10 orders and ~30 ledger lines at any size. */
  memberEmail: string;
  /** An imported member, who places the checkout's orders (so the member above stays at ~10). */
  buyerEmail: string;
  ownerEmail: string;
  cashierEmail: string;
};

/**
 * The generator's own tables: the tenants' counts so far, and the step being generated (one row
 * per tenant). Both carry `app_id` and key on it, so on Citus they are distributed beside the
 * store's tables (bench/lib/scale-citus.ts) and every generating statement joins them on the
 * distribution column: each worker then writes its own tenants' rows, nothing passes through
 * the coordinator. A temporary table cannot be distributed, hence a regular one, emptied per step.
 */
export async function createScaleTables(db: Database) {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_scale_tenants (
    idx int NOT NULL, app_id uuid NOT NULL, company_uid uuid NOT NULL, place_a uuid NOT NULL,
    place_b uuid NOT NULL, payment_method_uid uuid NOT NULL, program_uid uuid NOT NULL,
    category_uids uuid[] NOT NULL, share float8 NOT NULL,
    members int NOT NULL DEFAULT 0, products int NOT NULL DEFAULT 0, orders int NOT NULL DEFAULT 0,
    PRIMARY KEY (app_id, idx))`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_scale_step (
    idx int NOT NULL, app_id uuid NOT NULL, company_uid uuid NOT NULL, place_a uuid NOT NULL,
    place_b uuid NOT NULL, payment_method_uid uuid NOT NULL, program_uid uuid NOT NULL,
    category_uids uuid[] NOT NULL, members_from int NOT NULL, members_to int NOT NULL,
    products_from int NOT NULL, products_to int NOT NULL, orders_from int NOT NULL,
    orders_to int NOT NULL, number_base bigint NOT NULL, PRIMARY KEY (app_id, idx))`);
}

/**
 * Imports `tenants` small tenants (one company, two places open all week, cash, one program),
 * the first with an owner, a cashier and a buyer; creates bench_scale_tenants.
 */
export async function createScaleTenants(db: Database, tenants: number): Promise<MeasuredTenant> {
  await createScaleTables(db);
  for (let i = 0; i < tenants; i++) {
    const measured = i === MEASURED;
    const people = measured ? ['owner', 'cashier', 'buyer'] : [];
    await importTenant(db, {
      app: {
        key: key(i),
        name: `Scale ${i}`,
        domain: scaleHost(i),
        main_company: 'shop',
        // The buyer places orders paid in cash, which stay unpaid: far past the default cap.
        max_unpaid_orders: 1000,
      },
      companies: [
        {
          key: 'shop',
          name: `Tienda ${i}`,
          payment_methods: [{ key: 'cash', type: 'CASH', name: 'Efectivo' }],
          benefit_programs_enabled: true,
        },
      ],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
      places: ['a', 'b'].map((p) => ({
        key: p,
        company: 'shop',
        area: 'lima',
        name: `Local ${p.toUpperCase()}`,
        address: 'Av. Principal 1',
        timetable: week,
      })),
      catalog: {
        categories: Array.from({ length: 10 }, (_, c) => ({
          key: `cat-${c}`,
          company: 'shop',
          name: `Categoría ${c}`,
        })),
        products: [],
      },
      users: people.map((n, j) => ({
        email: `${n}@scale.test`,
        password: SCALE_PASSWORD,
        first_name: n,
        last_name: 'Bench',
        document_type: 'NATIONAL_ID',
        document_number: `0900000${j}`,
      })),
      staff: measured
        ? [
            { user: 'owner@scale.test', company: 'shop', role: 'OWNER' },
            { user: 'cashier@scale.test', company: 'shop', role: 'STAFF' },
          ]
        : [],
      programs: [
        {
          key: 'club',
          company: 'shop',
          name: 'Club',
          members: measured ? [{ user: 'buyer@scale.test' }] : [],
        },
      ],
    });
    const uid = (kind: string, k: string) => tenantUid(key(i), kind, k);
    await db.execute(sql`INSERT INTO bench_scale_tenants
      (idx, app_id, company_uid, place_a, place_b, payment_method_uid, program_uid, category_uids, share)
      VALUES (${i}, ${tenantUid('app', key(i))}::uuid, ${uid('company', 'shop')}::uuid,
        ${uid('place', 'a')}::uuid, ${uid('place', 'b')}::uuid, ${uid('payment-method', 'shop/cash')}::uuid,
        ${uid('program', 'club')}::uuid,
        ${sql.raw(`ARRAY[${Array.from({ length: 10 }, (_, c) => `'${uid('product-category', `cat-${c}`)}'`).join(',')}]`)}::uuid[],
        ${tenants === 1 ? 1 : measured ? 0.1 : 0.9 / (tenants - 1)})
      ON CONFLICT DO NOTHING`);
  }
  return {
    host: scaleHost(MEASURED),
    appId: tenantUid('app', key(MEASURED)),
    placeUid: tenantUid(key(MEASURED), 'place', 'a'),
    programUid: tenantUid(key(MEASURED), 'program', 'club'),
    memberEmail: `m1@t${MEASURED}.scale.test`,
    buyerEmail: 'buyer@scale.test',
    ownerEmail: 'owner@scale.test',
    cashierEmail: 'cashier@scale.test',
  };
}

/**
 * A generated row's uid, as SQL: md5 of 't<tenant>/<kind>/<ordinal>' with the version (4) and
 * variant nibbles of a real uuid, which the server's path checks require.
 */
const gen = (tenant: string, kind: string, ordinal: string) =>
  sql.raw(
    `overlay(overlay(md5('t' || ${tenant} || '/${kind}/' || ${ordinal}) placing '4' from 13) placing '8' from 17)::uuid`,
  );

/** Store days back from now over which orders are spread. */
export const HISTORY_DAYS = 365;
/** Orders one generating statement writes at most (see growTo; the variable is for trying slices at a small size). */
const ORDERS_PER_SLICE = Number(process.env.SCALE_ORDERS_PER_SLICE ?? 1_000_000);
const historySeconds = sql.raw(`${HISTORY_DAYS * 86_400}.0`);

/**
 * Grows the database to `orders` orders in all (from whatever an earlier step left): members,
 * products, orders with 1-3 lines, three ledger lines per order, the reports' rollups and the
 * order counters, each tenant its share. Returns the seconds each part took.
 */
export async function growTo(db: Database, orders: number): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    timings[name] = (performance.now() - t0) / 1000;
  };
  const products =
    fixedCatalogue ?? Math.min(ratios.maxProducts, Math.ceil(orders / ratios.ordersPerProduct));
  const members = Math.ceil(orders / ratios.ordersPerMember);
  // One connection for the whole step: the replica role is a session setting.
  await db.transaction(async (tx) => {
    // On Citus the foreign keys are checked on the workers' shards: the replica role must reach
    // them too, which Citus does for SET LOCAL once asked. On plain PostgreSQL the first line
    // only sets a placeholder nobody reads.
    await tx.execute(sql`SET LOCAL citus.propagate_set_commands = 'local'`);
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`DELETE FROM bench_scale_step`);
    await tx.execute(sql`INSERT INTO bench_scale_step
      SELECT t.idx, t.app_id, t.company_uid, t.place_a, t.place_b, t.payment_method_uid,
        t.program_uid, t.category_uids,
        t.members, greatest(t.members, ceil(${members} * t.share)::int),
        t.products, greatest(t.products, ceil(${products} * t.share)::int),
        t.orders, greatest(t.orders, ceil(${orders} * t.share)::int),
        -- Numbers continue after the counter: the checkout placed orders between two steps.
        coalesce(c.last_number, 0) - t.orders
      FROM bench_scale_tenants t LEFT JOIN order_counters c ON c.app_id = t.app_id`);

    await timed('members', async () => {
      await tx.execute(sql`
        INSERT INTO users (app_id, uid, email, first_name, last_name, document_type, document_number,
          mobile_number, accepted_terms_at, created_at)
        SELECT s.app_id, ${gen('s.idx', 'user', 'n')}, 'm' || n || '@t' || s.idx || '.scale.test',
          (ARRAY['Ana','Luis','Rosa','Jorge','Carmen','Pedro','Lucía','Miguel'])[1 + n % 8],
          (ARRAY['Quispe','Flores','Huamán','Rojas','Mendoza','Torres','Vargas','Castillo'])[1 + (n / 8) % 8],
          'NATIONAL_ID', lpad(n::text, 8, '0'), '+519' || lpad(n::text, 8, '0'),
          now() - ${historySeconds} * (s.members_to - n + 0.5) / (s.members_to - s.members_from) * interval '1 second',
          now() - ${historySeconds} * (s.members_to - n + 0.5) / (s.members_to - s.members_from) * interval '1 second'
        FROM bench_scale_step s, generate_series(s.members_from + 1, s.members_to) n`);
      await tx.execute(sql`
        INSERT INTO program_members (app_id, program_uid, user_uid, joined_at)
        SELECT s.app_id, s.program_uid, ${gen('s.idx', 'user', 'n')},
          now() - ${historySeconds} * (s.members_to - n + 0.5) / (s.members_to - s.members_from) * interval '1 second'
        FROM bench_scale_step s, generate_series(s.members_from + 1, s.members_to) n`);
    });

    await timed('products', async () => {
      // Titles as bench/lib/catalog-fixture.ts's: Spanish words with accents, for search. `n::text`:
      // Citus pushes a sub-select without FROM down to the shards only if it is immutable, and
      // text || int is merely stable.
      await tx.execute(sql`
        INSERT INTO products (app_id, uid, key, company_uid, category_uid, title, short_description,
          unit_price_cents, position, search_title, search_text)
        SELECT s.app_id, ${gen('s.idx', 'product', 'n')}, 'p-' || n, s.company_uid,
          s.category_uids[1 + n % 10], t.title, 'Producto de prueba número ' || n,
          500 + (n * 37) % 5000, n, lower(unaccent(t.title)),
          lower(unaccent('Producto de prueba número ' || n))
        FROM bench_scale_step s, generate_series(s.products_from + 1, s.products_to) n,
        LATERAL (SELECT
          (ARRAY['Café','Empanada','Alfajor','Tostada','Jugo','Sándwich','Ensalada','Torta','Galleta','Té','Limonada','Croissant','Queque','Pionono','Chicha'])[1 + n % 15]
          || ' ' || (ARRAY['con leche','de pollo','de carne','de manjar','de fresa','de maracuyá','de lúcuma','de chocolate','de queso','de piña','de quinua'])[1 + (n / 15) % 11]
          || ' ' || (ARRAY['clásico','especial','andino','limeño','de la casa','orgánico','tradicional','picante','dulce','grande'])[1 + (n / 165) % 10]
          || ' ' || n::text AS title) t`);
      await tx.execute(sql`
        INSERT INTO place_products (app_id, place_uid, product_uid, stock, position, category_uid,
          is_active, is_redeemable, search_vector)
        SELECT p.app_id, pl.place, p.uid, 1000000, p.position, p.category_uid, p.is_active,
          p.is_redeemable, p.search_vector
        FROM bench_scale_step s
        JOIN products p ON p.app_id = s.app_id AND p.position > s.products_from AND p.position <= s.products_to
        CROSS JOIN LATERAL (VALUES (s.place_a), (s.place_b)) pl(place)`);
    });

    await timed('orders, lines and ledger', async () => {
      // In slices of about a million orders, one statement each: the statement sorts its lines,
      // orders and ledger lines by (tenant, n), and a step of nine million orders in one
      // statement spilled a 14 GB sort to disk (docs/scaling.md) where a slice sorts in memory.
      const step = (await tx.execute(
        sql`SELECT coalesce(sum(orders_to - orders_from), 0)::bigint AS added FROM bench_scale_step`,
      )) as unknown as { rows: { added: string }[] };
      const slices = Math.max(1, Math.ceil(Number(step.rows[0].added) / ORDERS_PER_SLICE));
      for (let slice = 0; slice < slices; slice++) await insertOrderSlice(tx, slice, slices);
    });

    await timed('rollups and counters', async () => {
      // The reports' rollups as modules/reports/rollup.ts keeps them, for the new orders only,
      // written day after day as the checkout writes them.
      const newOrders = sql`FROM orders o JOIN bench_scale_step s ON s.app_id = o.app_id
        AND o.number > s.orders_from + s.number_base AND o.number <= s.orders_to + s.number_base`;
      const day = sql`(o.created_at AT TIME ZONE 'America/Lima')::date`;
      const outcome = sql`CASE WHEN o.status IN ('CANCELED_BY_PLACE', 'CANCELED_BY_USER') THEN 'canceled' WHEN o.payment_status = 'REFUNDED' THEN 'refunded' ELSE 'sale' END`;
      await tx.execute(sql`
        INSERT INTO sales_daily (app_id, company_uid, day, place_uid, hour, payment_method_uid,
          outcome, orders, total_cents, money_orders)
        SELECT o.app_id, o.company_uid, ${day}, o.place_uid,
          extract(hour FROM o.created_at AT TIME ZONE 'America/Lima')::smallint,
          o.payment_method_uid, ${outcome}, count(*)::int, sum(o.total_cents)::bigint,
          (count(*) FILTER (WHERE o.coin_total = 0))::int
        ${newOrders} GROUP BY 1, 2, 3, 4, 5, 6, 7
        ORDER BY 3
        ON CONFLICT (app_id, company_uid, day, place_uid, hour, payment_method_uid, outcome)
        DO UPDATE SET orders = sales_daily.orders + excluded.orders,
          total_cents = sales_daily.total_cents + excluded.total_cents,
          money_orders = sales_daily.money_orders + excluded.money_orders`);
      await tx.execute(sql`
        INSERT INTO order_status_daily (app_id, company_uid, day, place_uid, status, orders)
        SELECT o.app_id, o.company_uid, ${day}, o.place_uid, o.status, count(*)::int
        ${newOrders} GROUP BY 1, 2, 3, 4, 5
        ORDER BY 3
        ON CONFLICT (app_id, company_uid, day, place_uid, status)
        DO UPDATE SET orders = order_status_daily.orders + excluded.orders`);
      await tx.execute(sql`
        INSERT INTO order_counts (app_id, company_uid, place_uid, status, payment_status, orders)
        SELECT o.app_id, o.company_uid, o.place_uid, o.status, o.payment_status, count(*)::int
        ${newOrders} GROUP BY 1, 2, 3, 4, 5
        ON CONFLICT (app_id, company_uid, place_uid, status, payment_status)
        DO UPDATE SET orders = order_counts.orders + excluded.orders`);
      await tx.execute(sql`
        INSERT INTO product_sales_daily (app_id, company_uid, day, place_uid, product_uid, outcome,
          title, quantity, total_cents)
        SELECT o.app_id, o.company_uid, ${day}, o.place_uid, l.product_uid, ${outcome},
          max(l.title), sum(l.quantity)::int, sum(l.total_cents)::bigint
        ${newOrders} JOIN order_lines l ON l.app_id = o.app_id AND l.order_uid = o.uid
        GROUP BY 1, 2, 3, 4, 5, 6
        ORDER BY 3
        ON CONFLICT (app_id, company_uid, day, place_uid, product_uid, outcome)
        DO UPDATE SET quantity = product_sales_daily.quantity + excluded.quantity,
          total_cents = product_sales_daily.total_cents + excluded.total_cents`);
      await tx.execute(sql`
        INSERT INTO product_sales_monthly (app_id, company_uid, month, place_uid, product_uid,
          outcome, title, quantity, total_cents)
        SELECT o.app_id, o.company_uid, date_trunc('month', o.created_at AT TIME ZONE 'America/Lima')::date,
          o.place_uid, l.product_uid, ${outcome},
          max(l.title), sum(l.quantity)::int, sum(l.total_cents)::bigint
        ${newOrders} JOIN order_lines l ON l.app_id = o.app_id AND l.order_uid = o.uid
        GROUP BY 1, 2, 3, 4, 5, 6
        ORDER BY 3
        ON CONFLICT (app_id, company_uid, month, place_uid, product_uid, outcome)
        DO UPDATE SET quantity = product_sales_monthly.quantity + excluded.quantity,
          total_cents = product_sales_monthly.total_cents + excluded.total_cents`);
      // The counters continue past the generated numbers (checkout numbers the next one).
      await tx.execute(sql`
        INSERT INTO order_counters (app_id, last_number)
        SELECT app_id, orders_to + number_base FROM bench_scale_step
        ON CONFLICT (app_id) DO UPDATE SET last_number = greatest(order_counters.last_number, excluded.last_number)`);
      await tx.execute(sql`
        UPDATE bench_scale_tenants t SET members = s.members_to, products = s.products_to,
          orders = s.orders_to FROM bench_scale_step s WHERE s.app_id = t.app_id AND s.idx = t.idx`);
    });
  });
  await timed('product counts', async () => {
    const rows = (await db.execute(sql`SELECT app_id FROM bench_scale_tenants`)) as unknown as {
      rows: { app_id: string }[];
    };
    for (const { app_id } of rows.rows) await refreshPlaceProductCounts(db, app_id);
  });
  await timed('analyze', () => db.execute(sql`VACUUM ANALYZE`));
  return timings;
}

/** Orders, lines and ledger lines in one slice of a step (as `bench_scale_step` describes it). */
async function insertOrderSlice(tx: Tx, slice: number, slices: number) {
  // One statement: the lines are made first, each order is the sum of its lines, and its
  // ledger lines follow from it. Order n of tenant i: one of the members this step added (so
  // every member has ~10 orders and ~30 ledger lines whatever the size), place a or b, 1-3
  // lines, a status by n % 20, and a created_at spread over HISTORY_DAYS in the order of n:
  // as a store writes them, oldest first, so a day's orders share table pages (a random
  // time per row made every date range read a page per row, which no store sees). Each insert
  // is sorted by (tenant, n): the grouping in between would otherwise shuffle the rows.
  await tx.execute(sql`
    WITH o AS (
      SELECT s.idx, s.app_id, s.company_uid, s.payment_method_uid, s.program_uid, n,
        n + s.number_base AS number,
        ${gen('s.idx', 'order', 'n')} AS uid,
        ${gen('s.idx', 'user', '(CASE WHEN s.members_to > s.members_from THEN s.members_from + 1 + (n::bigint * 7) % (s.members_to - s.members_from) ELSE 1 + (n::bigint * 7) % s.members_to END)')} AS user_uid,
        CASE WHEN n % 3 = 0 THEN s.place_b ELSE s.place_a END AS place_uid,
        s.products_to AS products,
        now() - ${historySeconds} * (s.orders_to - n + 0.5) / (s.orders_to - s.orders_from) * interval '1 second' AS created_at,
        CASE WHEN n % 20 = 0 THEN 'CANCELED_BY_PLACE' WHEN n % 20 = 1 THEN 'CANCELED_BY_USER'
             WHEN n % 20 = 2 THEN 'RECEIVED' WHEN n % 20 = 3 THEN 'ACCEPTED'
             ELSE 'DELIVERED' END AS status
      FROM bench_scale_step s, generate_series(
        s.orders_from + 1 + (s.orders_to - s.orders_from) * ${slice} / ${slices},
        s.orders_from + (s.orders_to - s.orders_from) * (${slice} + 1) / ${slices}) n
    ),
    l AS (
      SELECT o.*, pos, p.uid AS product_uid, p.title, p.unit_price_cents,
        1 + (o.n + pos) % 3 AS quantity
      FROM o CROSS JOIN LATERAL generate_series(0, (o.n % 3)::int) pos
      JOIN products p ON p.app_id = o.app_id
        AND p.uid = ${gen('o.idx', 'product', '(1 + (o.n::bigint * 7 + pos * 13) % o.products)')}
    ),
    lines AS (
      INSERT INTO order_lines (app_id, order_uid, position, product_uid, title, quantity,
        unit_price_cents, options_price_cents, total_cents, options)
      SELECT app_id, uid, pos, product_uid, title, quantity, unit_price_cents, 0,
        unit_price_cents * quantity, '[]'::jsonb
      FROM l ORDER BY idx, n, pos
    ),
    sums AS (
      SELECT idx, app_id, company_uid, payment_method_uid, program_uid, n, number, uid,
        user_uid, place_uid, created_at, status, sum(unit_price_cents * quantity)::int AS total
      FROM l GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ),
    ins AS (
      INSERT INTO orders (app_id, uid, number, user_uid, place_uid, company_uid, status,
        shipping_type, pickup_date, pickup_start, pickup_end, payment_method_uid, payment_status,
        subtotal_cents, discount_cents, delivery_cents, taxes_cents, total_cents, tax_name,
        tax_rate_basis_points, billing, created_at, updated_at, canceled_at)
      SELECT app_id, uid, number, user_uid, place_uid, company_uid, status, 'pickup',
        (created_at AT TIME ZONE 'America/Lima')::date, '12:00', '12:30', payment_method_uid,
        CASE WHEN status = 'DELIVERED' THEN 'PAID' ELSE 'PAY_ON_DELIVERY' END,
        total, 0, 0, round(total - total / 1.18)::int, total, 'IGV', 1800,
        jsonb_build_object('first_name', 'Ana', 'last_name', 'Quispe', 'email',
          'cliente' || n || '@example.com', 'phone', '+51987654321', 'city', 'Lima',
          'address', 'Av. Principal ' || n),
        created_at, created_at,
        CASE WHEN status LIKE 'CANCELED%' THEN created_at + interval '10 minutes' END
      FROM sums ORDER BY idx, n
    )
    INSERT INTO loyalty_ledger (app_id, uid, program_uid, user_uid, currency, amount, kind,
      reason, reference, created_at)
    SELECT app_id, ${gen('idx', 'ledger', "(n || '/' || k)")}, program_uid, user_uid,
      CASE WHEN k = 2 THEN 'COINS' ELSE 'POINTS' END,
      CASE WHEN k = 1 THEN -greatest(1, total / 400) ELSE greatest(1, total / 100) END,
      CASE WHEN k = 1 THEN 'spend' ELSE 'earn' END, 'Pedido', uid::text,
      created_at + k * interval '1 minute'
    FROM sums CROSS JOIN generate_series(0, 2) k ORDER BY idx, n, k`);
}

/**
 * A generated member who can sign in: member 1 of the measured tenant gets the buyer's password
 * hash (the importer hashed it), so the hot paths of "my orders" and "my points" read a member
 * with the ordinary ~10 orders and ~30 ledger lines.
 */
export async function enableMemberSignIn(db: Database, appId: string, email: string) {
  await db.execute(sql`UPDATE users SET password_hash = (SELECT password_hash FROM users
    WHERE app_id = ${appId}::uuid AND email = 'buyer@scale.test')
    WHERE app_id = ${appId}::uuid AND email = ${email}`);
}

/**
 * What the foreign keys, left unchecked during the load, would have refused: each count must be
 * 0. Runs the keys' own joins over the generated tables; the rollups are compared per tenant by
 * a join, not a sub-select in HAVING, which Citus refuses.
 */
export async function checkConsistency(db: Database): Promise<Record<string, number>> {
  const result = (await db.execute(sql`SELECT
    (SELECT count(*) FROM order_lines l WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.app_id = l.app_id AND o.uid = l.order_uid))::int AS lines_without_order,
    (SELECT count(*) FROM order_lines l WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.app_id = l.app_id AND p.uid = l.product_uid))::int AS lines_without_product,
    (SELECT count(*) FROM orders o WHERE o.user_uid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.app_id = o.app_id AND u.uid = o.user_uid))::int AS orders_without_user,
    (SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.app_id = o.app_id AND l.order_uid = o.uid))::int AS orders_without_lines,
    (SELECT count(*) FROM loyalty_ledger g WHERE NOT EXISTS (SELECT 1 FROM program_members m WHERE m.app_id = g.app_id AND m.program_uid = g.program_uid AND m.user_uid = g.user_uid))::int AS ledger_without_member,
    (SELECT count(*) FROM place_products pp WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.app_id = pp.app_id AND p.uid = pp.product_uid))::int AS stock_without_product,
    (SELECT count(*) FROM (SELECT app_id, sum(total_cents) AS total FROM orders GROUP BY app_id) o LEFT JOIN (SELECT app_id, sum(total_cents) AS total FROM sales_daily GROUP BY app_id) d ON d.app_id = o.app_id WHERE o.total <> coalesce(d.total, 0))::int AS rollup_mismatch,
    (SELECT count(*) FROM (SELECT app_id, count(*) AS n FROM orders GROUP BY app_id) o LEFT JOIN (SELECT app_id, sum(orders) AS n FROM order_status_daily GROUP BY app_id) d ON d.app_id = o.app_id WHERE o.n <> coalesce(d.n, 0))::int AS status_rollup_mismatch,
    (SELECT count(*) FROM (SELECT app_id, company_uid, place_uid, status, payment_status, count(*) AS n FROM orders GROUP BY 1, 2, 3, 4, 5) o FULL JOIN order_counts c USING (app_id, company_uid, place_uid, status, payment_status) WHERE coalesce(o.n, 0) <> coalesce(c.orders, 0))::int AS order_counts_mismatch,
    (SELECT count(*) FROM (SELECT app_id, sum(total_cents) AS total, sum(quantity) AS n FROM product_sales_daily GROUP BY app_id) d LEFT JOIN (SELECT app_id, sum(total_cents) AS total, sum(quantity) AS n FROM product_sales_monthly GROUP BY app_id) m ON m.app_id = d.app_id WHERE d.total <> coalesce(m.total, 0) OR d.n <> coalesce(m.n, 0))::int AS monthly_rollup_mismatch`)) as unknown as {
    rows: Record<string, number>[];
  };
  return result.rows[0];
}

/** Row counts of the tables the hot paths read. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const result = (await db.execute(sql`SELECT
    (SELECT count(*) FROM apps)::int AS tenants,
    (SELECT count(*) FROM users)::int AS members,
    (SELECT count(*) FROM products)::int AS products,
    (SELECT count(*) FROM orders)::int AS orders,
    (SELECT count(*) FROM order_lines)::int AS lines,
    (SELECT count(*) FROM loyalty_ledger)::int AS ledger,
    (SELECT orders FROM bench_scale_tenants WHERE idx = ${MEASURED}) AS measured_orders,
    (SELECT members FROM bench_scale_tenants WHERE idx = ${MEASURED}) AS measured_members,
    (SELECT products FROM bench_scale_tenants WHERE idx = ${MEASURED}) AS measured_products`)) as unknown as {
    rows: Record<string, number>[];
  };
  return result.rows[0];
}
