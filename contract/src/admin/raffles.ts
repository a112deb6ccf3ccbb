import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminRafflesErrors } from '../errors/admin-raffles';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { patchOf } from './schemas';

/**
 * The back office's raffles (`/api/v5/admin/raffles/...`, area `engagement`: OWNER and
 * MANAGER). A raffle belongs to one of the company's programs; members of the program enter
 * it in the store while it is open. The draw happens once and is kept with everything needed
 * to re-run it (see `adminRaffleDraw`); a drawn raffle is frozen.
 */
export const adminRafflesMessages = /* @__PURE__ */ messagesOf('admin', adminRafflesErrors);

/** The algorithm of every draw made so far; a new one would get a new name, the old stays verifiable. */
export const RAFFLE_DRAW_ALGORITHM = 'hmac-sha256-fisher-yates/v1';

const instant = () => z.iso.datetime({ offset: true, error: formMessages.date }).nullable();
const text = (max: number) =>
  z.string({ error: formMessages.required }).trim().max(max, formMessages.tooLong);
const imageUrl = () =>
  z
    .string({ error: formMessages.url })
    .trim()
    .max(500, formMessages.tooLong)
    // An absolute http(s) URL, or a path of the store's own files (the demo images are).
    .regex(/^(https?:\/\/\S+|\/[^\s/]\S*)$/, formMessages.url)
    .nullable();
const winners = () =>
  z
    .number({ error: formMessages.numeric })
    .int(formMessages.numeric)
    .min(1, adminRafflesMessages.raffleWinnersRange as string)
    .max(100, adminRafflesMessages.raffleWinnersRange as string);

export const adminRaffle = z.object({
  uid: z.string(),
  program: z.object({ uid: z.string(), name: z.string() }),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  prize: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  draw_at: z.string().nullable(),
  winners_count: z.number().int(),
  is_active: z.boolean(),
  /** Members may enter now: active, started, not ended, not drawn. */
  is_open: z.boolean(),
  entries: z.number().int(),
  drawn_at: z.string().nullable(),
  version: z.number().int(),
});
export type AdminRaffle = z.infer<typeof adminRaffle>;

const raffleFields = {
  program: z.string({ error: formMessages.required }).trim().min(1, formMessages.required),
  name: requiredText(120),
  description: text(2000),
  image: imageUrl(),
  prize: text(300),
  starts_at: instant(),
  ends_at: instant(),
  draw_at: instant(),
  winners_count: winners(),
  is_active: z.boolean({ error: formMessages.invalid }),
};

/** What a raffle's PATCH may change: all but its program. */
const { program: _program, ...raffleEditable } = raffleFields;

type RaffleShape = Partial<{ starts_at: string | null; ends_at: string | null }>;

/** Rules across fields; a PATCH checks them again on the merged record (server). */
export function raffleIssues(r: RaffleShape): Record<string, string> {
  if (r.starts_at && r.ends_at && Date.parse(r.ends_at) <= Date.parse(r.starts_at))
    return { ends_at: adminRafflesMessages.raffleDatesOrder };
  return {};
}

function checkRaffle(r: RaffleShape, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(raffleIssues(r)))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

/** `POST v5/admin/raffles/`. */
export const adminRaffleCreate = z
  .object({
    ...raffleFields,
    description: raffleFields.description.default(''),
    image: raffleFields.image.default(null),
    prize: raffleFields.prize.default(''),
    starts_at: raffleFields.starts_at.default(null),
    ends_at: raffleFields.ends_at.default(null),
    draw_at: raffleFields.draw_at.default(null),
    winners_count: raffleFields.winners_count.default(1),
    is_active: raffleFields.is_active.default(true),
  })
  .strict()
  .superRefine(checkRaffle);
export type AdminRaffleCreate = z.infer<typeof adminRaffleCreate>;

/** `PATCH v5/admin/raffles/{uid}/`: the fields to change and the version read (not the program). */
export const adminRafflePatch = patchOf(raffleEditable);
export type AdminRafflePatch = z.infer<typeof adminRafflePatch>;

/** `GET v5/admin/raffles/?q=&program=&page=`: newest first. */
export const adminRaffleQuery = pageQuery.extend({
  q: z.string().trim().max(120).optional(),
  program: z.string().trim().max(40).optional(),
});
export type AdminRaffleQuery = z.infer<typeof adminRaffleQuery>;

/** One entrant (a member who registered), `GET v5/admin/raffles/{uid}/entries/?q=`. */
export const adminRaffleEntry = z.object({
  user: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  registered_at: z.string(),
  /** 1-based place in the draw's order of winners; null: not a winner (or not drawn). */
  winner_rank: z.number().int().nullable(),
});
export type AdminRaffleEntry = z.infer<typeof adminRaffleEntry>;

export const adminRaffleEntryQuery = pageQuery.extend({
  q: z.string().trim().max(120).optional(),
  winners: z.enum(['true', 'false']).optional(),
});
export type AdminRaffleEntryQuery = z.infer<typeof adminRaffleEntryQuery>;

/**
 * The record of a draw: everything needed to re-run it (`tools/verify-raffle-draw.mjs`).
 * `entries` are the entrants' user uids sorted ascending; `entries_sha256` the SHA-256 of
 * them joined by "\n"; `seed` 32 random bytes (hex); `winners` the uids drawn, in order.
 */
export const adminRaffleDraw = z.object({
  raffle: z.string(),
  raffle_name: z.string(),
  algorithm: z.string(),
  seed: z.string(),
  entries: z.array(z.string()),
  entries_sha256: z.string(),
  winners_count: z.number().int(),
  winners: z.array(z.object({ rank: z.number().int(), user: z.string(), name: z.string() })),
  drawn_at: z.string(),
});
export type AdminRaffleDraw = z.infer<typeof adminRaffleDraw>;

/**
 * `GET v5/admin/raffles/{uid}/draw/verify/`: the draw re-run from its record, and the record
 * checked against the entries as the database holds them now.
 */
export const adminRaffleVerification = z.object({
  /** Both checks below hold. */
  ok: z.boolean(),
  /** The kept entry list still hashes to the kept hash and equals today's entrants. */
  entries_match: z.boolean(),
  /** Re-running the algorithm on the kept seed and entries gives the kept winners. */
  winners_match: z.boolean(),
  entries_sha256: z.string(),
  recomputed_winners: z.array(z.string()),
});
export type AdminRaffleVerification = z.infer<typeof adminRaffleVerification>;
