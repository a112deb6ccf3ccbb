import { eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  addDays,
  daysBetween,
  centsToMoney,
  storeDateOf,
  STORE_TIME_ZONE,
  type AdminReport,
  type AdminReportQuery,
  type AdminReportRow,
  type AdminStaffReportRow,
  type ReportKind,
} from '@store/contract';
import {
  paymentMethods,
  productCategories,
  products,
  salesDaily,
  salesOutcomes,
  staffDaily,
  users,
  type SalesOutcome,
} from '../../../db/schema';
import { ofTenant } from '../../../scope/tenant-query';
import { productSalesRows } from '../../reports/product-sales';
import { safeCell } from '../../staff/records';
import { adminPlace, type AdminScope } from '../guard';

/**
 * The reports (docs/decisions.md, "Reports read daily rollups"): every figure comes from the
 * rollups the order's transactions keep (modules/reports/rollup.ts), over the chosen store days
 * and the same number of days before them, so a year of a busy store is a few hundred thousand
 * rollup rows at most, never its orders.
 */

type Figures = { count: number; cents: number };
type Cell = Record<'current' | 'previous' | 'canceled' | 'refunded', Figures>;
const emptyCell = (): Cell => ({
  current: { count: 0, cents: 0 },
  previous: { count: 0, cents: 0 },
  canceled: { count: 0, cents: 0 },
  refunded: { count: 0, cents: 0 },
});

/**
 * Which of a cell's figures a rollup row adds to, or none: this period's rows by outcome, the
 * period before's sales only. The one rule: the orders apply it here (`add`), the products in
 * their statement (`slotRows`, built from it).
 */
function slotOf(current: boolean, outcome: SalesOutcome): keyof Cell | null {
  if (!current) return outcome === 'sale' ? 'previous' : null;
  return outcome === 'sale' ? 'current' : outcome;
}

/** Adds a rollup row's figures to its cell (`slotOf`). */
function add(cell: Cell, current: boolean, outcome: SalesOutcome, count: number, cents: number) {
  const slot = slotOf(current, outcome);
  if (!slot) return;
  cell[slot].count += count;
  cell[slot].cents += cents;
}

/** `slotOf` as SQL over a statement's period flag and outcome column: the rows one slot sums. */
function slotRows(current: SQL, outcome: SQL): Record<keyof Cell, SQL> {
  const pairs = (slot: keyof Cell) =>
    [true, false].flatMap((isCurrent) =>
      salesOutcomes
        .filter((o) => slotOf(isCurrent, o) === slot)
        .map(
          (o) =>
            sql`(${isCurrent ? current : sql`not ${current}`} and ${outcome} = ${sql.raw(`'${o}'`)})`,
        ),
    );
  const rows = (slot: keyof Cell) => sql`(${sql.join(pairs(slot), sql` or `)})`;
  return {
    current: rows('current'),
    previous: rows('previous'),
    canceled: rows('canceled'),
    refunded: rows('refunded'),
  };
}

function rowOf(key: string, label: string, c: Cell): AdminReportRow {
  return {
    key,
    label,
    count: c.current.count,
    sales: centsToMoney(c.current.cents),
    previous_count: c.previous.count,
    previous_sales: centsToMoney(c.previous.cents),
    canceled_count: c.canceled.count,
    canceled_sales: centsToMoney(c.canceled.cents),
    refunded_count: c.refunded.count,
    refunded_sales: centsToMoney(c.refunded.cents),
  };
}

class Buckets {
  private readonly cells = new Map<string, Cell>();
  cell(key: string): Cell {
    let c = this.cells.get(key);
    if (!c) this.cells.set(key, (c = emptyCell()));
    return c;
  }
  has(key: string) {
    return this.cells.has(key);
  }
  keys() {
    return [...this.cells.keys()];
  }
}

/** Labels in Spanish order; one collator (`localeCompare` with a locale builds one per call). */
const byLabel = new Intl.Collator('es').compare;

/** Best sellers first: by sales, then by count, then by label. */
const bySales = (a: AdminReportRow, b: AdminReportRow) =>
  Number(b.sales) - Number(a.sales) || b.count - a.count || byLabel(a.label, b.label);

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const KIND_OF: Record<string, 'redemptions' | 'stamps' | 'points'> = {
  redemptions: 'redemptions',
  stamps: 'stamps',
  points: 'points',
};

/**
 * Products the report's screen lists, the best sellers first: a year of a store with ten thousand
 * products would otherwise answer megabytes no one reads on a screen (Shopify's and Square's
 * product reports page the same way); the CSV holds every product.
 */
export const REPORT_PRODUCT_ROWS = 100;

export async function salesReport(
  admin: AdminScope,
  query: AdminReportQuery,
  { productLimit = REPORT_PRODUCT_ROWS }: { productLimit?: number } = {},
): Promise<AdminReport> {
  const place = query.place ? adminPlace(admin, query.place) : null;
  const length = daysBetween(query.from, query.to) + 1;
  const previousTo = addDays(query.from, -1);
  const previousFrom = addDays(query.from, -length);
  const placeUids = place
    ? [place.uid]
    : admin.limitedToPlaces
      ? admin.places.map((p) => p.uid)
      : null;
  const isCurrent = (day: SQL) => sql<boolean>`${day} >= ${query.from}::date`;

  /** A rollup's rows of the company over both periods (this one and the one before), at the places asked for. */
  const inPeriods = (rollup: typeof salesDaily | typeof staffDaily) =>
    ofTenant(
      admin,
      rollup,
      eq(rollup.companyUid, admin.company.uid),
      gte(rollup.day, previousFrom),
      lte(rollup.day, query.to),
      placeUids ? inArray(rollup.placeUid, placeUids.length ? placeUids : ['']) : undefined,
    );

  // One pass over the orders rollup, grouped finely enough to derive every order-based report.
  const orderRows = await admin.db
    .select({
      current: isCurrent(sql`${salesDaily.day}`),
      hour: salesDaily.hour,
      weekday: sql<number>`extract(isodow FROM ${salesDaily.day})::int`,
      method: salesDaily.paymentMethodUid,
      place: salesDaily.placeUid,
      outcome: salesDaily.outcome,
      orders: sql<number>`sum(${salesDaily.orders})::int`,
      cents: sql<number>`sum(${salesDaily.totalCents})::bigint`,
    })
    .from(salesDaily)
    .where(inPeriods(salesDaily))
    .groupBy(sql`1, 2, 3, 4, 5, 6`);

  // The products from the whole months and edge days of each period (reports/product-sales.ts):
  // the daily rollup's sums, a month of a busy store read as one row per product and place.
  const sold = productSalesRows({
    db: admin.db,
    tenant: admin,
    companyUid: admin.company.uid,
    places: placeUids ?? undefined,
    periods: [
      { from: previousFrom, to: previousTo, current: false },
      { from: query.from, to: query.to, current: true },
    ],
    today: storeDateOf(admin.clock()),
  });
  // Grouped by period and outcome first (a share taken away nets to zero: such a group counts
  // for nothing, as a product not sold at all), then one row per product with the report's four
  // figures: the server reads a row per product (ten thousand for a big store), not three.
  const grouped = admin.db
    .select({
      current: sql<boolean>`${sold.current}`.as('current'),
      product: sql<string>`${sold.productUid}`.as('product'),
      outcome: sql<SalesOutcome>`${sold.outcome}`.as('outcome'),
      title: sql<string>`max(${sold.title})`.as('title'),
      quantity: sql<number>`sum(${sold.quantity})`.as('quantity'),
      cents: sql<number>`sum(${sold.totalCents})`.as('cents'),
    })
    .from(sold)
    .groupBy(sql`1, 2, 3`)
    .having(sql`sum(${sold.quantity}) <> 0 or sum(${sold.totalCents}) <> 0`)
    .as('grouped');
  // Which grouped rows each of a product's figures sums: the rule `add` applies to the orders.
  const slots = slotRows(sql`${grouped.current}`, sql`${grouped.outcome}`);
  const figure = (slot: keyof Cell, of: 'quantity' | 'cents') =>
    sql<number>`coalesce(sum(${grouped[of]}) filter (where ${slots[slot]}), 0)::bigint`;
  const productRows = await admin.db
    .select({
      product: grouped.product,
      // The name it sold under in this period, else in the one before.
      title: sql<string>`coalesce(max(${grouped.title}) filter (where ${grouped.current}), max(${grouped.title}))`,
      count: figure('current', 'quantity'),
      cents: figure('current', 'cents'),
      previousCount: figure('previous', 'quantity'),
      previousCents: figure('previous', 'cents'),
      canceledCount: figure('canceled', 'quantity'),
      canceledCents: figure('canceled', 'cents'),
      refundedCount: figure('refunded', 'quantity'),
      refundedCents: figure('refunded', 'cents'),
    })
    .from(grouped)
    .groupBy(grouped.product);

  const staffRows = await admin.db
    .select({
      current: isCurrent(sql`${staffDaily.day}`),
      staff: staffDaily.staffUserUid,
      kind: staffDaily.kind,
      actions: sql<number>`sum(${staffDaily.actions})::int`,
    })
    .from(staffDaily)
    .where(inPeriods(staffDaily))
    .groupBy(sql`1, 2, 3`);

  const totals = emptyCell();
  const hours = new Buckets();
  const weekdays = new Buckets();
  const methods = new Buckets();
  const placesB = new Buckets();
  for (let h = 0; h < 24; h++) hours.cell(String(h));
  for (let d = 1; d <= 7; d++) weekdays.cell(String(d));
  for (const r of orderRows) {
    const cents = Number(r.cents);
    add(totals, r.current, r.outcome, r.orders, cents);
    add(hours.cell(String(r.hour)), r.current, r.outcome, r.orders, cents);
    add(weekdays.cell(String(r.weekday)), r.current, r.outcome, r.orders, cents);
    add(methods.cell(r.method), r.current, r.outcome, r.orders, cents);
    add(placesB.cell(r.place), r.current, r.outcome, r.orders, cents);
  }

  const productsB = new Buckets();
  const titles = new Map<string, string>();
  for (const r of productRows) {
    const cell = productsB.cell(r.product);
    cell.current = { count: Number(r.count), cents: Number(r.cents) };
    cell.previous = { count: Number(r.previousCount), cents: Number(r.previousCents) };
    cell.canceled = { count: Number(r.canceledCount), cents: Number(r.canceledCents) };
    cell.refunded = { count: Number(r.refundedCount), cents: Number(r.refundedCents) };
    titles.set(r.product, r.title);
  }
  // Categories as the products are filed today (a product moved keeps its history with it).
  const productUids = productsB.keys();
  // The company's whole catalogue, not the sold products by uid: a big store sells ten thousand
  // of them in a month, and a statement with a parameter each cost more than the rows.
  const filed = productUids.length
    ? await admin.db
        .select({ uid: products.uid, category: products.categoryUid })
        .from(products)
        .where(ofTenant(admin, products, eq(products.companyUid, admin.company.uid)))
    : [];
  const categories = await admin.db
    .select({ uid: productCategories.uid, name: productCategories.name })
    .from(productCategories)
    .where(ofTenant(admin, productCategories, eq(productCategories.companyUid, admin.company.uid)));
  const categoryName = new Map(categories.map((c) => [c.uid, c.name]));
  const categoryOf = new Map(filed.map((p) => [p.uid, p.category]));
  const categoriesB = new Buckets();
  for (const uid of productUids) {
    const key = categoryOf.get(uid) ?? '';
    const into = categoriesB.cell(categoryName.has(key) ? key : '');
    const from = productsB.cell(uid);
    for (const k of ['current', 'previous', 'canceled', 'refunded'] as const) {
      into[k].count += from[k].count;
      into[k].cents += from[k].cents;
    }
  }

  const methodRows = methods.keys().length
    ? await admin.db
        .select({ uid: paymentMethods.uid, name: paymentMethods.name })
        .from(paymentMethods)
        .where(ofTenant(admin, paymentMethods, inArray(paymentMethods.uid, methods.keys())))
    : [];
  const methodName = new Map(methodRows.map((m) => [m.uid, m.name]));
  const placeName = new Map(admin.places.map((p) => [p.uid, p.name]));

  const staffB = new Map<string, AdminStaffReportRow>();
  for (const r of staffRows) {
    let row = staffB.get(r.staff);
    if (!row)
      staffB.set(
        r.staff,
        (row = {
          key: r.staff,
          label: '',
          actions: 0,
          previous_actions: 0,
          redemptions: 0,
          stamps: 0,
          points: 0,
        }),
      );
    if (!r.current) {
      row.previous_actions += r.actions;
      continue;
    }
    row.actions += r.actions;
    const kind = KIND_OF[r.kind];
    if (kind) row[kind] += r.actions;
  }
  const staffNames = staffB.size
    ? await admin.db
        .select({
          uid: users.uid,
          first: users.firstName,
          last: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(ofTenant(admin, users, inArray(users.uid, [...staffB.keys()])))
    : [];
  for (const u of staffNames) {
    const row = staffB.get(u.uid)!;
    row.label = `${u.first} ${u.last}`.trim() || u.email || '';
  }

  const list = (b: Buckets, label: (key: string) => string) =>
    b.keys().map((key) => rowOf(key, label(key), b.cell(key)));

  const byProduct = list(productsB, (k) => titles.get(k) ?? '').sort(bySales);
  return {
    from: query.from,
    to: query.to,
    previous_from: previousFrom,
    previous_to: previousTo,
    time_zone: STORE_TIME_ZONE,
    place,
    totals: rowOf('total', 'Total', totals),
    by_product: byProduct.slice(0, productLimit),
    by_product_total: byProduct.length,
    by_category: list(categoriesB, (k) => categoryName.get(k) ?? 'Sin categoría').sort(bySales),
    by_hour: list(hours, (k) => `${k.padStart(2, '0')}:00`).sort(
      (a, b) => Number(a.key) - Number(b.key),
    ),
    by_weekday: list(weekdays, (k) => WEEKDAYS[Number(k) - 1]).sort(
      (a, b) => Number(a.key) - Number(b.key),
    ),
    by_payment_method: list(methods, (k) => methodName.get(k) ?? '').sort(bySales),
    by_place: list(placesB, (k) => placeName.get(k) ?? '').sort(bySales),
    by_staff: [...staffB.values()]
      .filter((r) => r.actions > 0 || r.previous_actions > 0)
      .sort((a, b) => b.actions - a.actions || byLabel(a.label, b.label)),
  };
}

const reportKey: Record<ReportKind, keyof AdminReport> = {
  product: 'by_product',
  category: 'by_category',
  hour: 'by_hour',
  weekday: 'by_weekday',
  payment_method: 'by_payment_method',
  place: 'by_place',
  staff: 'by_staff',
};

/** One report as a CSV file (UTF-8 with BOM, Spanish headers, formula-looking cells defused). */
export async function reportCsv(
  admin: AdminScope,
  kind: ReportKind,
  query: AdminReportQuery,
): Promise<string> {
  const report = await salesReport(admin, query, { productLimit: Infinity });
  if (kind === 'staff') {
    const rows = report.by_staff.map((r) => [
      safeCell(r.label),
      r.actions,
      r.previous_actions,
      r.redemptions,
      r.stamps,
      r.points,
    ]);
    return (
      '\ufeff' +
      stringify([
        ['personal', 'acciones', 'acciones_periodo_anterior', 'canjes', 'sellos', 'puntos'],
        ...rows,
      ])
    );
  }
  const rows = (report[reportKey[kind]] as AdminReportRow[]).map((r) => [
    safeCell(r.label),
    r.count,
    r.sales,
    r.previous_count,
    r.previous_sales,
    r.canceled_count,
    r.canceled_sales,
    r.refunded_count,
    r.refunded_sales,
  ]);
  const units = kind === 'product' || kind === 'category';
  const countName = units ? 'unidades' : 'pedidos';
  const ending = units ? 'as' : 'os';
  return (
    '\ufeff' +
    stringify([
      [
        'nombre',
        countName,
        'ventas',
        `${countName}_periodo_anterior`,
        'ventas_periodo_anterior',
        `${countName}_anulad${ending}`,
        'ventas_anuladas',
        `${countName}_reembolsad${ending}`,
        'ventas_reembolsadas',
      ],
      ...rows,
    ])
  );
}
