import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { adminMediaMessages, IMAGE_WIDTHS, MEDIA_PATH, type UploadedImage } from '@store/contract';
import { ValidationError } from '../../lib/http-errors';
import type { MediaStorage } from './storage';

/** Formats we decode; anything else (SVG with its scripts, PDFs, text) is refused. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** A decoded image larger than this many pixels is refused before any work (decompression bombs). */
const MAX_PIXELS = 40_000_000;

const invalid = () => new ValidationError({ file: [adminMediaMessages.imageInvalid] });

/**
 * Decodes an upload and stores it as WebP in each width (never enlarged), turned upright by
 * its EXIF orientation and with every metadata block (EXIF, GPS, XMP) dropped: sharp writes
 * none unless asked to. All widths are encoded before anything is stored, so a broken image
 * stores nothing.
 */
export async function storeImage(
  storage: MediaStorage,
  appUid: string,
  input: Buffer,
): Promise<UploadedImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw invalid();
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw invalid();
  const upright = meta.orientation && meta.orientation >= 5;
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;
  const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, width)))];
  let encoded: { width: number; body: Buffer }[];
  try {
    encoded = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        body: await sharp(input, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    throw invalid();
  }
  const uid = randomUUID();
  await Promise.all(
    encoded.map((e) => storage.put(`${appUid}/${uid}-${e.width}.webp`, e.body, 'image/webp')),
  );
  const sizes = encoded.map((e) => ({
    width: e.width,
    url: `${MEDIA_PATH}${uid}-${e.width}.webp`,
  }));
  return { uid, url: sizes[sizes.length - 1].url, width, height, sizes };
}
