import fp from 'fastify-plugin';
import { mediaStorageOf, type MediaStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the back office's uploads are stored and read from (media/storage.ts). */
    mediaStorage: MediaStorage;
  }
}

/** Decorates the app with its image storage: MEDIA_DIR, or the bucket of STORAGE_URL. */
export const mediaPlugin = fp<{ dir: string; storageUrl?: string }>(
  async (app, options) => {
    app.decorate('mediaStorage', mediaStorageOf(options));
  },
  { name: 'media' },
);
