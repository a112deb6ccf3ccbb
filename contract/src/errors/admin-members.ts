import type { CatalogueEntries } from './entry';

/** The back office's members screen (`/admin/members`, `v5/admin/members/...`). */
export const adminMembersErrors = {
  'admin.member_not_found': {
    es: 'No se encontró el cliente.',
    en: 'The member was not found.',
  },
  'admin.member_program_not_found': {
    es: 'Elige un programa de la empresa.',
    en: 'Choose a program of the company.',
  },
} as const satisfies CatalogueEntries;
