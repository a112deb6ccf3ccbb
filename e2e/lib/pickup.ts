import type { Page } from 'playwright-core';

/**
 * Picks a pickup slot on the checkout form: the first slot of the second offered day when there is
 * one, else of the first. Today's slots start at least half an hour from now, so today's first
 * slot stops being offered when the clock passes a half hour between the form's load and the
 * order; the server then rightly refuses it, and a test that picked it failed at :00 and :30.
 * Another day's slots stay offered all day. Answers the chosen slot's label ("09:00 - 09:30").
 */
export async function choosePickupSlot(page: Page): Promise<string> {
  const date = page.getByLabel('Fecha de recojo');
  await date.locator('option').nth(1).waitFor({ state: 'attached' });
  const choices = await date.locator('option').count();
  await date.selectOption({ index: choices > 2 ? 2 : 1 });
  const time = page.getByLabel('Hora de recojo');
  await time.locator('option').nth(1).waitFor({ state: 'attached' });
  await time.selectOption({ index: 1 });
  return ((await time.locator('option').nth(1).textContent()) ?? '').trim();
}
