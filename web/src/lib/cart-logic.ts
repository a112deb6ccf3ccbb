import { centsToMoney, moneyToCents } from '@store/contract/catalog/cents';
import type { CartInput } from '@store/contract/catalog/cart';

/**
 * The cart's pure rules (commerce-and-loyalty sections 3 and 4), free of React and storage so
 * they are unit-tested on their own.
 */

export type ChosenOption = { uid: string; name: string; price: string };
export type ChosenGroup = { uid: string; name: string; options: ChosenOption[] };

/** One cart line as kept in localStorage `cart{placeUid}`. */
export type CartItem = {
  /** Line id: the product uid and the line's position ("{uid}-{position}"). */
  id: string;
  uid: string;
  title: string;
  image: string | null;
  quantity: number;
  direct_purchase: boolean;
  is_redeemable: boolean;
  coin_price: number | null;
  stock: number | null;
  unit_price: string;
  option_groups: ChosenGroup[];
  /** The product's category when it was added: category discounts cross its price out in the cart. */
  category_uid?: string | null;
  /** Set from the server's answer when logged in (prices always come from the database there). */
  options_price?: string;
  total?: string;
};

export type StoredCart = {
  place: string;
  products: CartItem[];
  subtotal?: string;
  /**
   * A change the server has not answered yet (logged in): a page left before the answer (a
   * reload, a typed address) sends it again on the next load instead of reading over it.
   */
  unsent?: true;
};

export const emptyCart = (place: string): StoredCart => ({ place, products: [] });

/** The line id of the spec: product uid and its position in the cart. */
export function lineId(uid: string, position: number): string {
  return `${uid}-${position}`;
}

/** Gives every line the id of its current position. */
export function renumber(items: CartItem[]): CartItem[] {
  return items.map((item, index) =>
    item.id === lineId(item.uid, index) ? item : { ...item, id: lineId(item.uid, index) },
  );
}

/** The line holding a product, if any (a cart holds a product once: re-adding replaces it). */
export function findLine(items: CartItem[], productUid: string): CartItem | undefined {
  return items.find((item) => item.uid === productUid);
}

/**
 * Adds a line; when the product is already in the cart its line is replaced in place (same
 * position, same id). A quantity of 0 or less removes it instead.
 */
export function upsertLine(items: CartItem[], line: Omit<CartItem, 'id'>): CartItem[] {
  if (line.quantity <= 0) return removeLine(items, line.uid);
  const index = items.findIndex((item) => item.uid === line.uid);
  // A local change invalidates the server's price of that line until the server answers again.
  const fresh: CartItem = { ...line, id: '', options_price: undefined, total: undefined };
  if (index < 0) return renumber([...items, fresh]);
  return renumber(items.map((item, i) => (i === index ? fresh : item)));
}

/** Removes a product's line; later lines move up a position. */
export function removeLine(items: CartItem[], productUid: string): CartItem[] {
  return renumber(items.filter((item) => item.uid !== productUid));
}

/** Sets a line's quantity (by line id); 0 or less removes the line. */
export function setLineQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return renumber(items.filter((item) => item.id !== id));
  return items.map((item) =>
    item.id === id ? { ...item, quantity, options_price: undefined, total: undefined } : item,
  );
}

/** Whether the plus button of a line is enabled: never at or above the counted stock. */
export function canIncrease(item: Pick<CartItem, 'quantity' | 'stock'>): boolean {
  return item.stock === null || item.quantity < item.stock;
}

/** Same product with the same options (in any order): the identity used when merging carts. */
export function lineKey(item: Pick<CartItem, 'uid' | 'option_groups'>): string {
  const options = item.option_groups
    .flatMap((group) => group.options.map((option) => `${group.uid}:${option.uid}`))
    .sort();
  return `${item.uid}|${options.join(',')}`;
}

/**
 * The merge done on the first load after login: the server's lines plus the guest's local
 * lines, so the guest never loses anything. A local line equal to a server line (same product
 * and options) takes its place with the local quantity; other local lines are added at the end.
 */
export function mergeCarts(server: CartItem[], local: CartItem[]): CartItem[] {
  const localByKey = new Map(local.map((item) => [lineKey(item), item]));
  const merged = server.map((item) => {
    const mine = localByKey.get(lineKey(item));
    if (!mine) return item;
    localByKey.delete(lineKey(item));
    return { ...item, quantity: mine.quantity, options_price: undefined, total: undefined };
  });
  return renumber([...merged, ...localByKey.values()]);
}

/** Per-unit price of the chosen options, in cents. */
export function optionsCents(item: Pick<CartItem, 'option_groups'>): number {
  return item.option_groups.reduce(
    (sum, group) => sum + group.options.reduce((s, option) => s + moneyToCents(option.price), 0),
    0,
  );
}

/** The line total: the server's when it priced the line, otherwise computed locally. */
export function lineTotal(item: CartItem): string {
  if (item.total !== undefined) return item.total;
  return centsToMoney((moneyToCents(item.unit_price) + optionsCents(item)) * item.quantity);
}

export function cartSubtotal(cart: StoredCart): string {
  if (cart.subtotal !== undefined) return cart.subtotal;
  return centsToMoney(cart.products.reduce((sum, item) => sum + moneyToCents(lineTotal(item)), 0));
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The body of `POST v5/me/shopping-cart/`. */
export function toCartInput(cart: StoredCart): CartInput {
  return {
    place: cart.place,
    products: cart.products.map((item) => ({
      id: item.id,
      uid: item.uid,
      quantity: item.quantity,
      direct_purchase: item.direct_purchase,
      option_groups: item.option_groups.map((group) => ({
        uid: group.uid,
        options: group.options.map((option) => ({ uid: option.uid })),
      })),
    })),
  };
}

type ServerLine = {
  id: string;
  uid: string;
  title: string;
  image: string | null;
  quantity: number;
  direct_purchase: boolean;
  is_redeemable: boolean;
  coin_price?: number | null;
  stock: number | null;
  unit_price: string;
  options_price: string;
  total: string;
  option_groups: {
    uid: string;
    name: string;
    options: { uid: string; name: string; price: string }[];
  }[];
};

/**
 * The server's cart as local lines. Coin prices come with the server's line; an older server
 * without them leaves the local line's.
 */
export function fromServerCart(
  server: { place: string; products: ServerLine[]; subtotal: string },
  local: CartItem[] = [],
): StoredCart {
  const coins = new Map(local.map((item) => [item.uid, item.coin_price]));
  // The server's cart line has no category; the local line that added it knows it.
  const categories = new Map(local.map((item) => [item.uid, item.category_uid]));
  return {
    place: server.place,
    subtotal: server.subtotal,
    products: renumber(
      server.products.map((line) => ({
        id: line.id,
        uid: line.uid,
        title: line.title,
        image: line.image,
        quantity: line.quantity,
        direct_purchase: line.direct_purchase,
        is_redeemable: line.is_redeemable,
        coin_price: line.coin_price ?? coins.get(line.uid) ?? null,
        category_uid: categories.get(line.uid) ?? null,
        stock: line.stock,
        unit_price: line.unit_price,
        options_price: line.options_price,
        total: line.total,
        option_groups: line.option_groups.map((group) => ({
          uid: group.uid,
          name: group.name,
          options: group.options.map((option) => ({
            uid: option.uid,
            name: option.name,
            price: option.price,
          })),
        })),
      })),
    ),
  };
}

export type GroupRule = {
  uid: string;
  name: string;
  minimum_to_select: number;
  maximum_to_select: number;
};

/**
 * Option validation of the popup (section 5): each group's selected count must lie between its
 * minimum and maximum. Returns the uids of the groups that are not satisfied.
 */
export function invalidGroups(groups: GroupRule[], selected: Record<string, string[]>): string[] {
  return groups
    .filter((group) => {
      const count = selected[group.uid]?.length ?? 0;
      const max = group.maximum_to_select > 0 ? group.maximum_to_select : Infinity;
      return count < group.minimum_to_select || count > max;
    })
    .map((group) => group.uid);
}

/** A group of which at most one option can be chosen: drawn as radio buttons, not checkboxes. */
export function isSingleChoice(group: GroupRule): boolean {
  return group.maximum_to_select === 1;
}

/** Whether one more option of the group may be ticked. */
export function canSelectMore(group: GroupRule, selected: Record<string, string[]>): boolean {
  const max = group.maximum_to_select > 0 ? group.maximum_to_select : Infinity;
  return (selected[group.uid]?.length ?? 0) < max;
}

/** The add button: disabled while loading, at quantity 0, or with an unsatisfied group. */
export function canAdd(
  groups: GroupRule[],
  selected: Record<string, string[]>,
  quantity: number,
  loading = false,
): boolean {
  return !loading && quantity > 0 && invalidGroups(groups, selected).length === 0;
}

/** Coins a member still needs for a redeemable item (0 when they have enough). */
export function coinsMissing(
  coinPrice: number | null,
  quantity: number,
  memberCoins: number,
): number {
  if (coinPrice === null) return 0;
  return Math.max(0, coinPrice * Math.max(quantity, 1) - memberCoins);
}

/** Extras shown on a cart line before the ellipsis button (section 9). */
export const EXTRAS_PREVIEW = 8;

export function previewExtras(item: Pick<CartItem, 'option_groups'>): {
  shown: string[];
  more: boolean;
} {
  const names = item.option_groups.flatMap((group) => group.options.map((option) => option.name));
  return { shown: names.slice(0, EXTRAS_PREVIEW), more: names.length > EXTRAS_PREVIEW };
}
