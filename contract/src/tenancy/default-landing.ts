import { z } from 'zod';

/**
 * The default landing's own texts (landing_page_type DEFAULT). Each one the tenant wrote replaces
 * one built-in translated text of the page; an empty one leaves the built-in text. They are plain
 * text in the store's own language (shown as written whatever language the visitor reads in),
 * never markup. The limits keep a heading within a phone's line or two.
 */
export const DEFAULT_LANDING_TEXT_LIMITS = {
  /** The line over the banner's store name ('Bienvenido a {store}'). */
  welcome: 120,
  /** The 'Ordenar aquí' buttons (header and banner). */
  order_here: 40,
  favorites: 80,
  /** The 'Ver más productos' link under the favourites. */
  more_products: 40,
  places: 80,
  about: 80,
  contact: 80,
  /** The lead under 'Contáctanos'. */
  contact_text: 300,
} as const;

export type DefaultLandingTextKey = keyof typeof DEFAULT_LANDING_TEXT_LIMITS;

export const DEFAULT_LANDING_TEXT_KEYS = Object.keys(
  DEFAULT_LANDING_TEXT_LIMITS,
) as DefaultLandingTextKey[];

/** A zod shape with one entry per text, made by `make` from the text's limit. */
export function defaultLandingTextsShape<T extends z.ZodType>(
  make: (max: number) => T,
): Record<DefaultLandingTextKey, T> {
  return Object.fromEntries(
    DEFAULT_LANDING_TEXT_KEYS.map((key) => [key, make(DEFAULT_LANDING_TEXT_LIMITS[key])]),
  ) as Record<DefaultLandingTextKey, T>;
}

/** The texts as the app answer carries them: only those the tenant wrote (absent: built-in). */
export const defaultLandingTexts = z.object(defaultLandingTextsShape(() => z.string().optional()));
export type DefaultLandingTexts = z.infer<typeof defaultLandingTexts>;

// Control characters and bidirectional overrides have no place in a heading: they could make a
// text read differently from what the owner saw in the editor.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** One line of plain text: whitespace runs (line breaks too) become one space, invisibles go. */
export function plainLine(value: string): string {
  return value.replace(/\s+/g, ' ').replace(INVISIBLE, '').trim();
}
