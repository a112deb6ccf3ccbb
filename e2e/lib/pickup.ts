import type { Page } from 'playwright-core';
import { PICKUP_LEAD_MINUTES, minutesOf, storeInstant } from '@store/contract';

/**
 * Whether a slot stays orderable for five minutes more. A slot is offered until its start minus
 * the pickup lead; the very first slot of today may close between reading the schedule and
 * placing the order, and a slow run that crossed that boundary failed (the server rightly
 * refused the slot). The same rule as the server tests' `firstSlot`.
 */
export function staysOrderable(date: string, start: string, now = Date.now()): boolean {
  return storeInstant(date, minutesOf(start) - PICKUP_LEAD_MINUTES).getTime() > now + 5 * 60_000;
}

/** The first slot of a pickup schedule (`GET v7/places/{uid}/pickup-schedule/`) that stays orderable. */
export function orderableSlot<S extends { start: string }>(schedule: {
  days: { date: string; slots: S[] }[];
}): S & { date: string } {
  for (const day of schedule.days)
    for (const slot of day.slots)
      if (staysOrderable(day.date, slot.start)) return { ...slot, date: day.date };
  throw new Error('no pickup slot of the schedule stays orderable for five minutes');
}

/**
 * Picks a pickup slot on the checkout form: the first one that stays orderable for five minutes
 * more (see `staysOrderable`), trying the offered days in order. Answers the chosen slot's label
 * ("09:00 - 09:30").
 */
export async function choosePickupSlot(page: Page): Promise<string> {
  const date = page.getByLabel('Fecha de recojo');
  await date.locator('option').nth(1).waitFor({ state: 'attached' });
  const values = (select: typeof date) =>
    select
      .locator('option')
      .evaluateAll((options) =>
        options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''),
      );
  const time = page.getByLabel('Hora de recojo');
  for (const day of await values(date)) {
    await date.selectOption(day);
    await time.locator('option').nth(1).waitFor({ state: 'attached' });
    const start = (await values(time)).find((s) => staysOrderable(day, s));
    if (!start) continue;
    await time.selectOption(start);
    return ((await time.locator(`option[value="${start}"]`).textContent()) ?? '').trim();
  }
  throw new Error('no pickup slot on the form stays orderable for five minutes');
}
