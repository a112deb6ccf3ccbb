import { z } from 'zod';
import { isoDate } from '../forms/zod';
import { money } from '../catalog/money';
import { staffMessages } from '../staff/messages';
import { adminMessages } from './messages';
import { daysBetween } from '../time/store-clock';

/**
 * Selling more (issue 39): stock that warns and the reports. Stock is per place; reports count
 * orders on the store day and hour (America/Lima) they were placed.
 */

const namedRef = z.object({ uid: z.string(), name: z.string() });

/** `GET v5/admin/stock/low/`: the company's low and sold-out products at the user's places. */
export const adminLowStockQuery = z.object({ place: z.string().trim().optional() });
export type AdminLowStockQuery = z.infer<typeof adminLowStockQuery>;

export const adminLowStock = z.object({
  /** How many rows are low or sold out in all (the list shows the first 50, sold out first). */
  count: z.number().int(),
  sold_out: z.number().int(),
  results: z.array(
    z.object({
      product: z.object({ uid: z.string(), title: z.string() }),
      place: namedRef,
      stock: z.number().int(),
      low_stock_threshold: z.number().int().nullable(),
      sold_out: z.boolean(),
    }),
  ),
});
export type AdminLowStock = z.infer<typeof adminLowStock>;

export const stockMovementReason = z.enum([
  'sale',
  'cancellation',
  'line_removal',
  'released',
  'redemption',
  'manual',
  'import',
  'bulk',
]);
export type StockMovementReasonCode = z.infer<typeof stockMovementReason>;

/** `GET v5/admin/products/{uid}/stock-movements/`: the latest 100, newest first. */
export const adminStockMovement = z.object({
  uid: z.string(),
  place: namedRef,
  delta: z.number().int(),
  stock_after: z.number().int().nullable(),
  reason: stockMovementReason,
  order: z.object({ uid: z.string(), number: z.number().int().nullable() }).nullable(),
  actor: z.object({ uid: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type AdminStockMovement = z.infer<typeof adminStockMovement>;

/** The longest report range: two years of store days. */
export const REPORT_MAX_DAYS = 731;

/** `GET v5/admin/reports/`: store days `from`..`to`, both included. */
export const adminReportQuery = z
  .object({
    from: isoDate(),
    to: isoDate(),
    place: z.string().trim().optional(),
  })
  .refine((v) => v.from <= v.to, { path: ['from'], message: staffMessages.dateRange })
  .refine((v) => daysBetween(v.from, v.to) < REPORT_MAX_DAYS, {
    path: ['to'],
    message: adminMessages.reportRangeTooLong,
  });
export type AdminReportQuery = z.infer<typeof adminReportQuery>;

/**
 * One row of a sales report: what was kept (`count`, `sales`), the same over the previous period
 * of the same length, and what was canceled and refunded, apart. `count` is orders, or units for
 * the product and category reports.
 */
export const adminReportRow = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  sales: money,
  previous_count: z.number().int(),
  previous_sales: money,
  canceled_count: z.number().int(),
  canceled_sales: money,
  refunded_count: z.number().int(),
  refunded_sales: money,
});
export type AdminReportRow = z.infer<typeof adminReportRow>;

/** A staff member's counter actions (redemptions, stamps, points given) in the period. */
export const adminStaffReportRow = z.object({
  key: z.string(),
  label: z.string(),
  actions: z.number().int(),
  previous_actions: z.number().int(),
  redemptions: z.number().int(),
  stamps: z.number().int(),
  points: z.number().int(),
});
export type AdminStaffReportRow = z.infer<typeof adminStaffReportRow>;

export const salesReportKind = z.enum([
  'product',
  'category',
  'hour',
  'weekday',
  'payment_method',
  'place',
]);
export type SalesReportKind = z.infer<typeof salesReportKind>;
export const reportKind = z.enum([...salesReportKind.options, 'staff']);
export type ReportKind = z.infer<typeof reportKind>;

export const adminReport = z.object({
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  time_zone: z.string(),
  place: namedRef.nullable(),
  totals: adminReportRow,
  /** The best-selling products, at most 100 (the CSV has them all). */
  by_product: z.array(adminReportRow),
  /** How many products the period sold (or canceled, or sold in the previous period). */
  by_product_total: z.number().int(),
  by_category: z.array(adminReportRow),
  by_hour: z.array(adminReportRow),
  by_weekday: z.array(adminReportRow),
  by_payment_method: z.array(adminReportRow),
  by_place: z.array(adminReportRow),
  by_staff: z.array(adminStaffReportRow),
});
export type AdminReport = z.infer<typeof adminReport>;
