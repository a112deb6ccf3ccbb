import type { CatalogueEntries } from './entry';

/** The back office's staff screen (`v5/admin/staff/...`, owners only). */
export const adminStaffErrors = {
  'admin.staff_not_found': {
    es: 'Esta persona no es parte del personal de la empresa.',
    en: 'This person is not part of the company staff.',
  },
  'admin.staff_self': {
    es: 'No puedes cambiar tu propio rol ni quitarte del personal; pídeselo a otro dueño.',
    en: 'You cannot change your own role or remove yourself; ask another owner.',
  },
  'admin.last_owner': {
    es: 'La empresa debe conservar al menos un dueño.',
    en: 'The company must keep at least one owner.',
  },
  'admin.invitation_not_found': {
    es: 'La invitación ya no está pendiente.',
    en: 'The invitation is no longer pending.',
  },
} as const satisfies CatalogueEntries;
