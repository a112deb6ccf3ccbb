import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hoursOn,
  nextDeliveryDate,
  offeredPickupSlot,
  openRange,
  openWeekdays,
  pickupDays,
  PICKUP_DAYS_AHEAD,
  slotFits,
  slotsOf,
  slotStartingAt,
  stillOrderable,
  subscriptionSlots,
  type Timetable,
} from '../src/orders/opening-hours';
import { cardExpired } from '../src/orders/card';
import { sortWeekdays } from '../src/orders/weekdays';

// Aurora Miraflores: weekdays 07:00-21:00, Saturday 08:00-22:00, Sunday 08:00-14:00.
const miraflores: Timetable = {
  monday: { from: '07:00', to: '21:00' },
  saturday: { from: '08:00', to: '22:00' },
  sunday: { from: '08:00', to: '14:00' },
};
// Aurora Barranco: closed on Sunday.
const barranco: Timetable = {
  monday: { from: '08:00', to: '20:00' },
  saturday: { from: '09:00', to: '21:00' },
  sunday: null,
};
// Open past midnight on Saturday.
const late: Timetable = {
  monday: null,
  saturday: { from: '22:00', to: '02:00' },
  sunday: null,
};

test("Monday's hours serve Monday to Friday; Saturday and Sunday have their own", () => {
  assert.deepEqual(hoursOn(miraflores, 'friday'), [miraflores.monday]);
  assert.deepEqual(hoursOn(miraflores, 'saturday'), [miraflores.saturday]);
  assert.deepEqual(hoursOn(miraflores, 'sunday'), [miraflores.sunday]);
  assert.deepEqual(hoursOn(barranco, 'sunday'), []);
  assert.deepEqual(openWeekdays(barranco), [
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
  ]);
  assert.deepEqual(openWeekdays(late), ['saturday']);
});

test('a day open past midnight offers slots until the end of the day', () => {
  assert.deepEqual(openRange(late.saturday!), { open: 22 * 60, close: 24 * 60 });
  assert.deepEqual(slotsOf(late.saturday), [
    { start: '22:00', end: '22:30' },
    { start: '22:30', end: '23:00' },
    { start: '23:00', end: '23:30' },
    { start: '23:30', end: '24:00' },
  ]);
  assert.deepEqual(slotsOf(null), []);
});

test('a slot fits a day when it is a half hour within the hours, on a half hour from opening', () => {
  const hours = { from: '07:15', to: '12:00' };
  assert.equal(slotFits(hours, { start: '07:15', end: '07:45' }), true);
  assert.equal(slotFits(hours, { start: '11:15', end: '11:45' }), true);
  assert.equal(slotFits(hours, { start: '07:00', end: '07:30' }), false, 'before opening');
  assert.equal(slotFits(hours, { start: '07:30', end: '08:00' }), false, 'off the half hours');
  assert.equal(slotFits(hours, { start: '07:15', end: '08:15' }), false, 'an hour long');
  assert.equal(slotFits(hours, { start: '11:45', end: '12:15' }), false, 'past closing');
  assert.equal(slotFits(null, { start: '08:00', end: '08:30' }), false, 'closed');
  assert.deepEqual(slotStartingAt('07:45'), { start: '07:45', end: '08:15' });
});

test('subscription slots are half hours inside the hours of every chosen day', () => {
  const monday = subscriptionSlots(miraflores, ['monday']);
  assert.deepEqual(monday[0], { start: '07:00', end: '07:30' });
  assert.deepEqual(monday.at(-1), { start: '20:30', end: '21:00' });
  assert.equal(monday.length, 28);
  // Monday and Sunday share 08:00-14:00.
  const shared = subscriptionSlots(miraflores, ['monday', 'sunday']);
  assert.deepEqual(shared[0], { start: '08:00', end: '08:30' });
  assert.deepEqual(shared.at(-1), { start: '13:30', end: '14:00' });
  assert.equal(shared.length, 12);
  assert.deepEqual(subscriptionSlots(miraflores, []), []);
  assert.deepEqual(subscriptionSlots(barranco, ['monday', 'sunday']), []);
  const odd: Timetable = {
    monday: { from: '07:15', to: '12:00' },
    saturday: { from: '08:00', to: '12:00' },
    sunday: null,
  };
  // 07:15 + k*30 never meets 08:00 + k*30: no common slot.
  assert.deepEqual(subscriptionSlots(odd, ['monday', 'saturday']), []);
  assert.deepEqual(subscriptionSlots(odd, ['monday'])[0], { start: '07:15', end: '07:45' });
});

test("pickup days start today on the store clock, today's slots 30 minutes from now", () => {
  // Monday 2026-11-23 07:10 in Lima (12:10Z): the first slot is 07:40's half hour, i.e. 08:00.
  const days = pickupDays(miraflores, new Date('2026-11-23T12:10:00Z'), 7);
  assert.equal(days.length, 7);
  assert.equal(days[0].date, '2026-11-23');
  assert.deepEqual(days[0].slots[0], { start: '08:00', end: '08:30' });
  assert.deepEqual(days[1].slots[0], { start: '07:00', end: '07:30' });
  // Saturday 28 and Sunday 29 have their own hours.
  assert.deepEqual(days[5].slots[0], { start: '08:00', end: '08:30' });
  assert.deepEqual(days[5].slots.at(-1), { start: '21:30', end: '22:00' });
  assert.deepEqual(days[6].slots.at(-1), { start: '13:30', end: '14:00' });
  // A closed day is left out: Barranco from Saturday 28 shows Saturday, then Monday.
  assert.deepEqual(
    pickupDays(barranco, new Date('2026-11-28T12:00:00Z'), 3).map((d) => d.date),
    ['2026-11-28', '2026-11-30'],
  );
});

test('late on a Lima evening (already tomorrow in UTC) the schedule is still for the Lima day', () => {
  // Monday 20:00 in Lima is Tuesday 01:00Z: Monday's last slot (20:30) is still offered.
  const days = pickupDays(miraflores, new Date('2026-11-24T01:00:00Z'), 2);
  assert.equal(days[0].date, '2026-11-23');
  assert.deepEqual(days[0].slots, [{ start: '20:30', end: '21:00' }]);
  assert.equal(days[1].date, '2026-11-24');
  // Ten minutes later it is gone and the day is left out.
  assert.equal(pickupDays(miraflores, new Date('2026-11-24T01:10:00Z'), 1).length, 0);
});

test('an ordered pickup must be an offered slot within two weeks', () => {
  const now = new Date('2026-11-23T12:10:00Z');
  assert.deepEqual(offeredPickupSlot(miraflores, now, { date: '2026-11-23', start: '08:00' }), {
    date: '2026-11-23',
    start: '08:00',
    end: '08:30',
  });
  assert.equal(offeredPickupSlot(miraflores, now, { date: '2026-11-23', start: '07:30' }), null);
  assert.equal(offeredPickupSlot(miraflores, now, { date: '2026-11-23', start: '08:10' }), null);
  assert.equal(offeredPickupSlot(barranco, now, { date: '2026-11-29', start: '09:00' }), null);
  assert.notEqual(offeredPickupSlot(miraflores, now, { date: '2026-12-06', start: '09:00' }), null);
  assert.equal(offeredPickupSlot(miraflores, now, { date: '2026-12-07', start: '09:00' }), null);
});

test('an ordered pickup is offered exactly when pickupDays lists it, at any hour and input', () => {
  const allDay: Timetable = {
    monday: { from: '00:00', to: '00:00' },
    saturday: { from: '00:00', to: '00:00' },
    sunday: { from: '00:00', to: '00:00' },
  };
  const starts = ['00:00', '07:00', '08:00', '08:10', '13:30', '20:30', '21:00', '23:30', '24:00'];
  const odd = ['8:00', '08:00 ', '', 'xx:yy', '08:3', '-1:00'];
  let offered = 0;
  // Every 170 minutes over two and a half weeks: lead times, midnights, week ends, past the two weeks.
  for (
    let t = Date.parse('2026-11-22T00:00:00Z');
    t < Date.parse('2026-12-10T00:00:00Z');
    t += 170 * 60_000
  ) {
    const now = new Date(t);
    for (const timetable of [miraflores, barranco, late, allDay]) {
      const listed = pickupDays(timetable, now, PICKUP_DAYS_AHEAD);
      for (const date of [
        listed[0]?.date,
        '2026-11-21',
        '2026-11-30',
        '2026-12-06',
        '2026-12-09',
      ]) {
        if (!date) continue;
        for (const start of [...starts, ...odd]) {
          const day = listed.find((x) => x.date === date);
          const slot = day?.slots.find((s) => s.start === start);
          const expected = day && slot ? { date, ...slot } : null;
          assert.deepEqual(
            offeredPickupSlot(timetable, now, { date, start }),
            expected,
            `${now.toISOString()} ${date} ${start}`,
          );
          if (expected) offered++;
        }
      }
    }
  }
  assert.ok(offered > 1000, `offered slots checked: ${offered}`);
});

test("a subscription's day can be ordered until 30 minutes before its slot", () => {
  assert.equal(stillOrderable('08:00', 7 * 60 + 30), true);
  assert.equal(stillOrderable('08:00', 7 * 60 + 31), false);
  // Monday 2026-11-23 07:00 in Lima is 12:00 UTC.
  const mondayMorning = new Date('2026-11-23T12:00:00Z');
  assert.equal(nextDeliveryDate(['monday', 'thursday'], '08:00', mondayMorning), '2026-11-23');
  assert.equal(nextDeliveryDate(['monday', 'thursday'], '07:15', mondayMorning), '2026-11-26');
  assert.equal(nextDeliveryDate(['monday'], '07:15', mondayMorning), '2026-11-30');
  // Sunday 23:00 in Lima is already Monday in UTC.
  assert.equal(
    nextDeliveryDate(['sunday', 'monday'], '20:00', new Date('2026-11-23T04:00:00Z')),
    '2026-11-23',
  );
  assert.equal(nextDeliveryDate([], '08:00', mondayMorning), null);
});

test('a card is good through its month on the store clock', () => {
  // 2026-12-01 03:00Z is still November 30 in Lima: a card of 11/2026 has not expired yet.
  assert.equal(cardExpired({ month: 11, year: 2026 }, new Date('2026-12-01T03:00:00Z')), false);
  assert.equal(cardExpired({ month: 11, year: 2026 }, new Date('2026-12-01T05:00:00Z')), true);
  assert.equal(cardExpired({ month: 1, year: 2027 }, new Date('2026-12-01T05:00:00Z')), false);
  assert.equal(cardExpired({ month: 12, year: 2025 }, new Date('2026-01-01T04:00:00Z')), false);
});

test('weekday sets are kept in calendar order, each once', () => {
  assert.deepEqual(sortWeekdays(['sunday', 'monday', 'friday', 'monday']), [
    'monday',
    'friday',
    'sunday',
  ]);
  assert.deepEqual(sortWeekdays([]), []);
});
