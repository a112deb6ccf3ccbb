import type { SubscriptionSkipReason } from '@store/contract/staff/schemas';

/** Spanish texts of the staff screen of skipped subscription days. */
export const skippedDaysEs = {
  tab: 'Suscripciones',
  title: 'Días de suscripción sin pedido',
  intro:
    'Días en que una suscripción no generó su pedido, con el motivo. El cliente no recibió ese pedido.',
  serviceDate: 'Día',
  slot: 'Horario',
  products: 'Productos',
  reason: 'Motivo',
  pickup: 'Recojo',
  delivery: 'Delivery',
  empty: 'No hay días sin pedido para estos filtros',
  reasons: {
    out_of_stock: 'Sin stock',
    product_unavailable: 'Un producto ya no se vende en el local',
    place_closed: 'El local estaba cerrado',
    slot_unavailable: 'El horario ya no estaba disponible',
    delivery_unavailable: 'No había delivery a la dirección',
    payment_unavailable: 'El método de pago ya no estaba disponible',
    member_gone: 'La cuenta del cliente ya no existe',
    missed: 'No se llegó a preparar a tiempo',
    other: 'Otro motivo',
  } satisfies Record<SubscriptionSkipReason, string>,
  // The subscriptions tab: what is due on a day (tomorrow first), and the days that got no order.
  sections: 'Suscripciones',
  dueTab: 'Programadas',
  skippedTab: 'Días sin pedido',
  due: {
    title: 'Suscripciones programadas',
    intro:
      'Suscripciones activas con pedido para el día elegido (mañana, si no eliges otro), por horario. El pedido se crea unas dos horas antes del horario.',
    day: 'Día',
    empty: 'No hay suscripciones programadas para este día',
    count_one: '{{count}} suscripción',
    count_other: '{{count}} suscripciones',
    client: 'Cliente',
    address: 'Dirección',
    comments: 'Comentarios',
    status: 'Estado',
    status_pending: 'Por crear',
    status_ordered: 'Pedido creado',
    status_skipped: 'Sin pedido',
  },
};

export type SkippedDaysCatalogue = typeof skippedDaysEs;
