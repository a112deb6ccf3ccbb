import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  centsToMoney,
  hhmmOf,
  orderStatusLabels,
  staffRecordsCsvColumns,
  storeDayEnd,
  storeDayStart,
  storeMoment,
  type RecordChannel,
  type RecordKind,
  type StaffRecord,
} from '@store/contract';
import type { PageWindow } from '../../lib/pagination';
import { allowedPlace } from './guard';
import type { StaffScope } from '../../scope/scope';

export type RecordFilters = {
  kind?: RecordKind;
  date_from?: string;
  date_to?: string;
  place_uid?: string;
};

type RecordRow = {
  uid: string;
  date: Date | string;
  date_key: string;
  kind: RecordKind;
  place_uid: string | null;
  place_name: string | null;
  client_uid: string | null;
  client_first: string | null;
  client_last: string | null;
  client_document: string | null;
  staff_uid: string | null;
  staff_first: string | null;
  staff_last: string | null;
  description: string;
  amount_cents: number | null;
  quantity: number | null;
  status: string | null;
  channel: RecordChannel;
};

/**
 * The report's rows: the venue's lines (staff_activity: redemptions, stamps,
 * points, at the counter or confirmed by the member alone) and the company's orders, in one UNION ALL ordered newest first by
 * (date, uid). Each branch filters on its own indexed columns; names come
 * from left joins, so a deleted account shows no name.
 */
/* eslint-disable no-restricted-syntax -- a UNION report in raw SQL: every branch and every join
   names the staff member's tenant (`app`) by hand, and staff-orders-records and
   proof-isolation test it. Keep new queries out of this block. */
function recordsQuery(
  staff: StaffScope,
  filters: RecordFilters,
  page: { limit: number; offset?: number; after?: { dateKey: string; uid: string } },
): SQL {
  const app = staff.app.uid;
  const company = staff.company.uid;
  const place = filters.place_uid ? allowedPlace(staff, filters.place_uid).uid : null;
  const allowed = staff.limitedToPlaces ? staff.places.map((p) => p.uid) : null;
  const branchWhere = (alias: 'a' | 'o', dateColumn: string) => {
    const parts: SQL[] = [
      sql.raw(`${alias}.app_id = `).append(sql`${app}`),
      sql.raw(`${alias}.company_uid = `).append(sql`${company}`),
    ];
    if (filters.date_from)
      parts.push(
        sql
          .raw(`${alias}.${dateColumn} >= `)
          .append(sql`${storeDayStart(filters.date_from).toISOString()}::timestamptz`),
      );
    if (filters.date_to)
      parts.push(
        sql
          .raw(`${alias}.${dateColumn} < `)
          .append(sql`${storeDayEnd(filters.date_to).toISOString()}::timestamptz`),
      );
    if (place) parts.push(sql.raw(`${alias}.place_uid = `).append(sql`${place}::uuid`));
    if (allowed)
      parts.push(
        sql.raw(`${alias}.place_uid IN `).append(
          sql`(${sql.join(
            allowed.map((u) => sql`${u}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    return sql.join(parts, sql` AND `);
  };
  const branches: SQL[] = [];
  if (filters.kind !== 'orders') {
    branches.push(sql`SELECT a.uid, a.created_at AS date, a.kind, a.place_uid, a.client_user_uid AS client_uid, a.staff_user_uid AS staff_uid,
        a.description, a.amount_cents, a.quantity, a.status, a.channel
      FROM staff_activity a WHERE ${branchWhere('a', 'created_at')}${filters.kind ? sql` AND a.kind = ${filters.kind}` : sql``}`);
  }
  if (!filters.kind || filters.kind === 'orders') {
    branches.push(sql`SELECT o.uid, o.created_at AS date, 'orders' AS kind, o.place_uid, o.user_uid AS client_uid, NULL::uuid AS staff_uid,
        'Pedido ' || o.number AS description, o.total_cents AS amount_cents, NULL::integer AS quantity, o.status, 'ONLINE' AS channel
      FROM orders o WHERE ${branchWhere('o', 'created_at')} AND o.payment_status <> 'PENDING'`);
  }
  const after = page.after
    ? sql`WHERE (r.date, r.uid) < (${page.after.dateKey}::timestamptz, ${page.after.uid}::uuid)`
    : sql``;
  return sql`SELECT r.uid, r.date, r.date::text AS date_key, r.kind, r.place_uid, p.name AS place_name,
      r.client_uid, c.first_name AS client_first, c.last_name AS client_last, c.document_number AS client_document,
      r.staff_uid, s.first_name AS staff_first, s.last_name AS staff_last, r.description, r.amount_cents, r.quantity, r.status, r.channel
    FROM (${sql.join(branches, sql` UNION ALL `)}) r
    LEFT JOIN places p ON p.app_id = ${app} AND p.uid = r.place_uid
    LEFT JOIN users c ON c.app_id = ${app} AND c.uid = r.client_uid
    LEFT JOIN users s ON s.app_id = ${app} AND s.uid = r.staff_uid
    ${after}
    ORDER BY r.date DESC, r.uid DESC
    LIMIT ${page.limit}${page.offset ? sql` OFFSET ${page.offset}` : sql``}`;
}

/* eslint-enable no-restricted-syntax */

function countQuery(staff: StaffScope, filters: RecordFilters): SQL {
  // Same branches, counted: the page query without order and limit.
  return sql`SELECT count(*)::int AS n FROM (${recordsQuery(staff, filters, { limit: 2_147_483_647 })}) counted`;
}

async function rowsOf(staff: StaffScope, query: SQL): Promise<RecordRow[]> {
  const result = (await staff.db.execute(query)) as unknown as { rows: RecordRow[] } | RecordRow[];
  return Array.isArray(result) ? result : result.rows;
}

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}

function recordToApi(r: RecordRow): StaffRecord {
  return {
    uid: r.uid,
    date: new Date(r.date).toISOString(),
    kind: r.kind,
    place: r.place_uid && r.place_name !== null ? { uid: r.place_uid, name: r.place_name } : null,
    client:
      r.client_uid && (r.client_first !== null || r.client_last !== null)
        ? {
            uid: r.client_uid,
            name: fullName(r.client_first, r.client_last),
            document_number: r.client_document,
          }
        : null,
    staff:
      r.staff_uid && (r.staff_first !== null || r.staff_last !== null)
        ? { uid: r.staff_uid, name: fullName(r.staff_first, r.staff_last) }
        : null,
    description: r.description,
    amount: r.amount_cents === null ? null : centsToMoney(Number(r.amount_cents)),
    quantity: r.quantity === null ? null : Number(r.quantity),
    status: r.status,
    channel: r.channel,
  };
}

export async function listRecords(staff: StaffScope, filters: RecordFilters, window: PageWindow) {
  const [counted, rows] = await Promise.all([
    rowsOf(staff, countQuery(staff, filters)) as unknown as Promise<{ n: number }[]>,
    rowsOf(staff, recordsQuery(staff, filters, { limit: window.limit, offset: window.offset })),
  ]);
  return { count: Number(counted[0]?.n ?? 0), results: rows.map(recordToApi) };
}

/** Statuses as the store's staff read them in the CSV (the JSON keeps the API values). */
export const statusLabels: Record<string, string> = {
  ...orderStatusLabels,
  ACTIVE: 'Activo',
  USED: 'Usado',
  CANCELLED: 'Anulado',
  PRODUCT: 'Canje de producto',
};

/** A record's instant as the store's wall clock reads it ('2025-06-01 07:05', Lima). */
export function storeDateTime(iso: string): string {
  const moment = storeMoment(new Date(iso));
  return `${moment.date} ${hhmmOf(moment.minute)}`;
}

const channelLabels: Record<RecordChannel, string> = {
  COUNTER: 'Mostrador',
  SELF: 'Confirmado por el cliente',
  ONLINE: 'En línea',
};

const kindLabels: Record<RecordKind, string> = {
  redemptions: 'Canje',
  stamps: 'Sellos',
  points: 'Puntos',
  orders: 'Pedido',
};

/** A spreadsheet runs cells starting with = + - @ as formulas; text typed by people is quoted out of that. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_BATCH = 500;

/**
 * The report as CSV, streamed: rows are read in batches of 500 by keyset
 * (date, uid) — never the whole year at once — and written as the client
 * reads them (the stream's back-pressure pauses the reads). The place filter
 * is checked before the first byte, so a bad filter is still a 400.
 */
export function recordsCsv(staff: StaffScope, filters: RecordFilters): Readable {
  if (filters.place_uid) allowedPlace(staff, filters.place_uid);
  async function* batches() {
    let after: { dateKey: string; uid: string } | undefined;
    for (;;) {
      const rows = await rowsOf(staff, recordsQuery(staff, filters, { limit: CSV_BATCH, after }));
      for (const r of rows) {
        const record = recordToApi(r);
        yield [
          storeDateTime(record.date),
          kindLabels[record.kind],
          safeCell(record.place?.name ?? ''),
          safeCell(record.client?.name ?? ''),
          safeCell(record.client?.document_number ?? ''),
          safeCell(record.description),
          record.amount ?? '',
          record.quantity ?? '',
          record.status ? (statusLabels[record.status] ?? record.status) : '',
          safeCell(record.staff?.name ?? ''),
          channelLabels[record.channel],
        ];
      }
      if (rows.length < CSV_BATCH) return;
      const last = rows[rows.length - 1];
      after = { dateKey: last.date_key, uid: last.uid };
    }
  }
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  const csv = stringify({ header: true, columns: [...staffRecordsCsvColumns], bom: true });
  const source = Readable.from(batches());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
