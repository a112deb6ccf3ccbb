import type { CatalogueEntries } from './entry';

/** The back office (`/admin`, `v5/admin/...`). */
export const adminErrors = {
  'admin.not_admin': {
    es: 'Solo el dueño o el administrador de la tienda pueden entrar a la administración.',
    en: "Only the store's owner or manager can open the back office.",
  },
  'admin.owner_only': {
    es: 'Solo el dueño de la tienda puede cambiar el personal y la configuración de pagos.',
    en: "Only the store's owner can change the staff and the payment settings.",
  },
  'admin.version_conflict': {
    es: 'Otra persona cambió este registro mientras usted lo editaba. Recargue para ver sus cambios y vuelva a intentarlo.',
    en: 'Someone else changed this record while you were editing it. Reload to see their changes and try again.',
  },
  'admin.category_not_found': {
    es: 'No se encontró la categoría.',
    en: 'The category was not found.',
  },
  'admin.place_not_found': {
    es: 'Elija un local de la empresa.',
    en: 'Choose a place of the company.',
  },
  'admin.export_main_owner_only': {
    es: 'Solo el dueño de la empresa principal puede exportar la tienda completa.',
    en: "Only the owner of the store's main company can export the whole store.",
  },
  'admin.mail_main_owner_only': {
    es: 'Solo el dueño de la empresa principal puede ver los correos que no se pudieron enviar.',
    en: "Only the owner of the store's main company can see the mails that could not be sent.",
  },
  'admin.entity_unknown': {
    es: 'Elija un tipo de registro de la lista.',
    en: 'Choose a record type from the list.',
  },
  'admin.order_not_found': {
    es: 'No se encontró el pedido.',
    en: 'The order was not found.',
  },
} as const satisfies CatalogueEntries;
