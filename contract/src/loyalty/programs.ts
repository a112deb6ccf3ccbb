import { z } from 'zod';

export const loyaltyCurrency = z.enum(['POINTS', 'COINS', 'STAMPS']);
export type LoyaltyCurrency = z.infer<typeof loyaltyCurrency>;
export const ledgerKind = z.enum(['earn', 'spend', 'expire', 'reverse']);

export const programLevel = z.object({
  name: z.string(),
  min_points: z.number().int(),
  /** What the level gives, when the program says. */
  benefits: z.string().optional(),
});

/** A program as listed: what any visitor of the tenant may see. */
export const program = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  company: z.object({ uid: z.string(), name: z.string() }),
  points_enabled: z.boolean(),
  coins_enabled: z.boolean(),
  stamps_enabled: z.boolean(),
  add_points_enabled: z.boolean(),
  open_to_join: z.boolean(),
  /** Points a delivered order earns per sol of its subtotal (0: orders earn none). */
  order_points_per_sol: z.number().int(),
  levels: z.array(programLevel),
});
export type Program = z.infer<typeof program>;

export const programsQuery = z.object({ company: z.string().optional() });

/** Level of a member: the highest level whose min_points the points balance reaches, and what the next one needs. */
export const memberLevel = z.object({
  current: programLevel.nullable(),
  next: programLevel.nullable(),
  points_to_next: z.number().int().nullable(),
});
export type MemberLevel = z.infer<typeof memberLevel>;

export const balances = z.object({
  points: z.number().int(),
  coins: z.number().int(),
  stamps: z.number().int(),
});

/** `GET v5/me/programs/{uid}/`: the program with the member's standing in it. */
export const memberProgram = program.extend({
  is_member: z.boolean(),
  joined_at: z.string().nullable(),
  balances,
  level: memberLevel,
  /** The next points to expire and the (Lima) date they do; null when none will (or the program never expires points). */
  points_expiring: z.object({ amount: z.number().int(), date: z.string() }).nullable().optional(),
});
export type MemberProgram = z.infer<typeof memberProgram>;

export const joinProgramInput = z.object({ program: z.string().min(1) });

export const memberQr = z.object({ qr: z.string(), expires_at: z.string() });
export type MemberQr = z.infer<typeof memberQr>;

export const ledgerLine = z.object({
  uid: z.string(),
  currency: loyaltyCurrency,
  amount: z.number().int(),
  kind: ledgerKind,
  reason: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLine>;
export const ledgerQuery = z.object({ currency: loyaltyCurrency.optional() });
