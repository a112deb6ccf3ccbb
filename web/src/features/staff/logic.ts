import { recordKind, type RecordKind } from '@store/contract/staff/schemas';
import type { ClientLookup } from './api/find-client';
import type { RecordsQuery } from './api/get-records';
import type { SkippedDaysQuery } from './api/get-skipped-days';
import { storeDateOf } from '@store/contract/time/store-clock';

/** Board tabs: every status, plus all of them ('' = no filter). */
export const BOARD_FILTERS = [
  '',
  'RECEIVED',
  'ACCEPTED',
  'SHIPPED',
  'DELIVERED',
  'CANCELED_BY_PLACE',
  'CANCELED_BY_USER',
] as const;

export type LookupMode = 'document' | 'phone' | 'qr';
/** How a found client is read again after an action: by document when it has one, else by phone. */
export function lookupOfClient(client: {
  document_type: string | null;
  document_number: string | null;
  mobile_phone: string | null;
}): ClientLookup | null {
  if (client.document_type && client.document_number)
    return { document_type: client.document_type, document_number: client.document_number };
  if (client.mobile_phone) return { mobile_phone: client.mobile_phone };
  return null;
}

/** The look-up kept in the address (so a reload or the back button keeps the client on screen). */
export function lookupFromSearch(params: URLSearchParams): ClientLookup | null {
  const type = params.get('document_type');
  const number = params.get('document_number');
  if (type && number) return { document_type: type, document_number: number };
  const phone = params.get('mobile_phone');
  return phone ? { mobile_phone: phone } : null;
}

export function lookupToSearch(lookup: ClientLookup): URLSearchParams {
  return new URLSearchParams(Object.entries(lookup));
}

/**
 * A pasted member QR: the code itself, or a link/text carrying it in a `code` or `qr` parameter
 * (some readers paste the whole URL).
 */
export function qrCodeFromText(text: string): string {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    return url.searchParams.get('code') ?? url.searchParams.get('qr') ?? trimmed;
  } catch {
    return trimmed;
  }
}

const RECORD_KINDS: readonly RecordKind[] = recordKind.options;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The report's filters from the address; unknown values are dropped rather than sent. */
export type RecordFilters = {
  kind: RecordKind | '';
  date_from: string;
  date_to: string;
  place_uid: string;
  page: number;
};

export function recordFiltersFromSearch(params: URLSearchParams): RecordFilters {
  const kind = params.get('kind') ?? '';
  const from = params.get('date_from') ?? '';
  const to = params.get('date_to') ?? '';
  return {
    kind: (RECORD_KINDS as readonly string[]).includes(kind) ? (kind as RecordKind) : '',
    date_from: DAY.test(from) ? from : '',
    date_to: DAY.test(to) ? to : '',
    place_uid: params.get('place_uid') ?? '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

export function recordFiltersToSearch(filters: Partial<RecordFilters>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (key === 'page' && Number(value) === 1)) continue;
    out.set(key, String(value));
  }
  return out;
}

/** The file name of the CSV when the server does not suggest one. */
export function csvFilename(filters: Partial<RecordFilters>, today: Date = new Date()): string {
  const parts = [
    'registros',
    filters.kind || 'todos',
    filters.date_from || null,
    filters.date_to || null,
  ].filter(Boolean);
  return `${parts.join('-')}-${storeDateOf(today)}.csv`;
}

/** Whether a money amount (as typed) is above a maximum (null = no maximum). */
export function exceedsMaximum(amount: string, max: string | number | null | undefined): boolean {
  if (max === null || max === undefined || amount.trim() === '') return false;
  return Number(amount) > Number(max);
}

/** The report's filters as the server reads them: empty ones left out. */
export function recordsQueryOf(filters: RecordFilters): RecordsQuery {
  return {
    kind: filters.kind || undefined,
    date_from: filters.date_from || undefined,
    date_to: filters.date_to || undefined,
    place_uid: filters.place_uid || undefined,
    page: filters.page,
  };
}

/** The skipped subscription days' filters as the server reads them (the report's, without a kind). */
export function skippedDaysQueryOf(filters: RecordFilters): SkippedDaysQuery {
  const { kind: _kind, ...query } = recordsQueryOf(filters);
  return query;
}
