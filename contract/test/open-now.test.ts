import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isOpenAt } from '../src/orders/open-now';
import type { Timetable } from '../src/orders/opening-hours';
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
    timetable: { ...timetable, extra_note: '' },
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
    timetable: { ...base.timetable, sunday: { from: '10:00', to: '10:00' } },
    version: 1,
  });
  assert.deepEqual(
    same.error?.issues.map((i) => i.path.join('.')),
    ['timetable.sunday.to'],
  );
});
