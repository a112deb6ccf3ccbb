import {
  isLandingLink,
  type AdminDefaultLandingTexts,
  type AdminLanding,
  type AdminLandingInput,
} from '@store/contract/admin/landing';
import { plainLine, type DefaultLandingTexts } from '@store/contract/tenancy/default-landing';
import type { LandingSection, LandingSectionType } from '@store/contract/tenancy/landing';

/**
 * The editor's draft: the landing as the form holds it (texts where the API has nulls, a card's
 * one image as two fields). `bodyOf` turns it into the PUT body, `previewSections` into the
 * sections the public landing component renders.
 */
export type DraftButton = { uid: string; tittle: string; link: string };
export type DraftCard = {
  uid: string;
  is_active: boolean;
  tittle: string;
  subtittle: string;
  content: string;
  color: string;
  buttons: DraftButton[];
  image: string;
  side: 'LEFT' | 'RIGHT';
};
export type DraftImage = { uid: string; image: string; link: string; is_active: boolean };
export type DraftSection = {
  uid: string;
  type: LandingSectionType;
  is_active: boolean;
  tittle: string;
  content: string;
  link: string;
  buttons: DraftButton[];
  cards: DraftCard[];
  images: DraftImage[];
};
export type Draft = {
  landing_page: boolean;
  landing_page_type: AdminLanding['landing_page_type'];
  sections: DraftSection[];
  /** The default landing's own texts, '' where the built-in one shows. */
  default_texts: AdminDefaultLandingTexts;
};

export function draftOf(landing: AdminLanding): Draft {
  return {
    landing_page: landing.landing_page,
    landing_page_type: landing.landing_page_type,
    default_texts: { ...landing.default_texts },
    sections: landing.sections.map((s) => ({
      uid: s.uid,
      type: s.type,
      is_active: s.is_active,
      tittle: s.tittle,
      content: s.content,
      link: s.link ?? '',
      buttons: s.buttons.map((b) => ({ ...b })),
      cards: s.cards.map((c) => ({
        uid: c.uid,
        is_active: c.is_active,
        tittle: c.tittle,
        subtittle: c.subtittle,
        content: c.content,
        color: c.color ?? '',
        buttons: c.buttons.map((b) => ({ ...b })),
        image: c.images[0]?.image ?? '',
        side: c.images[0]?.spatial_position ?? 'LEFT',
      })),
      images: s.images.map((x) => ({ ...x, link: x.link ?? '' })),
    })),
  };
}

export function newSection(type: LandingSectionType, uid: string): DraftSection {
  return {
    uid,
    type,
    is_active: true,
    tittle: '',
    content: '',
    link: '',
    buttons: [],
    cards: [],
    images: [],
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The draft as the API's sections (the PUT body's shape, and what the preview renders). */
function sectionsOf(draft: Draft): LandingSection[] {
  return (draft.sections ?? []).map((s) => ({
    uid: s.uid,
    type: s.type,
    is_active: s.is_active,
    tittle: s.tittle,
    content: s.content,
    link: orNull(s.link),
    buttons: s.buttons.map((b) => ({ uid: b.uid, tittle: b.tittle, link: b.link.trim() })),
    cards: s.cards.map((c) => ({
      uid: c.uid,
      is_active: c.is_active,
      tittle: c.tittle,
      subtittle: c.subtittle,
      content: c.content,
      color: orNull(c.color),
      buttons: c.buttons.map((b) => ({ uid: b.uid, tittle: b.tittle, link: b.link.trim() })),
      images: c.image ? [{ image: c.image, spatial_position: c.side }] : [],
    })),
    images: s.images.map((x) => ({
      uid: x.uid,
      image: x.image,
      link: orNull(x.link),
      is_active: x.is_active,
    })),
  }));
}

export function bodyOf(draft: Draft, version: number): AdminLandingInput {
  return {
    landing_page: draft.landing_page,
    landing_page_type: draft.landing_page_type,
    sections: sectionsOf(draft),
    default_texts: draft.default_texts,
    version,
  };
}

/** The texts the preview shows: the written ones as the server will store them (empty: built-in). */
export function previewTexts(draft: Draft): DefaultLandingTexts {
  return Object.fromEntries(
    Object.entries(draft.default_texts ?? {})
      .map(([key, text]) => [key, plainLine(text)])
      .filter(([, text]) => text !== ''),
  );
}

/** A link the store would accept, else none: the preview never points at a half-typed address. */
const safeLink = (link: string) => (isLandingLink(link) ? link : '#');
/** The store frames forms from itself or https only (its page policy). */
const frameable = (link: string | null) =>
  link && (/^\/(?![/\\])/.test(link) || /^https:\/\/[^\s"'<>\\]+$/i.test(link)) ? link : null;

/**
 * What the preview shows: the draft's sections, images not yet chosen left out, and links the
 * store would refuse (a half-typed one, an http form) left inert.
 */
export function previewSections(draft: Draft): LandingSection[] {
  return sectionsOf(draft).map((s) => ({
    ...s,
    link: s.type === 'FORM' ? frameable(s.link) : s.link && safeLink(s.link),
    buttons: s.buttons.map((b) => ({ ...b, link: safeLink(b.link) })),
    cards: s.cards.map((c) => ({
      ...c,
      buttons: c.buttons.map((b) => ({ ...b, link: safeLink(b.link) })),
    })),
    images: s.images
      .filter((x) => x.image)
      .map((x) => ({ ...x, link: x.link && safeLink(x.link) })),
  }));
}

/** A field of the PUT body as the form names it (a card's image is one field of the card). */
export function formPath(path: string): string {
  return path.replace(/(cards\.\d+)\.images(\.\d+\.(image|spatial_position))?$/, '$1.image');
}
