import { commonErrors } from './errors/common';
import { messagesOf } from './errors/entry';
import { formErrors } from './errors/form';

export * from './errors/catalogue';
export * from './errors/refs';
export { localParams } from './errors/params';
export type { CatalogueEntry } from './errors/entry';

/** Form checks' message codes, by name (texts in errors/form.ts). */
export const formMessages = messagesOf('form', formErrors);

/** Codes of the errors every area can answer (texts in errors/common.ts). */
export const errorMessages = messagesOf('common', commonErrors);
