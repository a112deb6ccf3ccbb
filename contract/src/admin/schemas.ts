import { z } from 'zod';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { orderStatus } from '../orders/status';
import { staffRole, type StaffRole } from '../staff/schemas';
import { adminMessages } from './messages';

/**
 * The back office (`/api/v5/admin/...`, the web app's `/admin`). Every call answers for
 * the one company the signed-in user is OWNER or MANAGER of on the current tenant:
 * 401 anonymous, 403 for customers, STAFF, VALIDATOR (and a MANAGER on the owner's
 * areas), 404 for anything of another company or tenant.
 */

/** The screens (and their routes) of the back office, each granted to roles below. */
export const adminArea = z.enum([
  'dashboard',
  'catalogue',
  'audit',
  'orders',
  'members',
  'staff',
  'money',
  'media',
  'branding',
  'settings',
  'places',
  'loyalty',
  'promotions',
  'engagement',
  'marketing',
  // The marketplace's store reviews: only the OWNER of the app's main company on a marketplace
  // app (decided per user on the server, not per role: see `adminAreasOf` there).
  'marketplace',
]);
export type AdminArea = z.infer<typeof adminArea>;

/**
 * Every area but the marketplace's, which is granted per user (the server's `adminAreasOf`), in
 * the order of `adminArea`.
 */
const companyAreas = adminArea.options.filter((area) => area !== 'marketplace');

/**
 * What only the OWNER opens: the staff, the money settings (payment methods, card credentials,
 * taxes), the company's settings, and the program rules (`loyalty`: earning rates, expiry and
 * levels change what every member is owed).
 */
const ownerOnlyAreas: readonly AdminArea[] = ['staff', 'money', 'settings', 'loyalty'];

/**
 * OWNER: every area. MANAGER: everything but the owner's own areas above. STAFF and VALIDATOR work
 * at the counter, never here.
 */
export const adminAreas: Record<StaffRole, readonly AdminArea[]> = {
  OWNER: companyAreas,
  MANAGER: companyAreas.filter((area) => !ownerOnlyAreas.includes(area)),
  STAFF: [],
  VALIDATOR: [],
};

export function adminCan(role: StaffRole, area: AdminArea): boolean {
  return adminAreas[role].includes(area);
}

/** Whether the role opens the back office at all. */
export function isAdminRole(role: StaffRole): boolean {
  return adminAreas[role].length > 0;
}

const namedRef = z.object({ uid: z.string(), name: z.string() });

/** `GET v5/admin/me/`: who the back office is working for and what they may open. */
export const adminMe = z.object({
  company: namedRef,
  role: staffRole,
  areas: z.array(adminArea),
  places: z.array(namedRef),
  /** A manager given some places only: what they make must name one of them. */
  limited_to_places: z.boolean(),
  /**
   * The user works for the app's main company: the app-wide tools (branding, the whole store's
   * export, unsent mails) are theirs. False for a marketplace store's (or child company's) team.
   */
  main_company: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMe>;

// ---------------------------------------------------------------------------------------
// Optimistic concurrency: every editable record carries `version`; a write sends the
// version it was read at and gets 409 `admin.version_conflict` when someone else wrote first.

/** The version a write was based on (the record's `version` as last read). */
export const versionField = () =>
  z.number({ error: formMessages.required }).int(formMessages.required).min(1);

/**
 * A PATCH body: any of a record's fields, each checked as on create, and the `version` they were
 * read at; nothing else (strict).
 */
export function patchOf<Shape extends z.ZodRawShape>(fields: Shape) {
  return z.object(fields).partial().extend({ version: versionField() }).strict();
}

/** `409 {code: 'admin.version_conflict', detail, current}`: the record as it is now, to reload the form. */
export function versionConflictBody<T extends z.ZodTypeAny>(record: T) {
  return z.object({ code: z.string(), detail: z.string(), current: record });
}

// ---------------------------------------------------------------------------------------
// Audit log

/** The kinds of record the audit log names (grows with each admin screen). */
export const auditEntity = z.enum(
  [
    'product_category',
    'product',
    'place_product',
    'order',
    'order_settings',
    'member_export',
    'payment_method',
    'tax_rule',
    'receipt_account',
    'coupon',
    'discount',
    'media',
    'branding',
    'place',
    'staff_member',
    'staff_invitation',
    'mail',
    'promotion',
    'program',
    'company_ad',
    'raffle',
    'event',
    'poll',
    'poll_export',
    'landing',
    'store',
  ],
  {
    error: adminMessages.entityUnknown,
  },
);
export type AuditEntity = z.infer<typeof auditEntity>;
export const auditAction = z.enum(['create', 'update', 'delete']);
export type AuditAction = z.infer<typeof auditAction>;

/** One change: who (user and role at the time), when, what, and the record before and after (secrets redacted). */
export const auditEntry = z.object({
  uid: z.string(),
  at: z.string(),
  actor: z.object({
    uid: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    role: staffRole,
  }),
  entity: auditEntity,
  entity_uid: z.string(),
  action: auditAction,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET v5/admin/audit/?entity=&entity_uid=&actor=&page=`, newest first. */
export const adminAuditQuery = pageQuery.extend({
  entity: auditEntity.optional(),
  entity_uid: z.string().trim().optional(),
  actor: z.string().trim().optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

// ---------------------------------------------------------------------------------------
// Product categories (the first editable record: name and order)

export const adminCategory = z.object({
  uid: z.string(),
  name: z.string(),
  position: z.number().int(),
  image: z.string().nullable(),
  is_active: z.boolean(),
  version: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

/** `PATCH v5/admin/categories/{uid}/`: the fields to change (a switched-off category leaves the store), and the version they were read at. */
export const adminCategoryInput = z
  .object({
    name: requiredText(80).optional(),
    position: z.number({ error: formMessages.required }).int().min(0).max(10_000).optional(),
    image: z
      .string({ error: formMessages.url })
      .trim()
      .max(500, formMessages.tooLong)
      .regex(/^(https?:\/\/\S+|\/[^\s/]\S*)$/, formMessages.url)
      .nullable()
      .optional(),
    is_active: z.boolean({ error: formMessages.invalid }).optional(),
    version: versionField(),
  })
  .strict();
export type AdminCategoryInput = z.infer<typeof adminCategoryInput>;

// ---------------------------------------------------------------------------------------
// Dashboard

export const dashboardPeriod = z.enum(['today', '7d', '30d']);
export type DashboardPeriod = z.infer<typeof dashboardPeriod>;

/** `GET v5/admin/dashboard/?period=today|7d|30d&place=` (no place: every place the user may see). */
export const adminDashboardQuery = z.object({
  period: dashboardPeriod.default('7d'),
  place: z.string().trim().optional(),
});
export type AdminDashboardQuery = z.infer<typeof adminDashboardQuery>;

/**
 * The figures of a period of store days (`from`..`to`, both included, in the store's time
 * zone). A sale is an order that was not canceled, counted on the store day it was
 * placed, at its total (products, delivery and taxes, after discounts); coins orders count
 * as orders but add nothing to sales. Loyalty figures are the company's programs' and have
 * no place.
 */
export const adminDashboard = z.object({
  period: dashboardPeriod,
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  place: namedRef.nullable(),
  sales: money,
  orders: z.number().int(),
  average_ticket: money,
  new_members: z.number().int(),
  points_issued: z.number().int(),
  points_spent: z.number().int(),
  coins_issued: z.number().int(),
  coins_spent: z.number().int(),
  redemptions: z.number().int(),
  sales_per_day: z.array(z.object({ date: z.string(), sales: money, orders: z.number().int() })),
  top_products: z.array(
    z.object({ uid: z.string(), title: z.string(), quantity: z.number().int(), sales: money }),
  ),
  orders_by_status: z.array(z.object({ status: orderStatus, count: z.number().int() })),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
