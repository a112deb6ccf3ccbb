import { z } from 'zod';

export const landingSectionType = z.enum([
  'HEADER',
  'WELCOME',
  'INFORMATIVE',
  'CARD',
  'SMALL_IMAGE',
  'CAROUSEL',
  'FORM',
  'CONTACT',
]);
export type LandingSectionType = z.infer<typeof landingSectionType>;

// The spec's field names, typos included (`tittle`, `subtittle`), are the wire format.
export const landingButton = z.object({ uid: z.string(), tittle: z.string(), link: z.string() });
export const landingCardImage = z.object({
  image: z.string(),
  spatial_position: z.enum(['LEFT', 'RIGHT']),
});
export const landingCard = z.object({
  uid: z.string(),
  is_active: z.boolean(),
  tittle: z.string(),
  subtittle: z.string(),
  content: z.string(),
  color: z.string().nullable(),
  buttons: z.array(landingButton),
  images: z.array(landingCardImage),
});
export const landingImage = z.object({
  uid: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  is_active: z.boolean(),
});
export const landingSection = z.object({
  uid: z.string(),
  type: landingSectionType,
  is_active: z.boolean(),
  tittle: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  buttons: z.array(landingButton),
  cards: z.array(landingCard),
  images: z.array(landingImage),
});
export type LandingSection = z.infer<typeof landingSection>;

export const landing = z.object({
  landing_page_type: z.enum(['DEFAULT', 'MODEL_2', 'MERCHANTS']),
  sections: z.array(landingSection),
});
export type Landing = z.infer<typeof landing>;
