import { eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { addDays, daysBetween } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import {
  NO_PLACE,
  productSalesDaily,
  productSalesMonthly,
  type SalesOutcome,
} from '../../db/schema';
import { ofTenant, type TenantRef } from '../../scope/tenant-query';

/**
 * The product rollup over a range of store days (issue 41), read as the cheapest sum of
 * buckets: for each month the range touches, either its days in the range from the daily
 * table, or the whole month from the monthly table less its days outside the range. Both
 * tables hold the same shares (reports/rollup.ts writes them in the same statements), so the
 * sums are exactly the daily table's; a month read whole costs its products once instead of
 * once a day. Days after `today` cost nothing to take away: no order is dated there.
 */

export type DayRange = { from: string; to: string };
export type Composition = { months: string[]; plus: DayRange[]; minus: DayRange[] };

/**
 * What a whole month costs beside its days, counted in days of the daily table: a store that
 * sells most of its products each month (where the cost matters) has a month of rows about as
 * large as four of its days (the 10^7 bench: 4,700 rows a day, 20,000 a month per outcome).
 */
const MONTH_IN_DAYS = 4;

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const lastOfMonth = (day: string) => addDays(firstOfMonth(addDays(firstOfMonth(day), 31)), -1);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
/** Days of [from, to] up to `today` (the ones that may hold rows). */
const cost = (from: string, to: string, today: string) => {
  const end = earlier(to, today);
  return end < from ? 0 : daysBetween(from, end) + 1;
};

/** The buckets whose sum is the range [from, to] (store days, inclusive). */
export function composeDays(from: string, to: string, today: string): Composition {
  const out: Composition = { months: [], plus: [], minus: [] };
  for (let month = firstOfMonth(from); month <= to; month = addDays(lastOfMonth(month), 1)) {
    const last = lastOfMonth(month);
    const inside = { from: later(month, from), to: earlier(last, to) };
    const before = inside.from > month ? { from: month, to: addDays(inside.from, -1) } : null;
    const after = inside.to < last ? { from: addDays(inside.to, 1), to: last } : null;
    const outside =
      (before ? cost(before.from, before.to, today) : 0) +
      (after ? cost(after.from, after.to, today) : 0);
    // With nothing to take away, the month is never more rows than its days (a monthly row sums
    // one or more daily rows): the month to date, or a whole month, is read as the month.
    if (outside === 0 || MONTH_IN_DAYS + outside < cost(inside.from, inside.to, today)) {
      out.months.push(month);
      if (before) out.minus.push(before);
      if (after) out.minus.push(after);
    } else {
      out.plus.push(inside);
    }
  }
  return out;
}

export type ProductSalesQuery = {
  db: Database | Tx;
  tenant: TenantRef;
  companyUid: string;
  /** Places to count (an empty list counts none); undefined: every place of the company. */
  places?: string[];
  /** The periods, each read apart and marked by `current` (the report's this/previous). */
  periods: (DayRange & { current: boolean })[];
  /** One outcome only (the dashboard's sales); undefined: every outcome. */
  outcome?: SalesOutcome;
  /** The store's today, for the cost of each way (never for what is counted). */
  today: string;
};

/**
 * A sub-select of signed rollup rows (current, product_uid, outcome, title, quantity,
 * total_cents) whose sums per product are the daily table's over the periods. A row taken
 * away has no title, so `max(title)` is of the rows added.
 */
export function productSalesRows(q: ProductSalesQuery) {
  const where = (
    table: typeof productSalesDaily | typeof productSalesMonthly,
    ...conditions: (SQL | undefined)[]
  ) =>
    ofTenant(
      q.tenant,
      table,
      eq(table.companyUid, q.companyUid),
      q.places ? inArray(table.placeUid, q.places.length ? q.places : [NO_PLACE]) : undefined,
      q.outcome ? eq(table.outcome, q.outcome) : undefined,
      ...conditions,
    );
  const fields = (
    table: typeof productSalesDaily | typeof productSalesMonthly,
    current: boolean,
    sign: 1 | -1,
  ) => ({
    current: sql<boolean>`${sql.raw(current ? 'true' : 'false')}`.as('current'),
    productUid: sql<string>`${table.productUid}`.as('product_uid'),
    outcome: sql<SalesOutcome>`${table.outcome}`.as('outcome'),
    title: (sign === 1 ? sql<string | null>`${table.title}` : sql<string | null>`null::text`).as(
      'title',
    ),
    quantity: (sign === 1 ? sql<number>`${table.quantity}` : sql<number>`-${table.quantity}`).as(
      'quantity',
    ),
    totalCents: (sign === 1
      ? sql<number>`${table.totalCents}`
      : sql<number>`-${table.totalCents}`
    ).as('total_cents'),
  });
  const days = (range: DayRange, current: boolean, sign: 1 | -1) =>
    q.db
      .select(fields(productSalesDaily, current, sign))
      .from(productSalesDaily)
      .where(
        where(
          productSalesDaily,
          gte(productSalesDaily.day, range.from),
          lte(productSalesDaily.day, range.to),
        ),
      );
  // Both tables select the same columns; drizzle's types only tell them apart by table name.
  type Branch = ReturnType<typeof days>;
  const branches: Branch[] = q.periods.flatMap((period) => {
    const parts = composeDays(period.from, period.to, q.today);
    return [
      ...(parts.months.length
        ? [
            q.db
              .select(fields(productSalesMonthly, period.current, 1))
              .from(productSalesMonthly)
              .where(
                where(productSalesMonthly, inArray(productSalesMonthly.month, parts.months)),
              ) as unknown as Branch,
          ]
        : []),
      ...parts.plus.map((r) => days(r, period.current, 1)),
      ...parts.minus.map((r) => days(r, period.current, -1)),
    ];
  });
  const [first, second, ...rest] = branches;
  const rows = second ? unionAll(first, second, ...rest) : first;
  return rows.as('product_sales');
}
