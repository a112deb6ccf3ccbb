import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, editVersion, tenantRowKeys } from './columns';
import { companies } from './tenancy';

/**
 * A place's SUNAT series and their last correlatives. Each place gets its own establishment
 * number (1, 2, ... per tenant) on its first receipt, hence its series B001 / F001 / BC01 / FC01
 * (B002 ... for the second place). A correlative is taken by updating this row inside the
 * transaction that queues the receipt: the row lock serialises concurrent sales, and a rolled
 * back sale gives its number back.
 */
export const receiptSeries = pgTable(
  'receipt_series',
  {
    appId: uuid('app_id').notNull(),
    placeUid: uuid('place_uid').notNull(),
    establishment: integer('establishment').notNull(),
    boletaLast: integer('boleta_last').notNull().default(0),
    facturaLast: integer('factura_last').notNull().default(0),
    boletaCreditLast: integer('boleta_credit_last').notNull().default(0),
    facturaCreditLast: integer('factura_credit_last').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.placeUid] }),
    uniqueIndex('receipt_series_establishment_key').on(t.appId, t.establishment),
  ],
);

export type ElectronicReceiptKind = 'BOLETA' | 'FACTURA' | 'CREDIT_NOTE';
export type ElectronicReceiptStatus = 'PENDING' | 'ISSUED' | 'REJECTED' | 'FAILED';

/**
 * The outbox of electronic receipts (boletas, facturas, credit notes), as mail_outbox is for
 * mail: written in the transaction that makes the sale (or refund) final, with its number already
 * taken, then sent to the provider by a worker that claims it with a lease and retries with
 * back-off. PENDING: not sent yet or retrying; ISSUED: the provider answered with its links;
 * REJECTED: the provider (or SUNAT) refused it (its reason kept; retried only by the owner);
 * FAILED: still unreachable after every attempt (the owner retries it).
 */
export const electronicReceipts = pgTable(
  'electronic_receipts',
  {
    ...tenantRowKeys(),
    orderUid: uuid('order_uid').notNull(),
    placeUid: uuid('place_uid').notNull(),
    kind: text('kind').$type<ElectronicReceiptKind>().notNull(),
    serie: text('serie').notNull(),
    numero: integer('numero').notNull(),
    /** What this receipt is for, IGV included: the order's total, or the refund's amount. */
    totalCents: integer('total_cents').notNull(),
    /** A credit note: the receipt it corrects, and the refund it follows. */
    refersToUid: uuid('refers_to_uid'),
    refundUid: uuid('refund_uid'),
    status: text('status').$type<ElectronicReceiptStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The provider's reason for the last failure or rejection, shown to the owner. */
    error: text('error'),
    acceptedBySunat: boolean('accepted_by_sunat'),
    pdfUrl: text('pdf_url'),
    xmlUrl: text('xml_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('electronic_receipts_number_key').on(t.appId, t.serie, t.numero),
    // One boleta or factura per order (a second "paid" or "delivered" changes nothing).
    uniqueIndex('electronic_receipts_order_key')
      .on(t.appId, t.orderUid)
      .where(sql`kind <> 'CREDIT_NOTE'`),
    // An order's receipts with credit notes (the buyer's order page, a page of orders).
    index('electronic_receipts_order_idx').on(t.appId, t.orderUid),
    uniqueIndex('electronic_receipts_refund_key')
      .on(t.appId, t.refundUid)
      .where(sql`refund_uid IS NOT NULL`),
    index('electronic_receipts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'PENDING'`),
    check(
      'electronic_receipts_status_check',
      sql`${t.status} IN ('PENDING', 'ISSUED', 'REJECTED', 'FAILED')`,
    ),
    check('electronic_receipts_kind_check', sql`${t.kind} IN ('BOLETA', 'FACTURA', 'CREDIT_NOTE')`),
  ],
);

/**
 * A company's own account at the electronic-receipt provider (Nubefact's route URL and token),
 * set by its owner in Pagos e impuestos: a deployment serving several RUCs issues each company's
 * receipts with its own account. Without a row (or with both cleared) the deployment's account
 * (NUBEFACT_URL, NUBEFACT_TOKEN) issues them. The token is write-only, as Mercado Pago's access
 * token on payment_methods is: kept as typed, never answered back or logged.
 */
export const companyReceiptAccounts = pgTable(
  'company_receipt_accounts',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    nubefactUrl: text('nubefact_url'),
    nubefactToken: text('nubefact_token'),
    ...editVersion(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.companyUid] }),
    belongsTo(t.appId, t.companyUid, companies),
    // Both or neither: a URL without its token (or the reverse) issues nothing.
    check(
      'company_receipt_accounts_pair_check',
      sql`(${t.nubefactUrl} IS NULL) = (${t.nubefactToken} IS NULL)`,
    ),
  ],
);
