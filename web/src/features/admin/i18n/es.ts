import { catalogueEs } from '../catalogue/i18n';
import { orderStatusLabels } from '@store/contract/orders/messages';
import type { OrderStatus } from '@store/contract/orders/status';

import { settingsEs } from '../settings/i18n';

/** Spanish texts of the back office (loaded with its chunk, not with the store front). */
export const adminEs = {
  title: 'Administración',
  sections: 'Secciones de la administración',
  menu: 'Menú',
  toStore: 'Ver la tienda',
  role_OWNER: 'Dueño',
  role_MANAGER: 'Administrador',
  role_STAFF: 'Personal',
  role_VALIDATOR: 'Validador',
  noAccessTitle: 'No tienes acceso a la administración',
  noAccessText:
    'Solo el dueño o el administrador de la tienda pueden entrar. Si atiendes en tienda, usa la atención en tienda.',
  fetchError: 'Lo sentimos, no se pudo obtener la información',
  retry: 'Reintentar',
  /** A screen that exists but is not this user's (issue 36 row 9): said, never a blank or 404. */
  refusal: {
    staff: 'Solo el dueño puede administrar el personal de la tienda',
    money: 'Solo el dueño puede cambiar los pagos, cupones y descuentos',
    loyalty: 'Solo el dueño puede cambiar los programas de beneficios',
    settings: 'Solo el dueño puede cambiar los ajustes de la tienda',
    branding: 'Solo el dueño de {{app}} puede cambiar la marca de todo el sitio',
    roleText:
      'Entraste como {{role}}. Si necesitas un cambio aquí, pídeselo al dueño de la tienda.',
    landing: 'Solo el dueño de {{app}} puede cambiar la página de inicio del sitio',
    siteText:
      'El logo, los colores, la página de inicio y los textos legales del sitio son los de {{app}}.',
    back: 'Volver al resumen',
  },
  nav: {
    dashboard: 'Resumen',
    catalogue: 'Catálogo',
    coupons: 'Cupones',
    discounts: 'Descuentos',
    payments: 'Pagos e impuestos',
    settings: 'Ajustes',
  },
  catalogue: catalogueEs,
  settings: settingsEs,
  dashboard: {
    title: 'Resumen',
    period: 'Periodo',
    period_today: 'Hoy',
    period_7d: 'Últimos 7 días',
    period_30d: 'Últimos 30 días',
    place: 'Local',
    allPlaces: 'Todos los locales',
    range: 'Del {{from}} al {{to}} (hora de Lima)',
    sales: 'Ventas',
    orders: 'Pedidos',
    averageTicket: 'Ticket promedio',
    newMembers: 'Nuevos socios',
    pointsIssued: 'Puntos otorgados',
    pointsSpent: 'Puntos canjeados',
    coinsIssued: 'Monedas otorgadas',
    coinsSpent: 'Monedas gastadas',
    redemptions: 'Canjes',
    loyalty: 'Fidelización',
    salesPerDay: 'Ventas por día',
    salesPerDayLabel: 'Ventas por día del {{from}} al {{to}}; la tabla siguiente da las cifras',
    salesPerDayTable: 'Ver las cifras por día',
    day: 'Día',
    topProducts: 'Productos más vendidos',
    product: 'Producto',
    quantity: 'Unidades',
    ordersByStatus: 'Pedidos por estado',
    status: 'Estado',
    count: 'Cantidad',
    empty: 'Aún no hay ventas en este periodo.',
    // Says what the figures leave out, never that there is nothing to leave out (issue 36, row 8).
    salesNote: 'Las ventas no incluyen los pedidos cancelados ni los reembolsados.',
  },
  status: orderStatusLabels as Record<OrderStatus, string>,
};
export type AdminTexts = typeof adminEs;
