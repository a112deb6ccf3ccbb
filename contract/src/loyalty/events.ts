import { z } from 'zod';

export const companyEvent = z.object({
  uid: z.string(),
  company: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  place: z.object({ uid: z.string(), name: z.string(), address: z.string() }).nullable(),
  location: z.string(),
  start_date: z.string(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  link: z.string().nullable(),
});
export type CompanyEvent = z.infer<typeof companyEvent>;

export const eventsQuery = z.object({
  ordering: z.enum(['start_date,start_time', '-start_date,-start_time']).optional(),
  /** true: only events that have not ended (end date, else start date, today or later). */
  upcoming: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
