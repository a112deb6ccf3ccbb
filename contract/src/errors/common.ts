import type { CatalogueEntries } from './entry';

/** Errors any route can answer, and the framework's own. */
export const commonErrors = {
  'common.generic': {
    es: 'Algo malo ha pasado, por favor intentarlo más adelante.',
    en: 'Something went wrong, please try again later.',
  },
  'common.not_found': {
    es: 'No encontrado.',
    en: 'Not found.',
  },
  'common.invalid_api_key': {
    es: 'La API-KEY no pertenece a esta aplicación.',
    en: 'The API-KEY does not belong to this application.',
  },
  'common.code_not_found': {
    es: 'Este código no existe',
    en: 'This code does not exist',
  },
  'common.page_not_found': {
    es: 'Lo sentimos, página no encontrada!',
    en: 'Sorry, page not found!',
  },
  'common.link_expired': {
    es: 'El link ha expirado',
    en: 'The link has expired',
  },
  'common.invalid_page': {
    es: 'Página inválida.',
    en: 'Invalid page.',
  },
  'common.too_many_requests': {
    es: 'Demasiadas solicitudes. Inténtelo de nuevo en {seconds} segundos.',
    en: 'Too many requests. Try again in {seconds} seconds.',
  },
  'common.not_authenticated': {
    es: 'Las credenciales de autenticación no se proveyeron.',
    en: 'Authentication credentials were not provided.',
  },
  'common.permission_denied': {
    es: 'No tienes permiso para realizar esta acción.',
    en: 'You do not have permission to perform this action.',
  },
  'common.fetch_failed': {
    es: 'Lo sentimos, no se pudo obtener la información',
    en: "Sorry, the information couldn't be fetched properly",
    spec: 'en',
  },
  'common.update_failed': {
    es: 'Lo sentimos, no se pudo actualizar la información',
    en: "Sorry, the information couldn't be updated",
    spec: 'en',
  },
  'common.maintenance': {
    es: 'Estamos en mantenimiento. Inténtelo de nuevo más tarde.',
    en: 'We are under maintenance. Try again later.',
  },
  'common.invalid_json': {
    es: 'El cuerpo de la solicitud no es un JSON válido.',
    en: 'The request body is not valid JSON.',
  },
  'common.empty_body': {
    es: 'El cuerpo de la solicitud está vacío.',
    en: 'The request body is empty.',
  },
  'common.request_refused': {
    es: '{text}',
    en: '{text}',
  },
  'common.untranslated': {
    es: '{text}',
    en: '{text}',
  },
} as const satisfies CatalogueEntries;
