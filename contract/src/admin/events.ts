import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminEventsErrors } from '../errors/admin-events';
import { formatMessage, formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { versionField } from './schemas';

/**
 * The back office's events (`/api/v5/admin/events/...`, area `engagement`: OWNER and MANAGER),
 * on apps with events switched on. An event belongs to the company; it happens at one of the
 * company's places or at a place written out (`location`), on store days (YYYY-MM-DD) with
 * optional store times (HH:MM). A new event is a draft until it is published: drafts never show
 * in the store.
 */
export const adminEventsMessages = /* @__PURE__ */ messagesOf('admin', adminEventsErrors);

const text = (max: number) =>
  z
    .string({ error: formMessages.required })
    .trim()
    .max(max, formatMessage('form.too_long', { max }));
// No check here aborts (zod's `abort`): an aborted field would skip the rules across fields, and
// the form is to show every problem at once.
const required = (max: number) => text(max).min(1, formMessages.required);
/** A calendar day, YYYY-MM-DD (the store's days). */
export function isEventDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
const day = () =>
  z
    .string({ error: formMessages.date })
    .min(1, formMessages.required)
    .refine((v) => v === '' || isEventDay(v), formMessages.date);
const hhmm = () =>
  z
    .string({ error: formMessages.time })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, formMessages.time)
    .nullable();
const imageUrl = () =>
  z
    .string({ error: formMessages.url })
    .trim()
    .max(500, formatMessage('form.too_long', { max: 500 }))
    // An upload of this store (a path) or an http(s) address, as every back-office image.
    .regex(/^(https?:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/, formMessages.url)
    .nullable();

/** An http(s) address with a host: what the store turns into its 'Más información' button. */
export function isEventLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\s"'<>\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
const link = () =>
  z
    .string({ error: adminEventsMessages.eventLinkInvalid as string })
    .trim()
    .max(500, formatMessage('form.too_long', { max: 500 }))
    .refine(isEventLink, adminEventsMessages.eventLinkInvalid as string)
    .nullable();

export const adminEvent = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  place: z.object({ uid: z.string(), name: z.string() }).nullable(),
  location: z.string(),
  start_date: z.string(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  link: z.string().nullable(),
  /** Shown in the store (`false`: a draft only the back office sees). */
  published: z.boolean(),
  /** It ended before today, on the store's clock (its end date, else its start date). */
  past: z.boolean(),
  version: z.number().int(),
});
export type AdminEvent = z.infer<typeof adminEvent>;

const eventFields = {
  name: required(200),
  description: text(5000),
  image: imageUrl(),
  /** One of the company's places (a MANAGER limited to places: one of theirs), or null. */
  place: z.string({ error: formMessages.invalid }).trim().max(64, formMessages.invalid).nullable(),
  /** Where it happens when it is not at a place, or a detail of the place ('Terraza'). */
  location: text(300),
  start_date: day(),
  start_time: hhmm(),
  /** Null: it ends on its start day. */
  end_date: day().nullable(),
  end_time: hhmm(),
  link: link(),
};

type EventShape = {
  place?: unknown;
  location?: unknown;
  start_date?: unknown;
  start_time?: unknown;
  end_date?: unknown;
  end_time?: unknown;
};

const dayOf = (v: unknown) => (typeof v === 'string' && isEventDay(v) ? v : null);
const timeOf = (v: unknown) =>
  typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : null;

/**
 * Rules across fields. They read only well-formed values, so they can run beside the fields'
 * own errors (the form shows every problem at once, not one round after another).
 */
export function eventIssues(e: EventShape): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!e.place && !e.location) issues.location = adminEventsMessages.eventWhereRequired;
  const start = dayOf(e.start_date);
  const startTime = timeOf(e.start_time);
  const endTime = timeOf(e.end_time);
  if (endTime && !e.start_time) issues.end_time = adminEventsMessages.eventEndTimeAlone;
  if (start && (e.end_date == null || dayOf(e.end_date))) {
    const endDay = dayOf(e.end_date) ?? start;
    if (endDay < start) issues.end_date = adminEventsMessages.eventEndBeforeStart;
    else if (endDay === start && startTime && endTime && endTime < startTime)
      issues.end_time = adminEventsMessages.eventEndBeforeStart;
  }
  return issues;
}

// Runs even when a field failed (`when`), and adds nothing to a field that already has its error.
const checkEvent = z.superRefine(
  (e: EventShape, ctx) => {
    const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
    for (const [field, message] of Object.entries(eventIssues(e)))
      if (!failed.has(field)) ctx.addIssue({ code: 'custom', path: [field], message });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/** `POST v5/admin/events/`: a draft unless `published` says otherwise. */
export const adminEventCreate = z
  .strictObject({
    ...eventFields,
    description: eventFields.description.default(''),
    image: eventFields.image.default(null),
    place: eventFields.place.default(null),
    location: eventFields.location.default(''),
    start_time: eventFields.start_time.default(null),
    end_date: eventFields.end_date.default(null),
    end_time: eventFields.end_time.default(null),
    link: eventFields.link.default(null),
    published: z.boolean({ error: formMessages.invalid }).default(false),
  })
  .check(checkEvent);
export type AdminEventCreate = z.infer<typeof adminEventCreate>;

/** `PUT v5/admin/events/{uid}/`: the whole form and the version read (`published` left out: unchanged). */
export const adminEventInput = z
  .strictObject({
    ...eventFields,
    published: z.boolean({ error: formMessages.invalid }).optional(),
    version: versionField(),
  })
  .check(checkEvent);
export type AdminEventInput = z.infer<typeof adminEventInput>;

/** `PATCH v5/admin/events/{uid}/`: publish or take back to draft. */
export const adminEventPublish = z.strictObject({
  published: z.boolean({ error: formMessages.required }),
  version: versionField(),
});
export type AdminEventPublish = z.infer<typeof adminEventPublish>;

/**
 * `GET v5/admin/events/?when=&published=&q=&page=`: `upcoming` (the default: not ended, soonest
 * first) or `past` (ended, latest first); drafts included unless `published` filters them.
 */
export const adminEventQuery = pageQuery.extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  published: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(120).optional(),
});
export type AdminEventQuery = z.infer<typeof adminEventQuery>;
