import type { CatalogueEntries } from './entry';

/** Raffles and polls. */
export const engagementErrors = {
  'engagement.raffle_not_found': {
    es: 'Este sorteo no existe.',
    en: 'This raffle does not exist.',
  },
  'engagement.raffle_closed': {
    es: 'Este sorteo ya no admite inscripciones.',
    en: 'This raffle no longer takes entries.',
  },
  'engagement.poll_not_found': {
    es: 'Esta encuesta no existe.',
    en: 'This poll does not exist.',
  },
  'engagement.poll_closed': {
    es: 'Esta encuesta ya no admite respuestas.',
    en: 'This poll no longer takes answers.',
  },
  'engagement.poll_answered': {
    es: 'Ya respondió esta encuesta.',
    en: 'You already answered this poll.',
  },
  'engagement.not_a_question': {
    es: 'Esta pregunta no pertenece a la encuesta.',
    en: 'This question does not belong to the poll.',
  },
  'engagement.duplicate_answer': {
    es: 'Esta pregunta ya fue respondida.',
    en: 'This question was already answered.',
  },
  'engagement.not_an_option': {
    es: 'Esta opción no pertenece a la pregunta.',
    en: 'This option does not belong to the question.',
  },
  'engagement.choose_one': {
    es: 'Elegir una sola opción.',
    en: 'Choose a single option.',
  },
  'engagement.no_active_unit': {
    es: 'No tienes esta promoción activa: adquiérela primero.',
    en: 'You do not hold this promotion: get it first.',
  },
} as const satisfies CatalogueEntries;
