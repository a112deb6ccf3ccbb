import type { StaffRole } from '../staff/schemas';

/**
 * The roles that open the back office, without zod: the store front's side menu asks it on
 * the first page, which cannot carry the admin schemas. Kept equal to `isAdminRole` by a test.
 */
export const backOfficeRoles: readonly StaffRole[] = ['OWNER', 'MANAGER'];

export function opensBackOffice(role: StaffRole): boolean {
  return backOfficeRoles.includes(role);
}
