/**
 * One message of the catalogue: its Spanish and English texts, `{name}`
 * placeholders for its parameters. `spec: 'en'` marks the texts the specs
 * quote in English: the API's `detail` keeps those words for spec clients,
 * while screens show the text of the reader's language.
 */
export type CatalogueEntry = { readonly es: string; readonly en: string; readonly spec?: 'en' };

export type CatalogueEntries = Record<string, CatalogueEntry>;

/** `'a_b_c'` → `'aBC'`: a code's last part as its message object's property name. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The message object of an area: camelCase property → code (`orderMessages.outOfStock` = `'orders.out_of_stock'`). */
export type MessagesOf<Area extends string, E> = {
  readonly [K in keyof E as K extends `${Area}.${infer Rest}` ? CamelCase<Rest> : never]: K;
};

/** The codes of an area, by their camelCase name, for services and forms to throw and show. */
export function messagesOf<Area extends string, E extends CatalogueEntries>(
  area: Area,
  entries: E,
): MessagesOf<Area, E> {
  const prefix = `${area}.`;
  return Object.fromEntries(
    Object.keys(entries)
      .filter((code) => code.startsWith(prefix))
      .map((code) => [
        code.slice(prefix.length).replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
        code,
      ]),
  ) as MessagesOf<Area, E>;
}
