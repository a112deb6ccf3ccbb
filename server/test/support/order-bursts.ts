import { billing, type Shop } from './orders';
import type { TestApp } from './test-app';

/** The furthest pickup slot the shop offers, so a slot never passes while a long burst runs. */
export async function lastSlot(t: TestApp, s: Shop) {
  const schedule = (await t.get(`/api/v7/places/${s.place}/pickup-schedule/`, { host: s.host }))
    .data;
  const day = schedule.days.at(-1);
  const slot = day.slots.at(-1);
  return { date: day.date as string, start: slot.start as string, end: slot.end as string };
}

export type Slot = Awaited<ReturnType<typeof lastSlot>>;

/** One order of a burst: `quantity` small cakes (10.00 each) to pick up at `slot`, paid cash. */
export function burstOrder(s: Shop, slot: Slot, quantity: number) {
  return {
    shipping_type: 'pickup',
    pickup: slot,
    products: [s.cakeLine(quantity)],
    expected_total: (10 * quantity).toFixed(2),
    payment_method: s.cash,
    billing,
  };
}

/** `count` new members of the shop: the sessions a burst's clients send with. */
export async function memberSessions(s: Shop, count: number) {
  const members = await Promise.all(Array.from({ length: count }, () => s.member()));
  return members.map((m) => m.auth);
}
