import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminPlacesErrors } from '../errors/admin-places';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { versionField } from './schemas';

/**
 * The places of the back office (`/api/v5/admin/places/...`, area `places`: OWNER and
 * MANAGER; a MANAGER limited to some places sees and edits those only). The timetable keeps
 * the store's model (commerce-and-loyalty: Monday's hours serve Monday to Friday, Saturday
 * and Sunday their own, one range each, null closed), the one the pickup slots, subscriptions
 * and the landing read.
 */
export const adminPlacesMessages = messagesOf('admin', adminPlacesErrors);

const hhmm = () =>
  z.string({ error: formMessages.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, formMessages.time);

/** A day's hours; `to` before `from` means open past midnight, as the store reads them. */
export const adminPlaceHours = z
  .object({ from: hhmm(), to: hhmm() })
  .strict()
  .refine((h) => h.from !== h.to, {
    path: ['to'],
    message: adminPlacesMessages.placeHoursSame as string,
  })
  .nullable();

export const adminPlaceTimetable = z
  .object({
    monday: adminPlaceHours,
    saturday: adminPlaceHours,
    sunday: adminPlaceHours,
    extra_note: z.string().trim().max(200, formMessages.invalid),
  })
  .strict();
export type AdminPlaceTimetable = z.infer<typeof adminPlaceTimetable>;

/** A decimal amount as the forms type it ("4", "4.5", "4.50"). */
const amount = () =>
  z
    .string({ error: formMessages.required })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, formMessages.invalid);

/** Delivery fare: base plus per km of straight-line distance, up to the radius. */
export const adminPlaceDeliveryInput = z
  .object({
    enabled: z.boolean({ error: formMessages.required }),
    base_fare: amount(),
    per_km: amount(),
    max_radius_km: z
      .number({ error: formMessages.numeric })
      .min(0.1, adminPlacesMessages.placeRadiusRange as string)
      .max(100, adminPlacesMessages.placeRadiusRange as string),
  })
  .strict();

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
  timetable: z.object({
    monday: z.object({ from: z.string(), to: z.string() }).nullable(),
    saturday: z.object({ from: z.string(), to: z.string() }).nullable(),
    sunday: z.object({ from: z.string(), to: z.string() }).nullable(),
    extra_note: z.string(),
  }),
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
export const adminPlacePatch = z
  .object({
    name: adminPlaceFields.name.optional(),
    address: adminPlaceFields.address.optional(),
    locality_name: adminPlaceFields.locality_name.optional(),
    telephone1: adminPlaceFields.telephone1.optional(),
    telephone2: adminPlaceFields.telephone2.optional(),
    latitude: adminPlaceFields.latitude.optional(),
    longitude: adminPlaceFields.longitude.optional(),
    timetable: adminPlaceFields.timetable.optional(),
    pickup_enabled: adminPlaceFields.pickup_enabled.optional(),
    orders_paused: adminPlaceFields.orders_paused.optional(),
    delivery: adminPlaceFields.delivery.optional(),
    version: versionField(),
  })
  .strict();
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
