import type { CatalogueEntries } from './entry';

/** Boleta or factura at checkout (SUNAT's electronic receipts). */
export const receiptsErrors = {
  'receipts.ruc_invalid': {
    es: 'El RUC no es válido: son 11 dígitos y el último es de control.',
    en: 'The RUC is not valid: 11 digits, the last one a check digit.',
  },
  'receipts.dni_invalid': {
    es: 'El DNI tiene 8 dígitos.',
    en: 'A DNI has 8 digits.',
  },
  'receipts.document_invalid': {
    es: 'Escribe el número del documento: de 4 a 12 letras y números.',
    en: 'Type the document number: 4 to 12 letters and digits.',
  },
  'receipts.document_required': {
    es: 'Para una boleta de más de S/ 700.00 necesitamos tu documento de identidad.',
    en: 'A boleta above S/ 700.00 needs your identity document.',
  },
  'receipts.ruc_not_found': {
    es: 'SUNAT no tiene este RUC. Revisa el número, o escribe la razón social y la dirección fiscal.',
    en: 'SUNAT has no such RUC. Check the number, or type the razón social and fiscal address.',
  },
  'receipts.ruc_lookup_unavailable': {
    es: 'No pudimos consultar el RUC ahora: escribe la razón social y la dirección fiscal.',
    en: 'We could not look the RUC up now: type the razón social and fiscal address.',
  },
} as const satisfies CatalogueEntries;
