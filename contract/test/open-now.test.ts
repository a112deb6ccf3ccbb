import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closedNow, isOpenAt } from '../src/orders/open-now';
import { messageText, formatMessage } from '../src/errors/refs';
import { openingHoursOf, type Timetable } from '../src/orders/opening-hours';
import { adminPlaceForm, adminPlacePatch, adminPlacesMessages } from '../src/admin/places';

// Lima is UTC-5 all year: 2026-11-27 is a Friday, 2026-11-28 a Saturday, 2026-11-29 a Sunday.
const lima = (local: string) => new Date(`${local}-05:00`);
const timetable: Timetable = {
  monday: { from: '08:00', to: '20:00' },
  saturday: { from: '18:00', to: '02:00' },
  sunday: null,
};

test('open within the day, closed at and after closing, on the store clock', () => {
  assert.equal(isOpenAt(timetable, lima('2026-11-27T07:59:00')), false);
  assert.equal(isOpenAt(timetable, lima('2026-11-27T08:00:00')), true);
  assert.equal(isOpenAt(timetable, lima('2026-11-27T19:59:00')), true);
  assert.equal(isOpenAt(timetable, lima('2026-11-27T20:00:00')), false);
});

test("Saturday's hours past midnight keep the place open early on Sunday, a closed day", () => {
  assert.equal(isOpenAt(timetable, lima('2026-11-28T23:30:00')), true);
  assert.equal(isOpenAt(timetable, lima('2026-11-29T01:59:00')), true);
  assert.equal(isOpenAt(timetable, lima('2026-11-29T02:00:00')), false);
  assert.equal(isOpenAt(timetable, lima('2026-11-29T12:00:00')), false);
});

test('the editor form: hours, the map pin, delivery and pickup are checked together', () => {
  const base = {
    name: 'Local',
    address: 'Av. 1',
    locality_name: '',
    telephone1: null,
    telephone2: null,
    latitude: null,
    longitude: null,
    timetable: openingHoursOf(timetable),
    pickup_enabled: false,
    orders_paused: false,
    delivery: { enabled: true, base_fare: '5', per_km: '1', max_radius_km: 5 },
    version: 1,
  };
  const issues = adminPlaceForm.safeParse(base).error?.issues ?? [];
  assert.deepEqual(
    issues.map((i) => [i.path.join('.'), i.message]),
    [['delivery.enabled', adminPlacesMessages.placeDeliveryNeedsPin]],
  );
  assert.equal(adminPlaceForm.safeParse({ ...base, latitude: -12, longitude: -77 }).success, true);
  const same = adminPlacePatch.safeParse({
    timetable: {
      ...base.timetable,
      days: { ...base.timetable.days, sunday: [{ from: '10:00', to: '10:00' }] },
    },
    version: 1,
  });
  assert.deepEqual(
    same.error?.issues.map((i) => i.path.join('.')),
    ['timetable.days.sunday.0.to'],
  );
});

test('closed now: when it opens, today without a day, tomorrow, a weekday; null while open (issue 36 row 5)', () => {
  // Friday 07:00: opens today at 08:00.
  assert.deepEqual(closedNow(timetable, lima('2026-11-27T07:00:00')), {
    day: 'today',
    time: '08:00',
  });
  // Friday 21:00: opens tomorrow (Saturday) at 18:00.
  assert.deepEqual(closedNow(timetable, lima('2026-11-27T21:00:00')), {
    day: 'tomorrow',
    time: '18:00',
  });
  // Sunday noon (closed all day): Monday is tomorrow.
  assert.deepEqual(closedNow(timetable, lima('2026-11-29T12:00:00')), {
    day: 'tomorrow',
    time: '08:00',
  });
  // Open, also past midnight on Saturday's hours: nothing to say.
  assert.equal(closedNow(timetable, lima('2026-11-27T12:00:00')), null);
  assert.equal(closedNow(timetable, lima('2026-11-29T01:00:00')), null);
  // Open only on Wednesdays: on Friday evening it names the weekday.
  const wednesdays = openingHoursOf({ monday: null, saturday: null, sunday: null });
  wednesdays.days.wednesday = [{ from: '07:00', to: '21:00' }];
  assert.deepEqual(closedNow(wednesdays, lima('2026-11-27T22:00:00')), {
    day: 'wednesday',
    time: '07:00',
  });
  // Never within three weeks: no time to give.
  const never = openingHoursOf({ monday: null, saturday: null, sunday: null });
  assert.deepEqual(closedNow(never, lima('2026-11-27T12:00:00')), { day: null });
});

test("the server's refusal reads the day in each language, none for today", () => {
  const text = (day: string, language: 'es' | 'en') =>
    messageText(formatMessage('orders.closed_now_delivery', { day, time: '07:00' }), language);
  assert.match(text('', 'es'), /^Cerrado ahora, abre a las 07:00: /);
  assert.match(text('tomorrow', 'es'), /^Cerrado ahora, abre mañana a las 07:00: /);
  assert.match(text('thursday', 'es'), /^Cerrado ahora, abre el jueves a las 07:00: /);
  assert.match(text('thursday', 'en'), /^Closed now, opens on Thursday at 07:00: /);
  assert.match(text('', 'en'), /^Closed now, opens at 07:00: /);
});
