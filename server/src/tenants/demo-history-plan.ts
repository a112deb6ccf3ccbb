import { addDays, type StoreDate } from '@store/contract';

/** The demo tenant whose owner lands in /admin with weeks of orders to look at. */
export const HISTORY_APP = 'demo';
export const HISTORY_COMPANY = 'aurora';
export const HISTORY_DAYS = 35;

export type HistoryProduct = { key: string; title: string; price_cents: number };
export type PlannedOrder = {
  date: StoreDate;
  /** Minutes after the store's midnight (07:00 to 20:59). */
  minute: number;
  place: string;
  lines: { key: string; quantity: number }[];
  status: 'DELIVERED' | 'CANCELED_BY_PLACE' | 'CANCELED_BY_USER';
  total_cents: number;
};

/** A small deterministic generator (mulberry32): the same plan for the same day, everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo's past orders: HISTORY_DAYS store days before `today` (today itself stays
 * empty, for what people and tests do live), more on weekends, about one in twelve
 * canceled. Pure and deterministic, so a browser test can compute the figures it expects.
 */
export function planDemoHistory(
  today: StoreDate,
  products: HistoryProduct[],
  places: string[],
): PlannedOrder[] {
  const plan: PlannedOrder[] = [];
  const price = new Map(products.map((p) => [p.key, p.price_cents]));
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    const next = random(Number(date.replaceAll('-', '')));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const count = 4 + Math.floor(next() * 6) + (weekday === 0 || weekday === 6 ? 5 : 0);
    for (let i = 0; i < count; i++) {
      const lines = new Map<string, number>();
      const lineCount = 1 + Math.floor(next() * 3);
      for (let l = 0; l < lineCount; l++) {
        const key = products[Math.floor(next() * products.length)].key;
        lines.set(key, (lines.get(key) ?? 0) + 1 + Math.floor(next() * 2));
      }
      const roll = next();
      const order = {
        date,
        minute: 7 * 60 + Math.floor(next() * 14 * 60),
        place: places[Math.floor(next() * places.length)],
        lines: [...lines].map(([key, quantity]) => ({ key, quantity })),
        status:
          roll < 0.05
            ? ('CANCELED_BY_PLACE' as const)
            : roll < 0.08
              ? ('CANCELED_BY_USER' as const)
              : ('DELIVERED' as const),
      };
      plan.push({
        ...order,
        total_cents: order.lines.reduce((sum, l) => sum + price.get(l.key)! * l.quantity, 0),
      });
    }
  }
  return plan;
}

/** The demo file's products that money buys (redeemable ones are for coins). */
export function historyProductsOf(file: {
  catalog?: {
    products?: { key: string; title: string; price: string; is_redeemable?: boolean }[];
  };
}): HistoryProduct[] {
  return (file.catalog?.products ?? [])
    .filter((p) => !p.is_redeemable)
    .map((p) => ({
      key: p.key,
      title: p.title,
      price_cents: Math.round(Number(p.price) * 100),
    }));
}
