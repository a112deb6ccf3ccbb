import type { CatalogueEntries } from './entry';

/** The back office's polls: the editor, its structure lock, results and export. */
export const adminPollsErrors = {
  'admin.poll_not_found': {
    es: 'No se encontró la encuesta.',
    en: 'The poll was not found.',
  },
  'admin.poll_program_not_found': {
    es: 'Elige un programa de tu empresa.',
    en: 'Choose a program of your company.',
  },
  'admin.poll_dates_order': {
    es: 'El cierre debe ser posterior al inicio.',
    en: 'The end must be after the start.',
  },
  'admin.poll_questions_count': {
    es: 'Entre 1 y {max} preguntas.',
    en: 'Between 1 and {max} questions.',
  },
  'admin.poll_options_count': {
    es: 'Una pregunta de opciones necesita entre 2 y {max} opciones.',
    en: 'A choice question needs between 2 and {max} options.',
  },
  'admin.poll_text_without_options': {
    es: 'Una pregunta de texto libre no lleva opciones.',
    en: 'A free-text question has no options.',
  },
  'admin.poll_option_repeated': {
    es: 'Esta opción ya está en la pregunta.',
    en: 'This option is already in the question.',
  },
  'admin.poll_question_not_found': {
    es: 'Esta pregunta no es de la encuesta.',
    en: 'This question is not one of the poll.',
  },
  'admin.poll_option_not_found': {
    es: 'Esta opción no es de la pregunta.',
    en: 'This option is not one of the question.',
  },
  'admin.poll_structure_locked': {
    es: 'La encuesta ya tiene respuestas: no se pueden agregar ni quitar preguntas u opciones, ni cambiar su tipo. Los textos, las fechas, la imagen y la visibilidad sí se pueden cambiar.',
    en: 'The poll already has answers: questions and options cannot be added or removed, nor their kind changed. Texts, dates, image and visibility can still change.',
  },
  'admin.poll_has_responses': {
    es: 'La encuesta ya tiene respuestas: desactívala en lugar de eliminarla.',
    en: 'The poll already has answers: switch it off instead of deleting it.',
  },
} as const satisfies CatalogueEntries;
