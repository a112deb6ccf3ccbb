import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminMediaErrors } from '../errors/admin-media';
import { versionField } from './schemas';

/** The codes of the back office's images and branding, by name. */
export const adminMediaMessages = /* @__PURE__ */ messagesOf('admin', adminMediaErrors);

/** Largest image the back office accepts, before it is re-encoded. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Widths every upload is re-encoded to (WebP); narrower originals stop at their own width. */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const;
/** The public path every stored image is served under (same origin: the CSP's 'self'). */
export const MEDIA_PATH = '/api/v5/media/';

/** `POST v5/admin/media/`: one upload, as WebP in each width (`url` is the widest). */
export const uploadedImage = z.object({
  uid: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizes: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

/** `#RRGGBB`, the form the store's theme reads. */
export const hexColor = z
  .string({ error: adminMediaMessages.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, adminMediaMessages.colorInvalid);

/** A logo or favicon: a path of this store's own origin (an upload), an https address, or none. */
export const brandImageUrl = z
  .string({ error: adminMediaMessages.imageUrlInvalid })
  .trim()
  .max(2000, adminMediaMessages.imageUrlInvalid)
  .refine(
    // Never `//host` (another origin) nor a `javascript:` or `data:` address.
    (v) => /^\/(?![/\\])[^\s"'<>\\]*$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v),
    adminMediaMessages.imageUrlInvalid,
  )
  .nullable();

/** A legal text's HTML (the server sanitises it before storing, as the store does before showing). */
const legalHtml = z.string().max(200_000).nullable();

/** `GET/PATCH v5/admin/branding/`: the store's look and legal texts. */
export const adminBranding = z.object({
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  main_color: z.string(),
  menu_color: z.string(),
  terms_and_conditions: z.string().nullable(),
  privacy_policies: z.string().nullable(),
  faqs: z.string().nullable(),
  version: z.number().int(),
});
export type AdminBranding = z.infer<typeof adminBranding>;

export const adminBrandingInput = z.object({
  logo: brandImageUrl.optional(),
  favicon: brandImageUrl.optional(),
  main_color: hexColor.optional(),
  menu_color: hexColor.optional(),
  terms_and_conditions: legalHtml.optional(),
  privacy_policies: legalHtml.optional(),
  faqs: legalHtml.optional(),
  version: versionField(),
});
export type AdminBrandingInput = z.infer<typeof adminBrandingInput>;
