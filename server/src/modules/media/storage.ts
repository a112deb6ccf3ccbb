import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** Where uploaded images live: a folder by default, an S3-compatible bucket with STORAGE_URL. */
export interface MediaStorage {
  /** Writes one object; keys are made by the server only (`<app uid>/<uuid>-<width>.webp`). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}-\d+\.webp$/;

/** Every key is checked again here, so no caller can ever reach outside the store's folder. */
function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`media key refused: ${key}`);
  return key;
}

/** A folder on this machine (MEDIA_DIR): one sub-folder per tenant. */
export function diskStorage(dir: string): MediaStorage {
  return {
    async put(key, body) {
      const file = path.join(dir, checkedKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half an image.
      const partial = `${file}.${randomUUID()}.part`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return {
          body: await readFile(path.join(dir, checkedKey(key))),
          contentType: 'image/webp',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/**
 * An S3-compatible bucket: `STORAGE_URL=https://ACCESS_KEY:SECRET@host[:port]/bucket?region=r`
 * (path-style addressing, which MinIO, R2 and S3 all accept). The SDK is loaded only when
 * configured: a folder-backed server never pays for it.
 */
export function s3Storage(storageUrl: string): MediaStorage {
  const url = new URL(storageUrl);
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket) throw new Error('STORAGE_URL must name the bucket as its path');
  const endpoint = `${url.protocol}//${url.host}`;
  const region = url.searchParams.get('region') ?? 'us-east-1';
  const credentials = {
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
  const sdk = import('@aws-sdk/client-s3').then((s3) => ({
    s3,
    client: new s3.S3Client({ endpoint, region, credentials, forcePathStyle: true }),
  }));
  return {
    async put(key, body, contentType) {
      const { s3, client } = await sdk;
      await client.send(
        new s3.PutObjectCommand({
          Bucket: bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { s3, client } = await sdk;
      try {
        const answer = await client.send(
          new s3.GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }),
        );
        const bytes = await answer.Body?.transformToByteArray();
        if (!bytes) return null;
        return { body: Buffer.from(bytes), contentType: answer.ContentType ?? 'image/webp' };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
  };
}

export function mediaStorageOf(options: { dir: string; storageUrl?: string }): MediaStorage {
  return options.storageUrl ? s3Storage(options.storageUrl) : diskStorage(options.dir);
}
