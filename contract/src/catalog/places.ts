import { z } from 'zod';

const hours = z.object({ from: z.string(), to: z.string() }).nullable();

export const timetable = z.object({
  monday: hours,
  saturday: hours,
  sunday: hours,
  extra_note: z.string(),
});

const shift = z.object({ from: z.string(), to: z.string() });
/** The opening hours (contract orders/opening-hours): each weekday's shifts, dated closures. */
export const openingHoursSchema = z.object({
  days: z.object({
    monday: z.array(shift),
    tuesday: z.array(shift),
    wednesday: z.array(shift),
    thursday: z.array(shift),
    friday: z.array(shift),
    saturday: z.array(shift),
    sunday: z.array(shift),
  }),
  closures: z.array(z.object({ date: z.string(), note: z.string() })),
  extra_note: z.string(),
});

export const areaSummary = z.object({
  uid: z.string(),
  name: z.string(),
  country_code: z.string(),
});
export type AreaSummary = z.infer<typeof areaSummary>;

export const place = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string(),
  company_uid: z.string(),
  locality: z.object({ name: z.string(), area: areaSummary }),
  subscription_enabled: z.boolean(),
  telephone1: z.string().nullable(),
  telephone2: z.string().nullable(),
  location: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  uses_country_delivery_service: z.boolean(),
  /** The spec's one-range timetable, derived from opening_hours. */
  timetable,
  /** The hours as the place has them; the web's slots and open-now read these. */
  opening_hours: openingHoursSchema,
  /** The owner paused orders at this place (back office); checkout refuses them meanwhile. */
  orders_paused: z.boolean(),
});
export type Place = z.infer<typeof place>;

export const pickupSlot = z.object({ start: z.string(), end: z.string() });
export const pickupDay = z.object({ date: z.string(), slots: z.array(pickupSlot) });
export const pickupSchedule = z.object({
  place_uid: z.string(),
  slot_minutes: z.number().int(),
  days: z.array(pickupDay),
});
export type PickupSchedule = z.infer<typeof pickupSchedule>;
