import { eq, sql } from 'drizzle-orm';
import {
  catalogMessages,
  centsToMoney,
  formatMessage,
  type CartLine,
  type CartLineInput,
} from '@store/contract';
import type { Database } from '../../db/client';
import { placeProducts, products, type StoredCartLine } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { groupsFromJson, groupsJson, productColumns } from '../catalog/query-parts';
import { optionGroupToApi, type GroupWithOptions } from '../catalog/serialize';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { placeholder, preparedOnce } from '../../db/placeholder';

/**
 * Checking and pricing of posted product lines, shared by the cart, checkout
 * and subscriptions: one set of rules for what a line may hold and what it
 * costs, always read from the catalogue.
 */
type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'searchText' | 'searchTitle'>;
export type Sold = { product: ProductRow; stock: number | null; groups: GroupWithOptions[] };

/**
 * One statement, built once (every cart change, quote and order runs it): the products (without
 * their search columns, the widest) and their groups. The uids go as one array parameter, so any
 * number of them is the same statement.
 */
const productsSoldAt = preparedOnce((db) => {
  const tenant = tenantRef(placeholder<string>('tenant'));
  return db
    .select({
      product: productColumns,
      stock: placeProducts.stock,
      placePrice: placeProducts.priceCents,
      groups: groupsJson(tenant),
    })
    .from(placeProducts)
    .innerJoin(
      products,
      sameTenant(products, placeProducts, eq(products.uid, placeProducts.productUid)),
    )
    .where(
      ofTenant(
        tenant,
        placeProducts,
        eq(placeProducts.placeUid, placeholder<string>('place')),
        sql`${placeProducts.productUid} = any(${sql.placeholder('uids')}::uuid[])`,
        eq(products.isActive, true),
      ),
    )
    .prepare('');
});

/** The products of these uids that this place sells, with stock and option groups. */
export async function soldAt(
  db: Database,
  appId: string,
  placeUid: string,
  uids: string[],
): Promise<Map<string, Sold>> {
  const valid = [...new Set(uids.filter(isUid))];
  const sold = new Map<string, Sold>();
  if (valid.length === 0) return sold;
  const rows = await productsSoldAt(db).execute({ tenant: appId, place: placeUid, uids: valid });
  for (const { product, stock, placePrice, groups } of rows)
    sold.set(product.uid, {
      // A place's own price stands for the product's everywhere a cart, checkout or subscription prices it.
      product: { ...product, unitPriceCents: placePrice ?? product.unitPriceCents },
      stock,
      groups: groupsFromJson(groups),
    });
  return sold;
}

/**
 * Checks posted lines against the catalogue: every product sold at the place,
 * every group of the product, every option of its group, each group's
 * minimum and maximum, and (unless the caller takes stock itself, as checkout
 * does with a conditional update) the place's stock. Collects every problem
 * with its path, so the client can show them all at once.
 */
export function checkLines(
  lines: CartLineInput[],
  sold: Map<string, Sold>,
  options: { checkStock?: boolean; field?: string } = {},
): StoredCartLine[] {
  const field = options.field ?? 'products';
  const checkStock = options.checkStock ?? true;
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const stored: StoredCartLine[] = [];
  lines.forEach((line, i) => {
    const item = sold.get(line.uid);
    if (!item) return add(`${field}.${i}.uid`, catalogMessages.productNotSold);
    const chosen = new Map<string, string[]>();
    (line.option_groups ?? []).forEach((group, g) => {
      const known = item.groups.find((x) => x.uid === group.uid);
      if (!known)
        return add(`${field}.${i}.option_groups.${g}.uid`, catalogMessages.optionGroupNotInProduct);
      const seen = new Set<string>();
      group.options.forEach((option, o) => {
        if (!known.options.some((x) => x.uid === option.uid))
          add(
            `${field}.${i}.option_groups.${g}.options.${o}.uid`,
            catalogMessages.optionNotInGroup,
          );
        else if (seen.has(option.uid))
          add(`${field}.${i}.option_groups.${g}.options.${o}.uid`, catalogMessages.repeatedOption);
        seen.add(option.uid);
      });
      chosen.set(group.uid, [...(chosen.get(group.uid) ?? []), ...seen]);
    });
    item.groups.forEach((group) => {
      const n = chosen.get(group.uid)?.length ?? 0;
      if (n < group.minimumToSelect)
        add(
          `${field}.${i}.option_groups`,
          formatMessage(catalogMessages.tooFewOptions, {
            min: group.minimumToSelect,
            group: group.name,
          }),
        );
      if (n > group.maximumToSelect)
        add(
          `${field}.${i}.option_groups`,
          formatMessage(catalogMessages.tooManyOptions, {
            max: group.maximumToSelect,
            group: group.name,
          }),
        );
    });
    if (checkStock && item.stock !== null && item.stock <= 0)
      add(`${field}.${i}.quantity`, catalogMessages.productOutOfStock);
    else if (checkStock && item.stock !== null && line.quantity > item.stock)
      add(
        `${field}.${i}.quantity`,
        formatMessage(catalogMessages.notEnoughStock, {
          stock: item.stock,
          product: item.product.title,
        }),
      );
    stored.push({
      id: line.id || `${line.uid}-${i}`,
      uid: line.uid,
      quantity: line.quantity,
      direct_purchase: line.direct_purchase ?? false,
      option_groups: item.groups
        .filter((group) => chosen.has(group.uid))
        .map((group) => ({
          uid: group.uid,
          options: (chosen.get(group.uid) ?? []).map((uid) => ({ uid })),
        })),
    });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return stored;
}

/** One line priced in cents, with the chosen groups and options. */
export type PricedLine = {
  line: StoredCartLine;
  item: Sold;
  groups: GroupWithOptions[];
  unitPriceCents: number;
  optionsCents: number;
  totalCents: number;
};

/** Prices stored lines from the catalogue; lines whose product is no longer sold there are left out. */
export function priceLinesInCents(
  lines: StoredCartLine[],
  sold: Map<string, Sold>,
): { lines: PricedLine[]; subtotalCents: number } {
  let subtotalCents = 0;
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const item = sold.get(line.uid);
    if (!item) continue;
    const groups = item.groups
      .map((group) => {
        const chosen = new Set(
          line.option_groups.find((g) => g.uid === group.uid)?.options.map((o) => o.uid) ?? [],
        );
        return { ...group, options: group.options.filter((o) => chosen.has(o.uid)) };
      })
      .filter((group) => group.options.length > 0);
    const optionsCents = groups.reduce(
      (sum, g) => sum + g.options.reduce((s, o) => s + o.priceCents, 0),
      0,
    );
    const totalCents = (item.product.unitPriceCents + optionsCents) * line.quantity;
    subtotalCents += totalCents;
    priced.push({
      line,
      item,
      groups,
      unitPriceCents: item.product.unitPriceCents,
      optionsCents,
      totalCents,
    });
  }
  return { lines: priced, subtotalCents };
}

/** Stored lines priced as the cart answers them. */
export function priceLines(
  lines: StoredCartLine[],
  sold: Map<string, Sold>,
): { lines: CartLine[]; subtotalCents: number } {
  const priced = priceLinesInCents(lines, sold);
  return {
    subtotalCents: priced.subtotalCents,
    lines: priced.lines.map(({ line, item, groups, optionsCents, totalCents }) => ({
      id: line.id,
      uid: line.uid,
      title: item.product.title,
      image: item.product.image,
      quantity: line.quantity,
      direct_purchase: line.direct_purchase,
      is_redeemable: item.product.isRedeemable,
      coin_price: item.product.coinPrice,
      stock: item.stock,
      unit_price: centsToMoney(item.product.unitPriceCents),
      options_price: centsToMoney(optionsCents),
      total: centsToMoney(totalCents),
      option_groups: groups.map(optionGroupToApi),
    })),
  };
}
