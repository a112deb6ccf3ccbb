import assert from 'node:assert/strict';
import { hhmmOf, storeMoment, weekdayOf, weekdays, type Weekday } from '@store/contract';
import type { RunningServer } from './server';

type Shift = { from: string; to: string };
export type Days = Record<Weekday, Shift[]>;
type AdminPlace = { uid: string; name: string; version: number };

/** Open around the clock: 00:00-12:00 and 12:00 to midnight, every day. */
export const ALL_DAY: Shift[] = [
  { from: '00:00', to: '12:00' },
  { from: '12:00', to: '00:00' },
];

export const everyDay = (shifts: Shift[]): Days =>
  Object.fromEntries(weekdays.map((day) => [day, shifts])) as Days;

/**
 * Sets the opening hours of places of the demo Café Aurora (localhost) through its owner's back
 * office API, as the owner would in /admin/places. The demo stores have real hours (Miraflores
 * 07:00-21:00 Lima): a browser test that orders a delivery, which is not taken while the place
 * is closed (issue 36 row 5), opens the place all day first, so it never depends on the hour it
 * runs at.
 */
export async function setAuroraHours(
  server: RunningServer,
  placeNames: string[],
  days: Days,
): Promise<void> {
  const api = (path: string) => server.url('localhost', `/api/${path}`);
  const login = await fetch(api('v5/login/'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dueno@aurora.pe', password: 'Dueno2026!' }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  const { token } = (await login.json()) as { token: string };
  const headers = { 'content-type': 'application/json', authorization: `Token ${token}` };
  const list = await fetch(api('v5/admin/places/?page_size=100'), { headers });
  assert.equal(list.status, 200, await list.clone().text());
  const places = ((await list.json()) as { results: AdminPlace[] }).results;
  for (const name of placeNames) {
    const place = places.find((p) => p.name === name);
    assert.ok(place, `no place named ${name}`);
    const changed = await fetch(api(`v5/admin/places/${place.uid}/`), {
      method: 'PATCH',
      headers,
      body: JSON.stringify({
        timetable: { days, closures: [], extra_note: '' },
        version: place.version,
      }),
    });
    assert.equal(changed.status, 200, await changed.text());
  }
}

/** Opens the named Aurora places around the clock (see setAuroraHours). */
export function openAuroraAllDay(server: RunningServer, placeNames: string[]): Promise<void> {
  return setAuroraHours(server, placeNames, everyDay(ALL_DAY));
}

/**
 * Hours that have the place closed now, whatever the time in Lima: open 07:00-21:00 only on the
 * weekday two store days from today, so the checkout says "abre el {día} a las 07:00".
 */
export function closedUntilTheDayAfterTomorrow(now = new Date()): { days: Days; opensOn: Weekday } {
  const today = weekdays.indexOf(weekdayOfNow(now));
  const opensOn = weekdays[(today + 2) % 7];
  const days = everyDay([]);
  days[opensOn] = [{ from: '07:00', to: '21:00' }];
  return { days, opensOn };
}

function weekdayOfNow(now: Date): Weekday {
  return weekdayOf(storeMoment(now).date);
}

/** "HH:MM" of an instant on the store clock (for messages a test reads). */
export const storeTime = (instant: Date) => hhmmOf(storeMoment(instant).minute);
