import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminMembersErrors } from '../errors/admin-members';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { money } from '../catalog/money';
import { orderStatus } from '../orders/status';
import { paymentStatus } from '../orders/schemas';
import { balances, ledgerLine, loyaltyCurrency, memberLevel } from '../loyalty/programs';
import { promotionKind, redemptionStatus } from '../loyalty/promotions';

/**
 * The back office's members (`/admin/members`, `v5/admin/members/...`, area `members`, OWNER
 * and MANAGER). A member of the company is a user of the tenant who joined one of the
 * company's programs or placed an order at one of its places (see docs/decisions.md, "Back
 * office members"). Only what the screen shows leaves the server: no password, no token, no
 * redemption code.
 */

/** The members screen's message codes (texts in errors/admin-members.ts). */
export const adminMembersMessages = /* @__PURE__ */ messagesOf('admin', adminMembersErrors);

/** Newest member first (default), by name, or most points first. */
export const adminMemberOrdering = z.enum(['-member_since', 'name', '-points'], {
  error: formMessages.invalidChoice,
});
export type AdminMemberOrdering = z.infer<typeof adminMemberOrdering>;

/** `GET v5/admin/members/?q=&ordering=&page=`: `q` is part of the name, email, phone or document, accents ignored. */
export const adminMembersQuery = pageQuery.extend({
  q: z.string().trim().max(100, formMessages.tooLong).optional(),
  ordering: adminMemberOrdering.default('-member_since'),
});
export type AdminMembersQuery = z.infer<typeof adminMembersQuery>;

/** One row of the list: who, since when, and the points and coins they hold in the company's programs. */
export const adminMemberRow = z.object({
  uid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  document_number: z.string().nullable(),
  /** The first time they joined a program of the company or ordered from it. */
  member_since: z.string(),
  points: z.number().int(),
  coins: z.number().int(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRow>;

/** A program of the company the member joined, with their balances and level in it. */
export const adminMemberProgram = z.object({
  uid: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  points_enabled: z.boolean(),
  coins_enabled: z.boolean(),
  stamps_enabled: z.boolean(),
  joined_at: z.string(),
  balances,
  level: memberLevel,
});
export type AdminMemberProgram = z.infer<typeof adminMemberProgram>;

/** `GET v5/admin/members/{uid}/`: contact data, the company's programs and the totals of the balances. */
export const adminMember = adminMemberRow.extend({
  email_verified: z.boolean(),
  document_type: z.string().nullable(),
  birthdate: z.string().nullable(),
  accepts_publicity: z.boolean(),
  registered_at: z.string(),
  /** Orders at the places the user may see (card orders still unpaid are not counted). */
  orders_count: z.number().int(),
  balances,
  programs: z.array(adminMemberProgram),
});
export type AdminMember = z.infer<typeof adminMember>;

const namedRef = z.object({ uid: z.string(), name: z.string() });

/** `GET v5/admin/members/{uid}/ledger/?program=&currency=`: newest first. */
export const adminMemberLedgerQuery = pageQuery.extend({
  program: z.string().trim().optional(),
  currency: loyaltyCurrency.optional(),
});
export type AdminMemberLedgerQuery = z.infer<typeof adminMemberLedgerQuery>;

export const adminMemberLedgerLine = ledgerLine.extend({ program: namedRef });
export type AdminMemberLedgerLine = z.infer<typeof adminMemberLedgerLine>;

/** `GET v5/admin/members/{uid}/orders/`: a summary per order; the order itself is `v5/admin/orders/{uid}/`. */
export const adminMemberOrder = z.object({
  uid: z.string(),
  number: z.number().int().nullable(),
  created_at: z.string(),
  place: namedRef,
  status: orderStatus,
  payment_status: paymentStatus,
  total: money,
  coin_total: z.number().int(),
});
export type AdminMemberOrder = z.infer<typeof adminMemberOrder>;

/** `GET v5/admin/members/{uid}/redemptions/`: the units of promotions they took, newest first. */
export const adminMemberRedemption = z.object({
  uid: z.string(),
  program: namedRef,
  promotion: z.object({ uid: z.string(), name: z.string(), kind: promotionKind }),
  status: redemptionStatus,
  amount: money.nullable(),
  coins_spent: z.number().int(),
  stamps_spent: z.number().int(),
  created_at: z.string(),
  used_at: z.string().nullable(),
});
export type AdminMemberRedemption = z.infer<typeof adminMemberRedemption>;

/** Column headers of `GET v5/admin/members.csv`, in order. */
export const adminMembersCsvColumns = [
  'nombre',
  'apellido',
  'email',
  'telefono',
  'documento',
  'cliente_desde',
  'puntos',
  'monedas',
] as const;
