import type { CatalogueEntries } from './entry';

/** The back office's events (`v5/admin/events/`). */
export const adminEventsErrors = {
  'admin.event_not_found': {
    es: 'No se encontró el evento.',
    en: 'The event was not found.',
  },
  'admin.event_where_required': {
    es: 'Elige un local o escribe dónde será el evento.',
    en: 'Choose a place or write where the event will be.',
  },
  'admin.event_place_not_allowed': {
    es: 'Elige uno de los locales que administras.',
    en: 'Choose one of the places you manage.',
  },
  'admin.event_end_before_start': {
    es: 'El fin no puede ser anterior al inicio.',
    en: 'The end cannot be before the start.',
  },
  'admin.event_end_time_alone': {
    es: 'Indica primero la hora de inicio.',
    en: 'Give the start time first.',
  },
  'admin.event_link_invalid': {
    es: 'Usa una dirección que empiece con http:// o https://.',
    en: 'Use an address starting with http:// or https://.',
  },
} as const satisfies CatalogueEntries;
