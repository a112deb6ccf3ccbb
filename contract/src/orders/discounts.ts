import { minutesOf, storeMoment } from '../time/store-clock';
import type { Weekday } from './weekdays';

/**
 * Automatic discounts: price rules the owner sets up in the back office that the checkout applies
 * without a code. The engine is pure and zod-free, so the server prices orders with it and the
 * web shows the same crossed-out price (docs/decisions.md "Automatic discounts: the rule model").
 *
 * A rule is three parts, as Medusa's promotion module splits them:
 * - what it gives (`kind` and `value`: Medusa's application method, Saleor's reward);
 * - what it applies to (`target`, with the products or categories: Medusa's target rules);
 * - when it applies (place, weekday, hours, date range, member level, minimum subtotal: Medusa's
 *   rules, Saleor's predicates), and whether it combines with a coupon.
 */
export const discountKinds = ['PERCENT', 'AMOUNT', 'BUY_X_PAY_Y', 'COMBO_PRICE'] as const;
export type DiscountKind = (typeof discountKinds)[number];
export const discountTargets = ['ORDER', 'PRODUCTS', 'CATEGORIES'] as const;
export type DiscountTarget = (typeof discountTargets)[number];

export type DiscountRule = {
  uid: string;
  /** Shown to the shopper on the quote, the cart and the order ("Happy hour bebidas -10 %"). */
  name: string;
  kind: DiscountKind;
  target: DiscountTarget;
  productUids: readonly string[];
  categoryUids: readonly string[];
  /**
   * PERCENT: basis points (1000 = 10 %). AMOUNT: cents off each unit (products, categories) or
   * off the order once (ORDER). COMBO_PRICE: what one combo (one unit of each product) costs.
   * BUY_X_PAY_Y: unused (0).
   */
  value: number;
  /** BUY_X_PAY_Y: of every `buyQuantity` units, the `payQuantity` dearest are paid ("2x1": 2 and 1). */
  buyQuantity: number | null;
  payQuantity: number | null;
  /** Of the order's subtotal before any discount. */
  minSubtotalCents: number;
  /** Empty: every place, every weekday, every member (and visitors). */
  placeUids: readonly string[];
  weekdays: readonly Weekday[];
  /** Store time (America/Lima), minutes from midnight; both null: all day. A start after the end runs past midnight. */
  startMinute: number | null;
  endMinute: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  memberLevels: readonly string[];
  /** False: a coupon on the order sets this rule aside (the code the shopper typed wins). */
  stackableWithCoupons: boolean;
};

/** Who buys where and when: what the rules' conditions are checked against. */
export type DiscountContext = {
  now: Date;
  placeUid: string;
  /** Names of the levels the shopper holds in the company's programs (none for a visitor). */
  memberLevels: readonly string[];
  couponApplied: boolean;
};

/** One product line as priced from the catalogue. */
export type DiscountLine = {
  productUid: string;
  categoryUid: string | null;
  quantity: number;
  /** Unit price plus options, times the quantity. */
  totalCents: number;
};

export type AppliedDiscount = { ruleUid: string; name: string; amountCents: number };

export type DiscountResult = {
  /** Each rule that gave something, in the order it was applied. */
  applied: AppliedDiscount[];
  /** What the item rules took off each line (same order as the lines). */
  lineDiscountCents: number[];
  totalCents: number;
};

/** Whether the rule's conditions other than the minimum subtotal hold. */
export function ruleActive(rule: DiscountRule, ctx: Omit<DiscountContext, 'couponApplied'>) {
  if (rule.placeUids.length && !rule.placeUids.includes(ctx.placeUid)) return false;
  if (rule.validFrom && ctx.now < rule.validFrom) return false;
  if (rule.validUntil && ctx.now >= rule.validUntil) return false;
  if (rule.memberLevels.length && !rule.memberLevels.some((l) => ctx.memberLevels.includes(l)))
    return false;
  if (!rule.weekdays.length && rule.startMinute === null) return true;
  const moment = storeMoment(ctx.now);
  if (rule.weekdays.length && !rule.weekdays.includes(moment.weekday)) return false;
  if (rule.startMinute !== null && rule.endMinute !== null) {
    const { startMinute: start, endMinute: end } = rule;
    const inside =
      start <= end
        ? moment.minute >= start && moment.minute < end
        : moment.minute >= start || moment.minute < end;
    if (!inside) return false;
  }
  return true;
}

function targets(rule: DiscountRule, line: Pick<DiscountLine, 'productUid' | 'categoryUid'>) {
  if (rule.target === 'ORDER') return true;
  if (rule.target === 'PRODUCTS') return rule.productUids.includes(line.productUid);
  return line.categoryUid !== null && rule.categoryUids.includes(line.categoryUid);
}

/** What one item rule takes off each line, given the lines still free of another item rule. */
function itemDiscounts(rule: DiscountRule, lines: DiscountLine[], free: boolean[]): number[] {
  const off = lines.map(() => 0);
  const eligible = lines.map((l, i) => free[i] && l.quantity > 0 && targets(rule, l));
  if (rule.kind === 'PERCENT' || rule.kind === 'AMOUNT') {
    lines.forEach((l, i) => {
      if (!eligible[i]) return;
      const wanted =
        rule.kind === 'PERCENT'
          ? Math.round((l.totalCents * rule.value) / 10_000)
          : rule.value * l.quantity;
      off[i] = Math.max(0, Math.min(l.totalCents, wanted));
    });
  } else if (rule.kind === 'BUY_X_PAY_Y') {
    const buy = rule.buyQuantity ?? 0;
    const pay = rule.payQuantity ?? 0;
    if (buy < 2 || pay < 1 || pay >= buy) return off;
    // Every unit of the eligible lines, dearest first: in each group of `buy`, the cheapest go free.
    const units = lines
      .flatMap((l, i) =>
        eligible[i]
          ? Array.from({ length: l.quantity }, (_, k) => ({ i, cents: unitCents(l, k) }))
          : [],
      )
      .sort((a, b) => b.cents - a.cents || a.i - b.i);
    for (let g = 0; g + buy <= units.length; g += buy)
      for (const u of units.slice(g + pay, g + buy)) off[u.i] += u.cents;
  } else if (rule.kind === 'COMBO_PRICE') {
    const wanted = [...new Set(rule.productUids)];
    if (!wanted.length || rule.target !== 'PRODUCTS') return off;
    // For each product of the combo: its eligible lines, cheapest unit first.
    const perProduct = wanted.map((uid) =>
      lines
        .map((l, i) => ({ l, i }))
        .filter(({ l, i }) => eligible[i] && l.productUid === uid)
        .sort((a, b) => unitCents(a.l, 0) - unitCents(b.l, 0)),
    );
    const sets = Math.min(...perProduct.map((ls) => ls.reduce((n, { l }) => n + l.quantity, 0)));
    if (!sets) return off;
    // Each combo takes the cheapest units of each product; what they cost above the combo price is taken off them.
    for (let s = 0; s < sets; s++) {
      const picked = perProduct.map((ls) => {
        let k = s;
        for (const x of ls) {
          if (k < x.l.quantity) return { i: x.i, cents: unitCents(x.l, k) };
          k -= x.l.quantity;
        }
        throw new Error('combo unit out of range');
      });
      const full = picked.reduce((n, p) => n + p.cents, 0);
      const saving = Math.max(0, full - rule.value);
      if (!saving) break;
      // Shared in proportion to each unit's price; the rounding rest goes to the last one.
      let left = saving;
      picked.forEach((p, j) => {
        const share =
          j === picked.length - 1 ? left : Math.min(left, Math.floor((saving * p.cents) / full));
        off[p.i] += share;
        left -= share;
      });
    }
  }
  // Never more than the line costs (AMOUNT and the shares above stay within it).
  return off.map((o, i) => Math.min(o, lines[i].totalCents));
}

/** The k-th unit's price of a line: the rest of an uneven split goes to the first units. */
function unitCents(l: DiscountLine, k: number) {
  const base = Math.floor(l.totalCents / l.quantity);
  return base + (k < l.totalCents - base * l.quantity ? 1 : 0);
}

const isItemRule = (r: DiscountRule) =>
  r.target !== 'ORDER' || r.kind === 'BUY_X_PAY_Y' || r.kind === 'COMBO_PRICE';

/**
 * Applies the rules that hold to an order's lines:
 * 1. 2x1s and combos, the one giving the most first; each holds the lines it counts;
 * 2. each line still free takes the one percentage or amount off that gives it the most (Saleor's
 *    "best catalogue promotion per product": discounts on one line never pile up);
 * 3. then the single order rule that gives the most on what is left (Saleor's one order promotion);
 * never more than the subtotal. With a coupon, only rules stackable with coupons count.
 */
export function applyDiscounts(
  rules: readonly DiscountRule[],
  lines: DiscountLine[],
  ctx: DiscountContext,
): DiscountResult {
  const subtotal = lines.reduce((n, l) => n + l.totalCents, 0);
  const holding = rules
    .filter(
      (r) =>
        (!ctx.couponApplied || r.stackableWithCoupons) &&
        subtotal >= r.minSubtotalCents &&
        ruleActive(r, ctx),
    )
    .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const applied: AppliedDiscount[] = [];
  const lineDiscountCents = lines.map(() => 0);
  const free = lines.map(() => true);
  // 1. 2x1s and combos, the one that gives the most first: each takes the lines it counts.
  let bundles = holding.filter((r) => r.kind === 'BUY_X_PAY_Y' || r.kind === 'COMBO_PRICE');
  for (;;) {
    let best: { rule: DiscountRule; off: number[]; sum: number } | null = null;
    for (const rule of bundles) {
      const off = itemDiscounts(rule, lines, free);
      const sum = off.reduce((n, o) => n + o, 0);
      if (sum > 0 && (!best || sum > best.sum)) best = { rule, off, sum };
    }
    if (!best) break;
    const { rule, off, sum } = best;
    off.forEach((o, i) => (lineDiscountCents[i] += o));
    // The full-price units it counted are held too, so they cannot feed a second rule.
    lines.forEach((l, i) => {
      if (targets(rule, l)) free[i] = false;
    });
    applied.push({ ruleUid: rule.uid, name: rule.name, amountCents: sum });
    bundles = bundles.filter((r) => r !== rule);
  }
  // 2. Each line still free takes the percentage or amount off that gives it the most.
  const simple = holding.filter(
    (r) => isItemRule(r) && (r.kind === 'PERCENT' || r.kind === 'AMOUNT'),
  );
  const perRule = new Map<DiscountRule, number>();
  lines.forEach((l, i) => {
    if (!free[i]) return;
    let best: { rule: DiscountRule; off: number } | null = null;
    for (const rule of simple) {
      const off = itemDiscounts(rule, [l], [true])[0];
      if (off > 0 && (!best || off > best.off)) best = { rule, off };
    }
    if (!best) return;
    lineDiscountCents[i] += best.off;
    free[i] = false;
    perRule.set(best.rule, (perRule.get(best.rule) ?? 0) + best.off);
  });
  for (const rule of simple) {
    const amount = perRule.get(rule);
    if (amount) applied.push({ ruleUid: rule.uid, name: rule.name, amountCents: amount });
  }
  const afterItems = subtotal - lineDiscountCents.reduce((n, o) => n + o, 0);
  let order: AppliedDiscount | null = null;
  for (const rule of holding.filter((r) => !isItemRule(r))) {
    const wanted =
      rule.kind === 'PERCENT' ? Math.round((afterItems * rule.value) / 10_000) : rule.value;
    const amount = Math.max(0, Math.min(afterItems, wanted));
    if (amount > 0 && (!order || amount > order.amountCents))
      order = { ruleUid: rule.uid, name: rule.name, amountCents: amount };
  }
  if (order) applied.push(order);
  return {
    applied,
    lineDiscountCents,
    totalCents: applied.reduce((n, a) => n + a.amountCents, 0),
  };
}

/**
 * The price a product page and the cart show crossed out: the best percentage or amount off this
 * product that holds now with no minimum subtotal (2x1 and combos depend on the whole cart and
 * are named, not priced, on the product). Null when no rule lowers it.
 */
export function discountedUnitPrice(
  rules: readonly DiscountRule[],
  product: { uid: string; categoryUid: string | null; unitPriceCents: number },
  ctx: Omit<DiscountContext, 'couponApplied'>,
): { cents: number; rule: AppliedDiscount } | null {
  const line = {
    productUid: product.uid,
    categoryUid: product.categoryUid,
    quantity: 1,
    totalCents: product.unitPriceCents,
  };
  const result = applyDiscounts(
    rules.filter(
      (r) =>
        (r.kind === 'PERCENT' || r.kind === 'AMOUNT') &&
        r.target !== 'ORDER' &&
        r.minSubtotalCents === 0,
    ),
    [line],
    { ...ctx, couponApplied: false },
  );
  const first = result.applied[0];
  return first ? { cents: product.unitPriceCents - result.totalCents, rule: first } : null;
}

/** A rule as `GET v5/places/{uid}/discounts/` answers it (contract PlaceDiscount), typed loosely to stay zod-free. */
export type PlaceDiscountJson = {
  uid: string;
  name: string;
  kind: DiscountKind;
  target: DiscountTarget;
  product_uids: string[];
  category_uids: string[];
  value: string;
  buy_quantity: number | null;
  pay_quantity: number | null;
  min_subtotal: string;
  weekdays: string[];
  start_time: string | null;
  end_time: string | null;
  valid_from: string | null;
  valid_until: string | null;
  member_levels: string[];
  stackable_with_coupons: boolean;
};

const centsOf = (money: string) => Math.round(Number(money) * 100);

/** The engine's rule from the place's public list. */
export function ruleFromJson(d: PlaceDiscountJson): DiscountRule {
  return {
    uid: d.uid,
    name: d.name,
    kind: d.kind,
    target: d.target,
    productUids: d.product_uids,
    categoryUids: d.category_uids,
    // PERCENT "10.00" is 1000 basis points, as money "10.00" is 1000 cents.
    value: centsOf(d.value),
    buyQuantity: d.buy_quantity,
    payQuantity: d.pay_quantity,
    minSubtotalCents: centsOf(d.min_subtotal),
    placeUids: [],
    weekdays: d.weekdays as Weekday[],
    startMinute: d.start_time === null ? null : minutesOf(d.start_time),
    endMinute: d.end_time === null ? null : minutesOf(d.end_time),
    validFrom: d.valid_from ? new Date(d.valid_from) : null,
    validUntil: d.valid_until ? new Date(d.valid_until) : null,
    memberLevels: d.member_levels,
    stackableWithCoupons: d.stackable_with_coupons,
  };
}
