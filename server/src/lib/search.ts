import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

/** Escapes LIKE wildcards so a user's "%" or "_" is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accent- and case-insensitive "contains", for short name searches. */
export function nameContains(column: AnyColumn | SQL, text: string): SQL {
  return sql`unaccent(${column}) ILIKE unaccent(${likePattern(text.trim())})`;
}
