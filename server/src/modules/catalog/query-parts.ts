import { eq, getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { optionGroups, options, productCategories, products } from '../../db/schema';
import { prefixTsQuery } from '../../lib/search';
import {
  categoryApiFields,
  productApiFields,
  type ApiCategoryRow,
  type ApiProductRow,
  type GroupWithOptions,
} from './serialize';
import { ofTenant, sameTenant, type TenantRef } from '../../scope/tenant-query';
import { jsonRow, jsonRowReader } from '../../db/json-rows';

// What the catalogue's queries share: the columns they select and read back from JSON, a
// product's option groups in its own row, the place's price, and the search match.

// Search columns stay in the database: lists never send them, and the vector is the widest column.
const {
  searchVector: _v,
  searchText: _t,
  searchTitle: _s,
  ...columnsWithoutSearch
} = getTableColumns(products);
export const productColumns = columnsWithoutSearch;

const pick = <C extends Record<string, unknown>, K extends keyof C>(all: C, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<C, K>;
/**
 * A list page's product and category, as JSON, carry only what the shopper is answered with: the
 * database builds and the server parses about half as much per row (bench/RESULTS.md, 2026-12-01).
 */
export const listedProductColumns = pick(productColumns, productApiFields);
export const listedCategoryColumns = pick(getTableColumns(productCategories), categoryApiFields);
export const productFromJson = jsonRowReader(listedProductColumns) as (
  json: Record<string, unknown>,
) => ApiProductRow;
export const categoryFromJson = jsonRowReader(listedCategoryColumns) as (
  json: Record<string, unknown>,
) => ApiCategoryRow;

/** The spec's artificial "All" category. */
export const ALL_CATEGORIES = '000';

/** The product as a place sells it: the place's own price (set in the back office) stands for the product's. */
export function atPlacePrice<T extends { unitPriceCents: number }>(
  product: T,
  placePrice: number | null,
): T {
  return placePrice === null ? product : { ...product, unitPriceCents: placePrice };
}

/**
 * The active option groups of the outer query's `products` row, each with its active options,
 * both by position, as one JSON value: a page's or a cart's products come with their groups in
 * their own statement instead of two more. `groupsFromJson` reads it.
 * Each subquery names the tenant itself rather than only matching the outer row's: on Citus a
 * correlated subquery without its own `app_id = constant` is not pruned, and the statement fans
 * out to every shard (test/citus-distribution.test.ts).
 */
export function groupsJson(tenant: TenantRef): SQL<Record<string, unknown>[]> {
  const activeOptions = sql`select coalesce(json_agg(${jsonRow(options)} order by ${options.position}), '[]'::json)
    from ${options}
    where ${ofTenant(
      tenant,
      options,
      sameTenant(options, optionGroups, eq(options.groupUid, optionGroups.uid)),
      eq(options.isActive, true),
    )}`;
  return sql<Record<string, unknown>[]>`(
    select coalesce(json_agg(json_build_object('group', ${jsonRow(optionGroups)}, 'options', (${activeOptions})) order by ${optionGroups.position}), '[]'::json)
    from ${optionGroups}
    where ${ofTenant(
      tenant,
      optionGroups,
      sameTenant(optionGroups, products, eq(optionGroups.productUid, products.uid)),
      eq(optionGroups.isActive, true),
    )}
  )`;
}

const groupFromJson = jsonRowReader(optionGroups);
const optionFromJson = jsonRowReader(options);

/** The groups of `groupsJson`, as rows of their tables. */
export function groupsFromJson(json: Record<string, unknown>[]): GroupWithOptions[] {
  return json.map((g) => ({
    ...groupFromJson(g.group as Record<string, unknown>),
    options: (g.options as Record<string, unknown>[]).map(optionFromJson),
  }));
}

/** The rows whose search vector matches a prefix tsquery (`prefixTsQuery`), and their rank. */
export function tsMatch(vector: AnyColumn, query: string): { where: SQL; rank: SQL<number> } {
  return {
    where: sql`${vector} @@ to_tsquery('spanish', ${query})`,
    rank: sql<number>`ts_rank(${vector}, to_tsquery('spanish', ${query}))`,
  };
}

export function searchWhere(
  vector: AnyColumn,
  search: string | undefined,
): { where?: SQL; rank?: SQL } {
  const query = search ? prefixTsQuery(search) : null;
  if (!search) return {};
  if (!query) return { where: sql`false` };
  return tsMatch(vector, query);
}
