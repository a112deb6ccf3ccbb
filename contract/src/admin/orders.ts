import { z } from 'zod';
import { pageQuery } from '../http/paged';
import { isoDate } from '../forms/zod';
import { money } from '../catalog/money';
import { orderStatus } from '../orders/status';
import { paymentStatus } from '../orders/schemas';
import { staffOrder } from '../staff/schemas';
import { staffMessages } from '../staff/messages';

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
