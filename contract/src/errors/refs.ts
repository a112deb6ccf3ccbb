import { errorCatalogue, type ErrorCode } from './catalogue';
import type { CatalogueEntry } from './entry';
import { localParams } from './params';
import { FIELD_CODES, splitMessageRef } from './ref-parts';

export { FIELD_CODES };

type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The parameters a code's texts name (`{product}` → `{product: ...}`); none for most codes. */
export type ErrorParams<C extends ErrorCode> = Record<
  Placeholders<(typeof errorCatalogue)[C]['es']>,
  string | number
>;

/** Codes whose texts take parameters. */
export type ParameterisedCode = {
  [C in ErrorCode]: Placeholders<(typeof errorCatalogue)[C]['es']> extends never ? never : C;
}[ErrorCode];

/**
 * A message as services and forms carry it: its code, with its parameters as a query string
 * when it has any (`'orders.out_of_stock?product=Latte'`). One string, so it travels where a
 * text did (zod issue messages, `{field: [messages]}`), and is turned into text only at the
 * edge: the server's answer, or the screen in the reader's language.
 */
export type MessageRef = ErrorCode | `${ErrorCode}?${string}`;

/** A code and its parameters, as the API answers them. */
export type CodedMessage = { code: ErrorCode; params?: Record<string, string> };

/** The message `code` with its parameters filled in (a code without parameters is its own ref). */
export function formatMessage<C extends ParameterisedCode>(
  code: C,
  values: ErrorParams<C>,
): MessageRef {
  const query = new URLSearchParams(
    Object.entries(values as Record<string, string | number>).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  ).toString();
  return `${code}?${query}`;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** The code and parameters of a ref, or undefined for a string that is no ref (an uncatalogued text). */
export function parseMessageRef(ref: string): CodedMessage | undefined {
  const parts = splitMessageRef(ref);
  return parts && isErrorCode(parts.code) ? (parts as CodedMessage) : undefined;
}

/** A ref as the API answers it: an uncatalogued text becomes `common.untranslated` carrying it. */
export function codedMessage(ref: string): CodedMessage {
  return parseMessageRef(ref) ?? { code: 'common.untranslated', params: { text: ref } };
}

/** Which words: a reader's language, or `detail`, the API's (the spec's English where it quotes one). */
export type MessageLanguage = 'es' | 'en' | 'detail';

/** Fills `{name}` placeholders. */
export function fillPlaceholders(
  template: string,
  values: Record<string, string | number>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/** The text of a ref in a language; a string that is no ref is its own text. */
export function messageText(ref: string, language: MessageLanguage = 'detail'): string {
  const message = parseMessageRef(ref);
  if (!message) return ref;
  const entry: CatalogueEntry = errorCatalogue[message.code];
  const words = language === 'detail' ? (entry.spec ?? 'es') : language;
  return fillPlaceholders(entry[words], localParams(message.code, message.params ?? {}, words));
}

/** The `detail` template of a code (placeholders unfilled), for texts stored before codes existed. */
export function detailTemplate(code: ErrorCode): string {
  const entry: CatalogueEntry = errorCatalogue[code];
  return entry[entry.spec ?? 'es'];
}
