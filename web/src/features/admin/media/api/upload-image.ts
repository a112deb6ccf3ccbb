import type { UploadedImage } from '@store/contract/admin/media';
import { apiUpload } from '../../../../api/client';

/** `POST v5/admin/media/`: one image, answered with its WebP URLs in each width. */
export function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return apiUpload<UploadedImage>('v5/admin/media/', file, onProgress, signal);
}
