/**
 * Every text the server answers with, word for word as the specs write them.
 * The web app translates the ones it shows; the server always sends these.
 */
export const formMessages = {
  required: 'Este campo es requerido',
  date: 'Ingresar una fecha correcta',
  email: 'Ingresar un email correcto',
  dni: 'Ingresar un dni correcto.',
  numeric: 'Ingresar un número',
  positiveNumber: 'Ingresar un número válido',
  time: 'Ingresar una hora correcta',
  url: 'Ingresar una URL correcta',
  telephone: 'Ingresar el código de país antes del número, por ejemplo: +51, +52, +57, +593',
  invalid: 'Valor no válido',
  tooLong: 'Asegúrese de que este campo no tenga más de {max} caracteres',
} as const;

export const errorMessages = {
  generic: 'Algo malo ha pasado, por favor intentarlo más adelante.',
  notFound: 'No encontrado.',
  invalidApiKey: 'La API-KEY no pertenece a esta aplicación.',
  codeNotFound: 'Este código no existe',
  pageNotFound: 'Lo sentimos, página no encontrada!',
  linkExpired: 'El link ha expirado',
  invalidPage: 'Página inválida.',
  tooManyRequests: 'Demasiadas solicitudes. Inténtelo de nuevo en {seconds} segundos.',
  notAuthenticated: 'Las credenciales de autenticación no se proveyeron.',
  permissionDenied: 'Usted no tiene permiso para realizar esta acción.',
  fetchFailed: "Sorry, the information couldn't be fetched properly",
  updateFailed: "Sorry, the information couldn't be updated",
  maintenance: 'Estamos en mantenimiento. Inténtelo de nuevo más tarde.',
} as const;

/** Fills `{name}` placeholders of a message. */
export function formatMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
