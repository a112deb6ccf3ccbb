export * from './errors/catalogue';
export * from './errors/refs';
export { localParams } from './errors/params';
export type { CatalogueEntry } from './errors/entry';
export { formMessages, errorMessages } from './form-messages';
