import { formRules } from '@store/contract/forms/rules';
import type { LandingSection } from '@store/contract/tenancy/landing';

/** Spec section 9: carousel turn, cards and images per section. */
export const CAROUSEL_INTERVAL_MS = 4000;
export const MAX_LANDING_CARDS = 3;
export const MAX_LANDING_IMAGES = 5;

type Card = LandingSection['cards'][number];
type Image = LandingSection['images'][number];

/** INFORMATIVE and CARD: the first 3 active cards. */
export function visibleCards(section: Pick<LandingSection, 'cards'>): Card[] {
  return section.cards.filter((card) => card.is_active).slice(0, MAX_LANDING_CARDS);
}

/** SMALL_IMAGE: at most 3 active cards, or, when it has none, at most 5 active images. */
export function smallImageContent(section: Pick<LandingSection, 'cards' | 'images'>): {
  cards: Card[];
  images: Image[];
} {
  const cards = visibleCards(section);
  if (cards.length > 0) return { cards, images: [] };
  return {
    cards: [],
    images: section.images.filter((image) => image.is_active).slice(0, MAX_LANDING_IMAGES),
  };
}

export function activeSections(sections: LandingSection[]): LandingSection[] {
  return sections.filter((section) => section.is_active);
}

/** The host of an app domain or URL, lower-cased, without 'www.' and port. */
function hostOf(value: string): string {
  const trimmed = value.trim().toLowerCase();
  try {
    return new URL(/^[a-z]+:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`).hostname.replace(
      /^www\./,
      '',
    );
  } catch {
    return trimmed.replace(/^www\./, '');
  }
}

export type ButtonTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * A WELCOME button whose link carries the app's domain stays in the app: products when ecommerce
 * is on or subscriptions are off, else the first allowed program's page. Anything else is external.
 */
export function welcomeButtonTarget(
  link: string,
  app: {
    domain: string;
    allowed_programs: { uid: string }[];
    company: { ecommerce_enabled: boolean; subscription_enabled: boolean };
  },
): ButtonTarget {
  const domain = hostOf(app.domain);
  const internal =
    Boolean(domain) &&
    (link.startsWith('/')
      ? !link.startsWith('//')
      : hostOf(link) === domain || link.toLowerCase().includes(domain));
  if (!internal) return { kind: 'external', href: link };
  const program = app.allowed_programs[0];
  if (app.company.ecommerce_enabled || !app.company.subscription_enabled || !program)
    return { kind: 'internal', to: '/products' };
  return { kind: 'internal', to: `/program/${program.uid}` };
}

/** Spec section 9: a small mobile screen is narrower than 500 and lower than 1000 px. */
export function isSmallMobile(width: number, height: number): boolean {
  return width < 500 && height < 1000;
}

/** Only the digits of a phone number (wa.me wants no '+', spaces or dashes). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A chat link without a text: the app-style link on small phones, WhatsApp Web otherwise. */
export function chatUrl(phone: string, text: string | null, smallMobile: boolean): string {
  const digits = phoneDigits(phone);
  const encoded = text === null ? '' : encodeURIComponent(text);
  if (smallMobile) return `https://wa.me/${digits}${text === null ? '' : `?text=${encoded}`}`;
  return `https://web.whatsapp.com/send?phone=${digits}${text === null ? '' : `&text=${encoded}`}`;
}

/** The greeting of the landing contact form: company and site, then the visitor's name, email and message. */
export function contactMessage(input: {
  companyName: string;
  site: string;
  name: string;
  email: string;
  message: string;
}): string {
  const lines = [`¡Hola ${input.companyName}! Les escribo desde su página web ${input.site}.`];
  if (input.name.trim()) lines.push(`Nombre: ${input.name.trim()}`);
  lines.push(`Correo: ${input.email.trim()}`);
  if (input.message.trim()) lines.push(`Mensaje: ${input.message.trim()}`);
  return lines.join('\n');
}

/** The contract's email rule (the same one every form uses), required here. */
export function isValidEmail(value: string): boolean {
  return value.trim() !== '' && formRules.email(value) === undefined;
}
