import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  addDays,
  daysBetween,
  hhmmOf,
  minutesOf,
  storeDateOf,
  storeDayEnd,
  storeDayStart,
  storeInstant,
  storeMoment,
  storeOffsetMinutes,
  STORE_TIME_ZONE,
  weekdayOf,
} from '../src/time/store-clock';

test('the store is in Lima, five hours behind UTC all year', () => {
  assert.equal(STORE_TIME_ZONE, 'America/Lima');
  assert.equal(storeOffsetMinutes(new Date('2026-01-15T12:00:00Z')), -300);
  assert.equal(storeOffsetMinutes(new Date('2026-07-15T12:00:00Z')), -300);
});

test('instants around midnight in Lima fall on the store day, not the UTC one', () => {
  // 04:59:59Z is 23:59:59 of Monday in Lima, though Tuesday in UTC.
  assert.deepEqual(storeMoment(new Date('2026-11-24T04:59:59Z')), {
    date: '2026-11-23',
    weekday: 'monday',
    minute: 23 * 60 + 59,
    year: 2026,
    month: 11,
  });
  assert.deepEqual(storeMoment(new Date('2026-11-24T05:00:00Z')), {
    date: '2026-11-24',
    weekday: 'tuesday',
    minute: 0,
    year: 2026,
    month: 11,
  });
  // New year's eve: still December 2025 in Lima at 03:00Z.
  const eve = storeMoment(new Date('2026-01-01T03:00:00Z'));
  assert.equal(eve.date, '2025-12-31');
  assert.equal(eve.weekday, 'wednesday');
  assert.equal(eve.year * 100 + eve.month, 202512);
  assert.equal(storeDateOf(new Date('2026-01-01T05:00:00.000Z')), '2026-01-01');
});

test('a store-local date and time is one instant, and back', () => {
  assert.equal(storeInstant('2026-11-23', 7 * 60 + 30).toISOString(), '2026-11-23T12:30:00.000Z');
  assert.equal(storeInstant('2026-11-23', 23 * 60 + 30).toISOString(), '2026-11-24T04:30:00.000Z');
  assert.equal(storeInstant('2026-11-23').toISOString(), '2026-11-23T05:00:00.000Z');
  // Minutes past the day roll into the next one.
  assert.equal(storeInstant('2026-11-23', 24 * 60 + 15).toISOString(), '2026-11-24T05:15:00.000Z');
  for (const iso of ['2026-03-01T04:59:00Z', '2026-03-01T05:00:00Z', '2024-02-29T18:45:00Z']) {
    const m = storeMoment(new Date(iso));
    assert.equal(storeInstant(m.date, m.minute).toISOString(), new Date(iso).toISOString());
  }
});

test('a store day runs from its midnight to the next one, across months and leap days', () => {
  assert.equal(storeDayStart('2026-11-23').toISOString(), '2026-11-23T05:00:00.000Z');
  assert.equal(storeDayEnd('2026-11-23').toISOString(), '2026-11-24T05:00:00.000Z');
  assert.equal(storeDayEnd('2024-02-28').toISOString(), '2024-02-29T05:00:00.000Z');
  assert.equal(storeDayEnd('2026-12-31').toISOString(), '2027-01-01T05:00:00.000Z');
  const last = new Date(storeDayEnd('2026-11-23').getTime() - 1);
  assert.equal(storeDateOf(last), '2026-11-23');
  assert.equal(storeDateOf(storeDayEnd('2026-11-23')), '2026-11-24');
});

test('calendar arithmetic and weekdays of dates', () => {
  assert.equal(addDays('2026-02-28', 1), '2026-03-01');
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2026-01-01', -1), '2025-12-31');
  assert.equal(daysBetween('2026-02-28', '2026-03-01'), 1);
  assert.equal(daysBetween('2024-02-28', '2024-03-01'), 2);
  assert.equal(daysBetween('2026-12-12', '2026-12-04'), -8);
  assert.equal(weekdayOf('2026-11-23'), 'monday');
  assert.equal(weekdayOf('2026-11-29'), 'sunday');
  assert.equal(minutesOf('07:30'), 450);
  assert.equal(hhmmOf(450), '07:30');
  assert.equal(hhmmOf(24 * 60), '24:00');
});

test('the device time zone does not matter (run again under TZ=Asia/Tokyo)', () => {
  if (process.env.STORE_CLOCK_CHILD) return;
  const script = `
    import { storeMoment, storeInstant, storeDayStart } from ${JSON.stringify(
      fileURLToPath(new URL('../src/time/store-clock.ts', import.meta.url)),
    )};
    const m = storeMoment(new Date('2026-11-24T04:59:59Z'));
    console.log(JSON.stringify({
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      offset: new Date('2026-11-24T04:59:59Z').getTimezoneOffset(),
      moment: m,
      instant: storeInstant('2026-11-23', 450).toISOString(),
      start: storeDayStart('2026-11-23').toISOString(),
    }));
  `;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      env: { ...process.env, TZ: 'Asia/Tokyo', STORE_CLOCK_CHILD: '1' },
      encoding: 'utf8',
    },
  );
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  // The child really ran in Tokyo (UTC+9, Tuesday 13:59 there)...
  assert.equal(out.zone, 'Asia/Tokyo');
  assert.equal(out.offset, -540);
  // ...and the store clock still read Lima's Monday night.
  assert.deepEqual(out.moment, {
    date: '2026-11-23',
    weekday: 'monday',
    minute: 1439,
    year: 2026,
    month: 11,
  });
  assert.equal(out.instant, '2026-11-23T12:30:00.000Z');
  assert.equal(out.start, '2026-11-23T05:00:00.000Z');
});
