import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminPlacesErrors } from '../errors/admin-places';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { patchOf, versionField } from './schemas';
import { openingHoursSchema } from '../catalog/places';
import { MAX_SHIFTS, openingHoursOf, type Timetable } from '../orders/opening-hours';
import { weekdays, type Weekday } from '../orders/weekdays';
import { minutesOf } from '../time/store-clock';

/**
 * The places of the back office (`/api/v5/admin/places/...`, area `places`: OWNER and
 * MANAGER; a MANAGER limited to some places sees and edits those only). The timetable keeps
 * the opening hours (each weekday's shifts, dated closures); the shopper's place derives the
 * spec's one-range timetable from them (contract orders/opening-hours).
 */
export const adminPlacesMessages = /* @__PURE__ */ messagesOf('admin', adminPlacesErrors);

const hhmm = () =>
  z.string({ error: formMessages.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, formMessages.time);

/** A shift; `to` before `from` means open past midnight, as the store reads them. */
export const adminPlaceShift = z
  .object({ from: hhmm(), to: hhmm() })
  .strict()
  .refine((h) => h.from !== h.to, {
    path: ['to'],
    message: adminPlacesMessages.placeHoursSame as string,
  });

/** A day's shifts: none is closed; in order, not overlapping, only the last past midnight. */
const adminPlaceDay = z
  .array(adminPlaceShift)
  .max(MAX_SHIFTS, adminPlacesMessages.placeShiftsMax as string)
  .superRefine((shifts, ctx) => {
    for (let i = 1; i < shifts.length; i++) {
      const prev = shifts[i - 1];
      const prevEnd = minutesOf(prev.to) <= minutesOf(prev.from) ? 24 * 60 : minutesOf(prev.to);
      if (minutesOf(shifts[i].from) < prevEnd)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'from'],
          message: adminPlacesMessages.placeShiftsOrder as string,
        });
    }
  });

const isoDate = () =>
  z
    .string({ error: adminPlacesMessages.placeClosureDate as string })
    .regex(/^\d{4}-\d{2}-\d{2}$/, adminPlacesMessages.placeClosureDate as string)
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T12:00:00Z`)) &&
        new Date(`${d}T12:00:00Z`).toISOString().startsWith(d),
      adminPlacesMessages.placeClosureDate as string,
    );

/**
 * The opening hours (issue 36 row 6): each weekday its shifts, dated closures (holidays) and a
 * note. The shopper's place answers the spec's one-range timetable derived from them.
 */
export const adminPlaceTimetable = z.preprocess(
  // The spec's one-range timetable is still accepted (API clients and files from before),
  // read as Monday's hours on every weekday.
  (v) =>
    v && typeof v === 'object' && !('days' in v) && 'monday' in v
      ? openingHoursOf(v as Timetable)
      : v,
  z
    .object({
      days: z
        .object(
          Object.fromEntries(weekdays.map((d) => [d, adminPlaceDay])) as Record<
            Weekday,
            typeof adminPlaceDay
          >,
        )
        .strict(),
      closures: z
        .array(
          z
            .object({ date: isoDate(), note: z.string().trim().max(80, formMessages.invalid) })
            .strict(),
        )
        .max(60, formMessages.invalid)
        .superRefine((closures, ctx) => {
          closures.forEach((c, i) => {
            if (closures.findIndex((o) => o.date === c.date) < i)
              ctx.addIssue({
                code: 'custom',
                path: [i, 'date'],
                message: adminPlacesMessages.placeClosureRepeated as string,
              });
          });
        }),
      extra_note: z.string().trim().max(200, formMessages.invalid),
    })
    .strict(),
);
export type AdminPlaceTimetable = z.infer<typeof adminPlaceTimetable>;

/** A decimal amount as the forms type it ("4", "4.5", "4.50"). */
const amount = () =>
  z
    .string({ error: formMessages.required })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, formMessages.invalid);

/**
 * Delivery fare: base plus per km of straight-line distance, up to the radius. The radius must
 * reach somewhere (0.1 km or more) only while delivery is on: a place with delivery off keeps
 * radius 0 (what a new marketplace place is created with), and the hidden field must not block
 * saving the rest of the place (issue 36 row 1).
 */
export const adminPlaceDeliveryInput = z
  .object({
    enabled: z.boolean({ error: formMessages.required }),
    base_fare: amount(),
    per_km: amount(),
    max_radius_km: z
      .number({ error: formMessages.numeric })
      .min(0, adminPlacesMessages.placeRadiusRange as string)
      .max(100, adminPlacesMessages.placeRadiusRange as string),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.enabled && d.max_radius_km < 0.1)
      ctx.addIssue({
        code: 'custom',
        path: ['max_radius_km'],
        message: adminPlacesMessages.placeRadiusRange as string,
      });
  });

const phone = () =>
  z
    .string()
    .trim()
    .max(30, formMessages.invalid)
    .regex(/^[+\d][\d\s()-]{4,29}$/, adminPlacesMessages.placePhoneFormat as string)
    .nullable();

export const adminPlace = z.object({
  uid: z.string(),
  key: z.string(),
  name: z.string(),
  address: z.string(),
  locality_name: z.string(),
  area: z.object({ uid: z.string(), name: z.string() }),
  telephone1: z.string().nullable(),
  telephone2: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timetable: openingHoursSchema,
  pickup_enabled: z.boolean(),
  orders_paused: z.boolean(),
  delivery: z.object({
    enabled: z.boolean(),
    base_fare: money,
    per_km: money,
    max_radius_km: z.number(),
  }),
  /** Within the timetable now, on the store clock. */
  open_now: z.boolean(),
  /** The company sells online and the place is not paused. */
  taking_orders: z.boolean(),
  version: z.number().int(),
});
export type AdminPlace = z.infer<typeof adminPlace>;

/** `GET v5/admin/places/?q=&sort=name|-name&page=`. */
export const adminPlaceQuery = pageQuery.extend({
  q: z.string().trim().max(80).optional(),
  sort: z.enum(['name', '-name']).default('name'),
});
export type AdminPlaceQuery = z.infer<typeof adminPlaceQuery>;

export const adminPlaceFields = {
  name: requiredText(80),
  address: requiredText(200),
  locality_name: z.string().trim().max(80, formMessages.invalid),
  telephone1: phone(),
  telephone2: phone(),
  latitude: z
    .number({ error: formMessages.numeric })
    .min(-90, adminPlacesMessages.placeLatitudeRange as string)
    .max(90, adminPlacesMessages.placeLatitudeRange as string)
    .nullable(),
  longitude: z
    .number({ error: formMessages.numeric })
    .min(-180, adminPlacesMessages.placeLongitudeRange as string)
    .max(180, adminPlacesMessages.placeLongitudeRange as string)
    .nullable(),
  timetable: adminPlaceTimetable,
  pickup_enabled: z.boolean({ error: formMessages.required }),
  orders_paused: z.boolean({ error: formMessages.required }),
  delivery: adminPlaceDeliveryInput,
};

type PlaceShape = {
  latitude?: number | null;
  longitude?: number | null;
  pickup_enabled?: boolean;
  delivery?: { enabled: boolean };
};

/** Rules across fields, checked on the form and again on the merged record by the server. */
export function placeIssues(p: PlaceShape): Record<string, string> {
  const issues: Record<string, string> = {};
  const pinned = p.latitude != null && p.longitude != null;
  if ((p.latitude == null) !== (p.longitude == null))
    issues.latitude = adminPlacesMessages.placeLocationPair;
  if (p.delivery?.enabled && !pinned && !issues.latitude)
    issues['delivery.enabled'] = adminPlacesMessages.placeDeliveryNeedsPin;
  if (p.pickup_enabled === false && p.delivery && !p.delivery.enabled)
    issues.pickup_enabled = adminPlacesMessages.placeNoShipping;
  return issues;
}

/** `PATCH v5/admin/places/{uid}/`: the fields to change and the version they were read at. */
export const adminPlacePatch = patchOf(adminPlaceFields);
export type AdminPlacePatch = z.infer<typeof adminPlacePatch>;

/** The editor's form: every field, with the cross-field rules. */
export const adminPlaceForm = z
  .object({ ...adminPlaceFields, version: versionField() })
  .strict()
  .superRefine((p, ctx) => {
    for (const [field, message] of Object.entries(placeIssues(p)))
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
  });
export type AdminPlaceForm = z.infer<typeof adminPlaceForm>;
