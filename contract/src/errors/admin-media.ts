import type { CatalogueEntries } from './entry';

/** The back office's images and branding (`v5/admin/media/`, `v5/admin/branding/`). */
export const adminMediaErrors = {
  'admin.image_missing': {
    es: 'Elige una imagen para subir.',
    en: 'Choose an image to upload.',
  },
  'admin.image_invalid': {
    es: 'El archivo no es una imagen válida. Sube un JPG, PNG, WebP, GIF o AVIF.',
    en: 'The file is not a valid image. Upload a JPG, PNG, WebP, GIF or AVIF.',
  },
  'admin.image_too_big': {
    es: 'La imagen pesa demasiado: el máximo es {max} MB.',
    en: 'The image is too big: the limit is {max} MB.',
  },
  'admin.color_invalid': {
    es: 'Escribe un color como #1A2B3C.',
    en: 'Enter a colour such as #1A2B3C.',
  },
  'admin.image_url_invalid': {
    es: 'Sube la imagen aquí o usa una dirección https.',
    en: 'Upload the image here or use an https address.',
  },
  'admin.branding_main_company_only': {
    es: 'Solo la empresa principal de la tienda puede cambiar su marca y sus textos legales.',
    en: "Only the store's main company can change its branding and legal texts.",
  },
} as const satisfies CatalogueEntries;
