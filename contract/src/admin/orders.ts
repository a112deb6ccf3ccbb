import { z } from 'zod';
import { paged, pageQuery } from '../http/paged';
import { isoDate } from '../forms/zod';
import { formRules } from '../forms/rules';
import { formatMessage, formMessages } from '../messages';
import { money } from '../catalog/money';
import { orderStatus } from '../orders/status';
import { paymentStatus } from '../orders/schemas';
import { staffOrder } from '../staff/schemas';
import { staffMessages } from '../staff/messages';
import { versionField } from './schemas';

/**
 * The back office's orders (`/admin/orders`, `v5/admin/orders/...`): every place of the
 * company, for its OWNER and MANAGER. Days are store days (the store's time zone), both
 * ends included.
 */
export const adminOrdersQuery = z
  .object({
    status: orderStatus.optional(),
    payment_status: paymentStatus.optional(),
    place: z.string().trim().optional(),
    date_from: isoDate().optional(),
    date_to: isoDate().optional(),
    /** The order number, or part of the client's name, email or phone. */
    q: z.string().trim().max(100).optional(),
    /** The list's order (newest first by default); the CSV is always newest first. */
    sort: z.enum(['-created_at', 'created_at', '-total', 'total']).default('-created_at'),
    ...pageQuery.shape,
  })
  .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
    path: ['date_from'],
    message: staffMessages.dateRange,
  });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

/** A refund of a card-paid order: PENDING until the provider has done it. */
export const adminRefund = z.object({
  uid: z.string(),
  amount: money,
  status: z.enum(['PENDING', 'DONE']),
  created_at: z.string(),
  updated_at: z.string(),
  /** The provider's error code of the last failed attempt (no card data). */
  last_error: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefund>;

/** One order as the back office shows it: the staff console's order with its refunds. */
export const adminOrder = staffOrder.extend({ refunds: z.array(adminRefund) });
export type AdminOrder = z.infer<typeof adminOrder>;

/**
 * `GET v5/admin/orders/`: the paged envelope (`count`, `next`, `previous`, `results`) and
 * `count_exact`. The count is exact (true) except for a search by a text that many clients hold:
 * it is then counted up to a thousand orders past the page, and false says "at least `count`"
 * (the way Shopify's order counts say AT_LEAST; docs/decisions.md). `next` is right either way.
 */
export const adminOrdersPage = paged(adminOrder).extend({ count_exact: z.boolean() });
export type AdminOrdersPage = z.infer<typeof adminOrdersPage>;

/** Column headers of `GET v5/admin/orders.csv`, in order. */
export const adminOrdersCsvColumns = [
  'numero',
  'fecha',
  'local',
  'estado',
  'pago',
  'estado_pago',
  'entrega',
  'cliente',
  'email',
  'telefono',
  'subtotal',
  'descuento',
  'envio',
  'impuestos',
  'total',
  'monedas',
  'cupon',
] as const;

/**
 * `GET v5/admin/orders/recent/` and `GET v5/staff/orders/recent/`: the orders that reached the
 * store in the last minutes (newest first, at most 20), which the consoles ask every few seconds
 * to announce new ones (see docs/decisions.md, "New orders announced"). `since` is the server's
 * clock, for the next question; `window_seconds` how far back the answer looks.
 */
export const recentOrder = z.object({
  uid: z.string(),
  number: z.number().int(),
  created_at: z.string(),
  status: orderStatus,
  place: z.object({ uid: z.string(), name: z.string() }),
  shipping_type: z.enum(['delivery', 'pickup']),
  total: money,
  coin_total: z.number().int(),
});
export type RecentOrder = z.infer<typeof recentOrder>;
export const recentOrders = z.object({
  now: z.string(),
  window_seconds: z.number().int(),
  results: z.array(recentOrder),
});
export type RecentOrders = z.infer<typeof recentOrders>;

/**
 * `GET|PUT v5/admin/orders/notifications/`: who hears about orders. `new_order_mail_to`: an
 * address that gets a mail per new order (null: none); `customer_status_mails`: customers get a
 * mail when their order is accepted, on its way or ready for pickup (cancellations and refunds
 * always mail them). `version`: optimistic concurrency, as every back-office form.
 */
export const orderNotificationSettings = z.object({
  new_order_mail_to: z.string().nullable(),
  customer_status_mails: z.boolean(),
  version: z.number().int(),
});
export type OrderNotificationSettings = z.infer<typeof orderNotificationSettings>;
export const orderNotificationSettingsInput = z.object({
  /** An empty text or null: no mail per new order. */
  new_order_mail_to: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, formatMessage('form.too_long', { max: 254 }))
    .refine((v) => !v || !formRules.email(v), formMessages.email)
    .nullable(),
  customer_status_mails: z.boolean(),
  version: versionField(),
});
export type OrderNotificationSettingsInput = z.input<typeof orderNotificationSettingsInput>;
