import { and, eq, inArray } from 'drizzle-orm';
import { catalogMessages, centsToMoney, formatMessage, type Cart, type CartLine, type CartInput } from '@store/contract';
import type { Database } from '../../db/client';
import { placeProducts, products, shoppingCarts, type StoredCartLine } from '../../db/schema';
import type { AppRow } from '../tenancy/service';
import { ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { findPlace } from '../places/service';
import { groupsOf } from '../catalog/service';
import { optionGroupToApi, type GroupWithOptions } from '../catalog/serialize';

type ProductRow = typeof products.$inferSelect;
type Sold = { product: ProductRow; stock: number | null; groups: GroupWithOptions[] };

/** The products of these uids that this place sells, with stock and option groups. */
async function soldAt(db: Database, appId: string, placeUid: string, uids: string[]): Promise<Map<string, Sold>> {
  const valid = [...new Set(uids.filter(isUid))];
  const sold = new Map<string, Sold>();
  if (valid.length === 0) return sold;
  const rows = await db
    .select({ product: products, stock: placeProducts.stock })
    .from(placeProducts)
    .innerJoin(products, and(eq(products.appId, placeProducts.appId), eq(products.uid, placeProducts.productUid)))
    .where(and(eq(placeProducts.appId, appId), eq(placeProducts.placeUid, placeUid), inArray(placeProducts.productUid, valid), eq(products.isActive, true)));
  const groups = await groupsOf(db, appId, rows.map((r) => r.product.uid));
  for (const row of rows) sold.set(row.product.uid, { ...row, groups: groups.get(row.product.uid) ?? [] });
  return sold;
}

/**
 * Checks posted lines against the catalogue: every product sold at the place,
 * every group of the product, every option of its group, each group's
 * minimum and maximum, and the place's stock. Collects every problem with its
 * path, so the client can show them all at once.
 */
function checkLines(lines: CartInput['products'], sold: Map<string, Sold>): StoredCartLine[] {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const stored: StoredCartLine[] = [];
  lines.forEach((line, i) => {
    const item = sold.get(line.uid);
    if (!item) return add(`products.${i}.uid`, catalogMessages.productNotSold);
    const chosen = new Map<string, string[]>();
    (line.option_groups ?? []).forEach((group, g) => {
      const known = item.groups.find((x) => x.uid === group.uid);
      if (!known) return add(`products.${i}.option_groups.${g}.uid`, catalogMessages.optionGroupNotInProduct);
      const seen = new Set<string>();
      group.options.forEach((option, o) => {
        if (!known.options.some((x) => x.uid === option.uid)) add(`products.${i}.option_groups.${g}.options.${o}.uid`, catalogMessages.optionNotInGroup);
        else if (seen.has(option.uid)) add(`products.${i}.option_groups.${g}.options.${o}.uid`, catalogMessages.repeatedOption);
        seen.add(option.uid);
      });
      chosen.set(group.uid, [...(chosen.get(group.uid) ?? []), ...seen]);
    });
    item.groups.forEach((group) => {
      const n = chosen.get(group.uid)?.length ?? 0;
      if (n < group.minimumToSelect) add(`products.${i}.option_groups`, formatMessage(catalogMessages.tooFewOptions, { min: group.minimumToSelect, group: group.name }));
      if (n > group.maximumToSelect) add(`products.${i}.option_groups`, formatMessage(catalogMessages.tooManyOptions, { max: group.maximumToSelect, group: group.name }));
    });
    if (item.stock !== null && item.stock <= 0) add(`products.${i}.quantity`, catalogMessages.productOutOfStock);
    else if (item.stock !== null && line.quantity > item.stock)
      add(`products.${i}.quantity`, formatMessage(catalogMessages.notEnoughStock, { stock: item.stock, product: item.product.title }));
    stored.push({
      id: line.id || `${line.uid}-${i}`,
      uid: line.uid,
      quantity: line.quantity,
      direct_purchase: line.direct_purchase ?? false,
      option_groups: item.groups
        .filter((group) => chosen.has(group.uid))
        .map((group) => ({ uid: group.uid, options: (chosen.get(group.uid) ?? []).map((uid) => ({ uid })) })),
    });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return stored;
}

/** Prices stored lines from the catalogue; lines whose product is no longer sold there are left out. */
function priceLines(lines: StoredCartLine[], sold: Map<string, Sold>): { lines: CartLine[]; subtotalCents: number } {
  let subtotalCents = 0;
  const priced: CartLine[] = [];
  for (const line of lines) {
    const item = sold.get(line.uid);
    if (!item) continue;
    const groups = item.groups
      .map((group) => {
        const chosen = new Set(line.option_groups.find((g) => g.uid === group.uid)?.options.map((o) => o.uid) ?? []);
        return { ...group, options: group.options.filter((o) => chosen.has(o.uid)) };
      })
      .filter((group) => group.options.length > 0);
    const optionsCents = groups.reduce((sum, g) => sum + g.options.reduce((s, o) => s + o.priceCents, 0), 0);
    const totalCents = (item.product.unitPriceCents + optionsCents) * line.quantity;
    subtotalCents += totalCents;
    priced.push({
      id: line.id,
      uid: line.uid,
      title: item.product.title,
      image: item.product.image,
      quantity: line.quantity,
      direct_purchase: line.direct_purchase,
      is_redeemable: item.product.isRedeemable,
      stock: item.stock,
      unit_price: centsToMoney(item.product.unitPriceCents),
      options_price: centsToMoney(optionsCents),
      total: centsToMoney(totalCents),
      option_groups: groups.map(optionGroupToApi),
    });
  }
  return { lines: priced, subtotalCents };
}

export async function getCart(db: Database, app: AppRow, userUid: string, placeUid: string): Promise<Cart> {
  const place = await findPlace(db, app, placeUid);
  const [row] = await db
    .select()
    .from(shoppingCarts)
    .where(and(eq(shoppingCarts.appId, app.uid), eq(shoppingCarts.userUid, userUid), eq(shoppingCarts.placeUid, place.uid)));
  const lines = row?.lines ?? [];
  const sold = await soldAt(db, app.uid, place.uid, lines.map((l) => l.uid));
  const priced = priceLines(lines, sold);
  return { place: place.uid, products: priced.lines, subtotal: centsToMoney(priced.subtotalCents), updated_at: row?.updatedAt.toISOString() ?? null };
}

/** Replaces the member's cart at a place with the posted lines, after checking every one. */
export async function saveCart(db: Database, app: AppRow, userUid: string, input: CartInput): Promise<Cart> {
  if (!isUid(input.place)) throw new ValidationError({ place: [catalogMessages.placeNotFound] });
  const place = await findPlace(db, app, input.place).catch(() => {
    throw new ValidationError({ place: [catalogMessages.placeNotFound] });
  });
  const sold = await soldAt(db, app.uid, place.uid, input.products.map((l) => l.uid));
  const lines = checkLines(input.products, sold);
  const now = new Date();
  await db
    .insert(shoppingCarts)
    .values({ appId: app.uid, userUid, placeUid: place.uid, lines, updatedAt: now })
    .onConflictDoUpdate({ target: [shoppingCarts.appId, shoppingCarts.userUid, shoppingCarts.placeUid], set: { lines, updatedAt: now } });
  const priced = priceLines(lines, sold);
  return { place: place.uid, products: priced.lines, subtotal: centsToMoney(priced.subtotalCents), updated_at: now.toISOString() };
}
