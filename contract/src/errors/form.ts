import type { CatalogueEntries } from './entry';

/** Form checks, the generic rules and zod's own. */
export const formErrors = {
  'form.required': {
    es: 'Este campo es requerido',
    en: 'This field is required',
  },
  'form.date': {
    es: 'Ingresar una fecha correcta',
    en: 'Enter a correct date',
  },
  'form.email': {
    es: 'Ingresar un email correcto',
    en: 'Enter a correct email',
  },
  'form.dni': {
    es: 'Ingresar un dni correcto.',
    en: 'Enter a correct ID number.',
  },
  'form.numeric': {
    es: 'Ingresar un número',
    en: 'Enter a number',
  },
  'form.positive_number': {
    es: 'Ingresar un número válido',
    en: 'Enter a valid number',
  },
  'form.time': {
    es: 'Ingresar una hora correcta',
    en: 'Enter a correct time',
  },
  'form.url': {
    es: 'Ingresar una URL correcta',
    en: 'Enter a correct URL',
  },
  'form.telephone': {
    es: 'Ingresar el código de país antes del número, por ejemplo: +51, +52, +57, +593',
    en: 'Enter the country code before the number, for example: +51, +52, +57, +593',
  },
  'form.invalid': {
    es: 'Valor no válido',
    en: 'Invalid value',
  },
  'form.too_long': {
    es: 'Asegúrate de que este campo no tenga más de {max} caracteres',
    en: 'Make sure this field has no more than {max} characters',
  },
  'form.too_short': {
    es: 'Asegúrate de que este campo tenga al menos {min} caracteres',
    en: 'Make sure this field has at least {min} characters',
  },
  'form.choose_at_least': {
    es: 'Elige al menos {min}',
    en: 'Choose at least {min}',
  },
  'form.too_small': {
    es: 'Asegúrate de que este valor sea mayor o igual a {min}',
    en: 'Make sure this value is greater than or equal to {min}',
  },
  'form.choose_at_most': {
    es: 'Elige como máximo {max}',
    en: 'Choose at most {max}',
  },
  'form.too_big': {
    es: 'Asegúrate de que este valor sea menor o igual a {max}',
    en: 'Make sure this value is less than or equal to {max}',
  },
  'form.invalid_choice': {
    es: 'Elige una opción válida: {values}',
    en: 'Choose a valid option: {values}',
  },
  'form.unknown_fields': {
    es: 'Campos no permitidos: {keys}',
    en: 'Fields not allowed: {keys}',
  },
} as const satisfies CatalogueEntries;
