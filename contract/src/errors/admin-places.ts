import type { CatalogueEntries } from './entry';

/** The back office's places: timetable, pickup, delivery and the pause switch. */
export const adminPlacesErrors = {
  'admin.place_not_found': {
    es: 'No se encontró el local.',
    en: 'The place was not found.',
  },
  'admin.place_hours_same': {
    es: 'La hora de cierre debe ser distinta de la de apertura.',
    en: 'The closing time must differ from the opening time.',
  },
  'admin.place_shifts_order': {
    es: 'Los turnos de un día van en orden y sin cruzarse (por ejemplo 12:00-15:00 y 19:00-23:00).',
    en: "A day's shifts go in order and must not overlap (e.g. 12:00-15:00 and 19:00-23:00).",
  },
  'admin.place_shifts_max': {
    es: 'Un día tiene como máximo 3 turnos.',
    en: 'A day has at most 3 shifts.',
  },
  'admin.place_closure_date': {
    es: 'Indica una fecha válida (AAAA-MM-DD).',
    en: 'Enter a valid date (YYYY-MM-DD).',
  },
  'admin.place_closure_repeated': {
    es: 'Esta fecha ya está en los días cerrados.',
    en: 'This date is already a closed day.',
  },
  'admin.place_location_pair': {
    es: 'Indica la latitud y la longitud, o ninguna.',
    en: 'Give both latitude and longitude, or neither.',
  },
  'admin.place_latitude_range': {
    es: 'La latitud debe estar entre -90 y 90.',
    en: 'The latitude must be between -90 and 90.',
  },
  'admin.place_longitude_range': {
    es: 'La longitud debe estar entre -180 y 180.',
    en: 'The longitude must be between -180 and 180.',
  },
  'admin.place_delivery_needs_pin': {
    es: 'Marca la ubicación del local en el mapa para ofrecer delivery.',
    en: 'Set the place on the map to offer delivery.',
  },
  'admin.place_radius_range': {
    es: 'El radio de delivery debe estar entre 0.1 y 100 km.',
    en: 'The delivery radius must be between 0.1 and 100 km.',
  },
  'admin.place_phone_format': {
    es: 'Ingresa un teléfono válido (dígitos, espacios, +, -, paréntesis).',
    en: 'Enter a valid phone number (digits, spaces, +, -, brackets).',
  },
  'admin.place_no_shipping': {
    es: 'Ofrezca recojo en tienda, delivery o ambos.',
    en: 'Offer pickup, delivery or both.',
  },
} as const satisfies CatalogueEntries;
