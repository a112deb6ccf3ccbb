import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminLandingErrors } from '../errors/admin-landing';
import { formatMessage, formMessages } from '../messages';
import { landingPageType } from '../tenancy/app';
import { landingSection, landingSectionType, type LandingSectionType } from '../tenancy/landing';
import { defaultLandingTextsShape, plainLine } from '../tenancy/default-landing';
import { hexColor } from './media';
import { versionField } from './schemas';

/**
 * The landing editor of the back office (`GET/PUT v5/admin/landing/`, area `marketing`: OWNER
 * and MANAGER of the store's main company). The whole landing is read and saved at once, the
 * way the editor's live preview holds it: whether the store has a landing, its type, and the
 * MODEL_2 sections in order with their buttons, cards and images (the public shape, inactive
 * ones included).
 */
export const adminLandingMessages = /* @__PURE__ */ messagesOf('admin', adminLandingErrors);

/** How many of each the editor keeps (the store shows at most 3 cards and 5 images). */
export const LANDING_LIMITS = {
  sections: 30,
  buttons: 3,
  cards: 12,
  cardImages: 1,
  images: 12,
} as const;

/** Which parts each section type uses; the server refuses the others. */
export const LANDING_SECTION_PARTS: Record<
  LandingSectionType,
  { buttons: boolean; cards: boolean; images: boolean; link: boolean }
> = {
  HEADER: { buttons: true, cards: false, images: false, link: false },
  WELCOME: { buttons: true, cards: false, images: false, link: false },
  INFORMATIVE: { buttons: false, cards: true, images: false, link: false },
  CARD: { buttons: false, cards: true, images: false, link: false },
  SMALL_IMAGE: { buttons: false, cards: true, images: true, link: false },
  CAROUSEL: { buttons: false, cards: false, images: true, link: false },
  FORM: { buttons: false, cards: false, images: false, link: true },
  CONTACT: { buttons: false, cards: false, images: false, link: true },
};

/** The default landing's texts as the editor holds them: every one, '' where the built-in shows. */
export const adminDefaultLandingTexts = z.object(defaultLandingTextsShape(() => z.string()));
export type AdminDefaultLandingTexts = z.infer<typeof adminDefaultLandingTexts>;

/** `GET v5/admin/landing/`. */
export const adminLanding = z.object({
  landing_page: z.boolean(),
  landing_page_type: landingPageType,
  sections: z.array(landingSection),
  default_texts: adminDefaultLandingTexts,
  version: z.number().int(),
});
export type AdminLanding = z.infer<typeof adminLanding>;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A part's uid: the one it was read with, or a new one the editor made (absent: the server makes one). */
const partUid = z.string().regex(UUID, formMessages.invalid).optional();

const text = (max: number) =>
  z
    .string({ error: formMessages.required })
    .trim()
    .max(max, formatMessage('form.too_long', { max }));
const required = (max: number) => text(max).min(1, { message: formMessages.required, abort: true });

/** A link of this store (`/path`, never `//host`) or an http(s) address; never `javascript:`. */
export function isLandingLink(value: string): boolean {
  return /^\/(?![/\\])[^\s"'<>\\]*$/.test(value) || /^https?:\/\/[^\s"'<>\\]+$/i.test(value);
}
const link = () => required(2000).refine(isLandingLink, adminLandingMessages.landingLinkInvalid);
/** An image: an upload of this store (a path) or an https address. */
const image = () =>
  required(2000).refine(
    (v) => /^\/(?![/\\])[^\s"'<>\\]*$/.test(v) || /^https:\/\/[^\s"'<>\\]+$/i.test(v),
    adminLandingMessages.landingLinkInvalid,
  );
const many = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z.array(item).max(max, formatMessage('form.choose_at_most', { max }));
/** Rich text (the server cleans it with the store's HTML rules before storing). */
const html = () => z.string({ error: formMessages.required }).max(20_000, formMessages.invalid);

export const adminLandingButtonInput = z.strictObject({
  uid: partUid,
  tittle: required(60),
  link: link(),
});

export const adminLandingCardInput = z.strictObject({
  uid: partUid,
  is_active: z.boolean({ error: formMessages.required }),
  tittle: required(120),
  subtittle: text(200),
  content: html(),
  color: hexColor.nullable(),
  buttons: many(adminLandingButtonInput, LANDING_LIMITS.buttons),
  images: many(
    z.strictObject({ image: image(), spatial_position: z.enum(['LEFT', 'RIGHT']) }),
    LANDING_LIMITS.cardImages,
  ),
});

export const adminLandingImageInput = z.strictObject({
  uid: partUid,
  image: image(),
  link: link().nullable(),
  is_active: z.boolean({ error: formMessages.required }),
});

export const adminLandingSectionInput = z
  .strictObject({
    uid: partUid,
    type: landingSectionType,
    is_active: z.boolean({ error: formMessages.required }),
    tittle: text(200),
    content: html(),
    link: link().nullable(),
    buttons: many(adminLandingButtonInput, LANDING_LIMITS.buttons),
    cards: many(adminLandingCardInput, LANDING_LIMITS.cards),
    images: many(adminLandingImageInput, LANDING_LIMITS.images),
  })
  .superRefine((s, ctx) => {
    const parts = LANDING_SECTION_PARTS[s.type];
    if (!parts.cards && s.cards.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['cards'],
        message: formatMessage('form.choose_at_most', { max: 0 }),
      });
    if (!parts.images && s.images.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['images'],
        message: formatMessage('form.choose_at_most', { max: 0 }),
      });
    if (!parts.buttons && s.buttons.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['buttons'],
        message: formatMessage('form.choose_at_most', { max: 0 }),
      });
    // The welcome title is the page's h1; a header without a title shows the logo alone.
    if (s.type === 'WELCOME' && !s.tittle)
      ctx.addIssue({ code: 'custom', path: ['tittle'], message: formMessages.required });
    if (s.type === 'CAROUSEL' && s.images.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['images'],
        message: adminLandingMessages.landingCarouselEmpty,
      });
    // The form is a frame: the page's policy lets frames come from the store itself or https.
    if (s.type === 'FORM' && !(s.link && (s.link.startsWith('/') || /^https:/i.test(s.link))))
      ctx.addIssue({
        code: 'custom',
        path: ['link'],
        message: adminLandingMessages.landingFormLink,
      });
  });
export type AdminLandingSectionInput = z.infer<typeof adminLandingSectionInput>;

/**
 * One text of the default landing: plain text on one line (line breaks and runs of spaces become
 * one space, invisible characters are dropped) within its limit; '' (or left out) means the
 * built-in translated text.
 */
const landingLine = (max: number) =>
  z
    .string({ error: formMessages.required })
    .overwrite(plainLine)
    .max(max, formatMessage('form.too_long', { max }))
    .optional();

/** The default landing's texts in a save: the object replaces the saved texts whole. */
export const adminDefaultLandingTextsInput = z.strictObject(defaultLandingTextsShape(landingLine));
export type AdminDefaultLandingTextsInput = z.infer<typeof adminDefaultLandingTextsInput>;

/** `PUT v5/admin/landing/`: the whole landing, sections in the order they show. */
export const adminLandingInput = z
  .strictObject({
    landing_page: z.boolean({ error: formMessages.required }),
    landing_page_type: landingPageType,
    sections: many(adminLandingSectionInput, LANDING_LIMITS.sections),
    /** Absent: the saved texts stay as they are (a client that does not know them keeps them). */
    default_texts: adminDefaultLandingTextsInput.optional(),
    version: versionField(),
  })
  .superRefine((input, ctx) => {
    const headers = input.sections.flatMap((s, i) => (s.type === 'HEADER' ? [i] : []));
    for (const i of headers.slice(1))
      ctx.addIssue({
        code: 'custom',
        path: ['sections', i, 'type'],
        message: adminLandingMessages.landingOneHeader,
      });
    // Every uid names one part only (the preview and the store key on them).
    const seen = new Set<string>();
    const once = (uid: string | undefined, path: (string | number)[]) => {
      if (uid === undefined) return;
      const key = uid.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path, message: formMessages.invalid });
      seen.add(key);
    };
    input.sections.forEach((s, i) => {
      once(s.uid, ['sections', i, 'uid']);
      s.buttons.forEach((b, j) => once(b.uid, ['sections', i, 'buttons', j, 'uid']));
      s.images.forEach((x, j) => once(x.uid, ['sections', i, 'images', j, 'uid']));
      s.cards.forEach((c, j) => {
        once(c.uid, ['sections', i, 'cards', j, 'uid']);
        c.buttons.forEach((b, k) => once(b.uid, ['sections', i, 'cards', j, 'buttons', k, 'uid']));
      });
    });
  });
export type AdminLandingInput = z.infer<typeof adminLandingInput>;
