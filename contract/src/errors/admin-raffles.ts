import type { CatalogueEntries } from './entry';

/** The back office's raffles: the editor, the draw and its verification. */
export const adminRafflesErrors = {
  'admin.raffle_not_found': {
    es: 'No se encontró el sorteo.',
    en: 'The raffle was not found.',
  },
  'admin.raffle_program_not_found': {
    es: 'Elige un programa de tu empresa.',
    en: 'Choose a program of your company.',
  },
  'admin.raffle_dates_order': {
    es: 'El cierre debe ser posterior al inicio.',
    en: 'The end must be after the start.',
  },
  'admin.raffle_winners_range': {
    es: 'Entre 1 y 100 ganadores.',
    en: 'Between 1 and 100 winners.',
  },
  'admin.raffle_already_drawn': {
    es: 'Este sorteo ya se realizó; no se puede volver a sortear ni cambiar.',
    en: 'This raffle was already drawn; it cannot be drawn again nor changed.',
  },
  'admin.raffle_no_entries': {
    es: 'Nadie se inscribió en este sorteo todavía.',
    en: 'Nobody has entered this raffle yet.',
  },
  'admin.raffle_not_drawn': {
    es: 'Este sorteo aún no se realizó.',
    en: 'This raffle has not been drawn yet.',
  },
} satisfies CatalogueEntries;
