import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

/** Escapes LIKE wildcards so a user's "%" or "_" is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accent- and case-insensitive "contains", for short name searches. */
export function nameContains(column: AnyColumn | SQL, text: string): SQL {
  return sql`unaccent(${column}) ILIKE unaccent(${likePattern(text.trim())})`;
}

/** Lower case without accents: how product search text is stored and queried. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * A prefix-matching Spanish tsquery from what a shopper typed: every word
 * must match the start of a word ("empan" finds "Empanadas"). Answers null
 * when nothing searchable is left.
 */
export function prefixTsQuery(text: string): string | null {
  const words = foldForSearch(text).match(/[a-z0-9]+/g) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(' & ');
}
