import type { apps } from '../../db/schema';

/**
 * A tenant's row, in a file of its own: the scope and the programs read this type, and the tenancy
 * service reads both of them, so importing it from the service made an import circle (issue 38).
 */
export type AppRow = typeof apps.$inferSelect;
