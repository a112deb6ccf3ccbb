import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  acceptanceLimit,
  addOpenMinutes,
  closedHours,
  nextOpening,
  offeredPickupSlot,
  pickupDays,
  specTimetableOf,
  subscriptionSlots,
  type OpeningHours,
} from '../src/orders/opening-hours';
import { isOpenAt } from '../src/orders/open-now';
import { adminPlacePatch } from '../src/admin/places';

// Issue 36 rows 5 and 6. Lima is UTC-5: 2026-12-02 is a Wednesday, 2026-12-08 a Tuesday.
const lima = (local: string) => new Date(`${local}-05:00`);
const split = [
  { from: '12:00', to: '15:00' },
  { from: '19:00', to: '23:00' },
];
const cafe: OpeningHours = {
  ...closedHours(),
  days: {
    monday: [],
    tuesday: split,
    wednesday: [{ from: '07:00', to: '22:00' }],
    thursday: [{ from: '07:00', to: '22:00' }],
    friday: [{ from: '07:00', to: '22:00' }],
    saturday: [{ from: '08:00', to: '02:00' }],
    sunday: [],
  },
  closures: [{ date: '2026-12-08', note: 'Inmaculada Concepción' }],
  extra_note: '',
};

test('split shifts: open in each, closed between; a dated closure closes the day', () => {
  const tuesday = '2026-12-01';
  assert.equal(isOpenAt(cafe, lima(`${tuesday}T12:30:00`)), true);
  assert.equal(isOpenAt(cafe, lima(`${tuesday}T16:00:00`)), false);
  assert.equal(isOpenAt(cafe, lima(`${tuesday}T19:00:00`)), true);
  assert.equal(isOpenAt(cafe, lima('2026-12-08T12:30:00')), false, 'the holiday');
  const days = pickupDays(cafe, lima(`${tuesday}T06:00:00`), 14);
  const first = days[0];
  assert.equal(first.date, tuesday);
  assert.deepEqual(
    first.slots.map((s) => s.start),
    [
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
    ],
  );
  assert.ok(!days.some((d) => d.date === '2026-12-08'), 'no slots on the holiday');
  assert.ok(!days.some((d) => d.date === '2026-12-07'), 'no slots on a closed Monday');
  const now = lima(`${tuesday}T06:00:00`);
  assert.ok(offeredPickupSlot(cafe, now, { date: tuesday, start: '19:30' }));
  assert.equal(offeredPickupSlot(cafe, now, { date: tuesday, start: '16:00' }), null);
  assert.deepEqual(
    subscriptionSlots(cafe, ['tuesday', 'wednesday'])
      .map((s) => s.start)
      .slice(0, 2),
    ['12:00', '12:30'],
  );
});

test("the spec's timetable is derived: first weekday that opens, each day's span", () => {
  assert.deepEqual(specTimetableOf(cafe), {
    monday: { from: '12:00', to: '23:00' },
    saturday: { from: '08:00', to: '02:00' },
    sunday: null,
    extra_note: '',
  });
});

test('next opening and open minutes skip nights, closed days and closures', () => {
  // Wednesday 23:24, as order #286: the store opens Thursday 07:00.
  const placed = lima('2026-12-02T23:24:00');
  assert.deepEqual(nextOpening(cafe, placed), lima('2026-12-03T07:00:00'));
  assert.deepEqual(addOpenMinutes(cafe, placed, 240), lima('2026-12-03T11:00:00'));
  // Within hours the minutes run from now; a split day's gap does not count.
  assert.deepEqual(
    addOpenMinutes(cafe, lima('2026-12-01T14:00:00'), 120),
    lima('2026-12-01T20:00:00'),
  );
  assert.equal(nextOpening(closedHours(), placed), null);
  assert.equal(addOpenMinutes(closedHours(), placed, 30), null);
});

test('order #286: placed Wednesday 23:24 for pickup Thursday 08:30, due 07:30 (30 open minutes), not 23:54', () => {
  const placed = lima('2026-12-02T23:24:00');
  const slot = { date: '2026-12-03', start: '08:30', end: '09:00' };
  assert.deepEqual(acceptanceLimit(cafe, placed, 30, slot), lima('2026-12-03T07:30:00'));
  // A slot ending sooner than the open minutes run out bounds it; 0 minutes never expires.
  const early = { date: '2026-12-03', start: '07:00', end: '07:30' };
  assert.deepEqual(acceptanceLimit(cafe, placed, 240, early), lima('2026-12-03T07:30:00'));
  assert.deepEqual(acceptanceLimit(cafe, placed, 240, null), lima('2026-12-03T11:00:00'));
  assert.equal(acceptanceLimit(cafe, placed, 0, slot), null);
  // A place with no hours keeps the wall-clock rule.
  assert.deepEqual(acceptanceLimit(closedHours(), placed, 30, null), lima('2026-12-02T23:54:00'));
});

test('the editor refuses overlapping shifts, more than three, and a repeated or bad closure date', () => {
  const bad = adminPlacePatch.safeParse({
    timetable: {
      days: {
        ...cafe.days,
        tuesday: [
          { from: '12:00', to: '15:00' },
          { from: '14:00', to: '18:00' },
        ],
        friday: [
          split[0],
          split[1],
          { from: '23:30', to: '23:45' },
          { from: '23:50', to: '23:55' },
        ],
      },
      closures: [
        { date: '2026-12-08', note: '' },
        { date: '2026-12-08', note: '' },
        { date: '2026-02-30', note: '' },
      ],
      extra_note: '',
    },
    version: 1,
  });
  assert.deepEqual(bad.error?.issues.map((i) => i.path.join('.')).sort(), [
    'timetable.closures.1.date',
    'timetable.closures.2.date',
    'timetable.days.friday',
    'timetable.days.tuesday.1.from',
  ]);
});
