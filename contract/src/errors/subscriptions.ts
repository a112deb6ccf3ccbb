import type { CatalogueEntries } from './entry';

/** Subscriptions. */
export const subscriptionsErrors = {
  'subscriptions.weekday_required': {
    es: 'Elige al menos un día de la semana.',
    en: 'Choose at least one weekday.',
  },
  'subscriptions.slot_required': {
    es: 'Elige un horario.',
    en: 'Choose a time slot.',
  },
  'subscriptions.slot_unavailable': {
    es: 'Este horario no está disponible los {day}.',
    en: 'This time slot is not available on {day}.',
  },
  'subscriptions.closed_on': {
    es: 'El local no atiende los {day}.',
    en: 'The place is closed on {day}.',
  },
  'subscriptions.not_enabled': {
    es: 'Este local no ofrece suscripciones.',
    en: 'This place does not offer subscriptions.',
  },
  'subscriptions.only_cancel': {
    es: 'Solo se puede cancelar la suscripción (canceled_by_user).',
    en: 'A subscription can only be canceled (canceled_by_user).',
  },
  'subscriptions.already_canceled': {
    es: 'Esta suscripción ya está cancelada.',
    en: 'This subscription is already canceled.',
  },
  'subscriptions.online_payment_not_allowed': {
    es: 'Las suscripciones se pagan en cada entrega: elige efectivo o tarjeta contra entrega.',
    en: 'Subscriptions are paid at each delivery: choose cash or card on delivery.',
  },
  'subscriptions.too_many_active': {
    es: 'Ya tienes {max} suscripciones activas. Cancela alguna antes de crear otra.',
    en: 'You already have {max} active subscriptions. Cancel one before creating another.',
  },
  'subscriptions.product_not_subscribable': {
    es: '{product} no está disponible para suscripción.',
    en: '{product} is not available for subscriptions.',
  },
} as const satisfies CatalogueEntries;
