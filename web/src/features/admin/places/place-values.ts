import type { AdminPlace, AdminPlacePatch } from '@store/contract/admin/places';
import { weekdays as DAYS, type Weekday } from '@store/contract/orders/weekdays';
import { MAX_SHIFTS, type Shift } from '@store/contract/orders/opening-hours';

// The place form's values: from the API's place, to the request body, and the server's field
// names its errors land on.

export type Values = {
  name: string;
  address: string;
  locality_name: string;
  telephone1: string;
  telephone2: string;
  latitude: string;
  longitude: string;
  /** The server's shape (so its field errors land on the same paths), plus each day's switch. */
  timetable: {
    days: Record<Weekday, Shift[]>;
    closures: { date: string; note: string }[];
    extra_note: string;
  };
  open: Record<Weekday, boolean>;
  pickup_enabled: boolean;
  orders_paused: boolean;
  delivery: { enabled: boolean; base_fare: string; per_km: string; max_radius_km: string };
};

/** The server's field names (dotted for nested ones), so its 400s land on the right input. */
export const FIELDS = [
  'name',
  'address',
  'locality_name',
  'telephone1',
  'telephone2',
  'latitude',
  'longitude',
  ...DAYS.flatMap((d) => [
    `timetable.days.${d}`,
    ...Array.from({ length: MAX_SHIFTS }, (_, i) => [
      `timetable.days.${d}.${i}.from`,
      `timetable.days.${d}.${i}.to`,
    ]).flat(),
  ]),
  ...Array.from({ length: 60 }, (_, i) => [
    `timetable.closures.${i}.date`,
    `timetable.closures.${i}.note`,
  ]).flat(),
  'timetable.extra_note',
  'pickup_enabled',
  'orders_paused',
  'delivery.enabled',
  'delivery.base_fare',
  'delivery.per_km',
  'delivery.max_radius_km',
];

export function valuesOf(p: AdminPlace): Values {
  // A closed day keeps one shift to edit once it is switched on.
  const day = (d: Weekday): Shift[] =>
    p.timetable.days[d].length ? p.timetable.days[d] : [{ from: '09:00', to: '18:00' }];
  return {
    name: p.name,
    address: p.address,
    locality_name: p.locality_name,
    telephone1: p.telephone1 ?? '',
    telephone2: p.telephone2 ?? '',
    latitude: p.latitude === null ? '' : String(p.latitude),
    longitude: p.longitude === null ? '' : String(p.longitude),
    timetable: {
      days: Object.fromEntries(DAYS.map((d) => [d, day(d)])) as Record<Weekday, Shift[]>,
      closures: p.timetable.closures,
      extra_note: p.timetable.extra_note,
    },
    open: Object.fromEntries(DAYS.map((d) => [d, p.timetable.days[d].length > 0])) as Record<
      Weekday,
      boolean
    >,
    pickup_enabled: p.pickup_enabled,
    orders_paused: p.orders_paused,
    delivery: {
      enabled: p.delivery.enabled,
      base_fare: p.delivery.base_fare,
      per_km: p.delivery.per_km,
      max_radius_km: String(p.delivery.max_radius_km || ''),
    },
  };
}

/** A typed number, or NaN for the server to refuse with the field named; empty is none. */
export const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')));

export function bodyOf(v: Values, version: number): AdminPlacePatch {
  return {
    name: v.name,
    address: v.address,
    locality_name: v.locality_name,
    telephone1: v.telephone1.trim() || null,
    telephone2: v.telephone2.trim() || null,
    latitude: numberOrNull(v.latitude),
    longitude: numberOrNull(v.longitude),
    timetable: {
      days: Object.fromEntries(
        DAYS.map((d) => [d, v.open[d] ? v.timetable.days[d] : []]),
      ) as Record<Weekday, Shift[]>,
      closures: v.timetable.closures,
      extra_note: v.timetable.extra_note,
    },
    pickup_enabled: v.pickup_enabled,
    orders_paused: v.orders_paused,
    delivery: {
      enabled: v.delivery.enabled,
      base_fare: v.delivery.base_fare,
      per_km: v.delivery.per_km,
      max_radius_km: numberOrNull(v.delivery.max_radius_km) ?? 0,
    },
    version,
  };
}
