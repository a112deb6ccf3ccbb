import type { CatalogueEntries } from './entry';

/** The back office (`/admin`, `v5/admin/...`). */
export const adminErrors = {
  'admin.not_admin': {
    es: 'Solo el dueño o el administrador de la tienda pueden entrar a la administración.',
    en: "Only the store's owner or manager can open the back office.",
  },
  'admin.owner_only': {
    es: 'Solo el dueño de la tienda puede ver y cambiar esto: el personal, los pagos, cupones y descuentos, los programas de beneficios y los ajustes son suyos.',
    en: "Only the store's owner can see and change this: the staff, payments, coupons and discounts, benefit programs and settings are theirs.",
  },
  'admin.version_conflict': {
    es: 'Otra persona cambió este registro mientras lo editabas. Recarga para ver sus cambios y vuelve a intentarlo.',
    en: 'Someone else changed this record while you were editing it. Reload to see their changes and try again.',
  },
  'admin.category_not_found': {
    es: 'No se encontró la categoría.',
    en: 'The category was not found.',
  },
  'admin.report_range_too_long': {
    es: 'Elige un rango de hasta 2 años.',
    en: 'Choose a range of up to 2 years.',
  },
  'admin.place_not_found': {
    es: 'Elige un local de la empresa.',
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
    es: 'Elige un tipo de registro de la lista.',
    en: 'Choose a record type from the list.',
  },
  'admin.order_not_found': {
    es: 'No se encontró el pedido.',
    en: 'The order was not found.',
  },
  'admin.order_mail_not_staff': {
    es: 'Usa el correo verificado de alguien del equipo de la tienda.',
    en: "Use the verified email of someone on the store's team.",
  },
} as const satisfies CatalogueEntries;
