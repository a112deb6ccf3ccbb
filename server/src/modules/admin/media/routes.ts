import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { adminMediaMessages, formatMessage, IMAGE_MAX_BYTES, uploadedImage } from '@store/contract';
import { DetailError, ValidationError } from '../../../lib/http-errors';
import { errorResponses, detailErrorBody } from '../../../lib/route-errors';
import { withDb } from '../../../scope/scope';
import { storeImage } from '../../media/images';
import { recordChange } from '../audit';
import { adminOnly, requireAdmin } from '../guard';

const tooBig = () =>
  new DetailError(
    413,
    formatMessage(adminMediaMessages.imageTooBig, { max: IMAGE_MAX_BYTES / 1024 / 1024 }),
  );

/** `POST v5/admin/media/`: the back office's one upload, used by every screen with an image. */
export const adminMediaRoutes: FastifyPluginAsyncZod = async (server) => {
  // Only here: no other route of the app reads multipart bodies.
  await server.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  server.post(
    '/v5/admin/media/',
    {
      preValidation: adminOnly('media'),
      schema: {
        tags: ['admin'],
        summary: 'Uploads an image: stored as WebP in several widths, metadata stripped',
        description: `Back office (OWNER or MANAGER). multipart/form-data with one part \`file\`: a JPG, PNG, WebP, GIF or AVIF of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB (else 413). It is decoded, turned upright, stripped of EXIF and re-encoded to WebP at each width up to its own; anything that does not decode is a 400 {file} and nothing is stored. The answer's URLs are served from this store's own origin under /api/v5/media/.`,
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedImage,
          ...errorResponses(400, 401, 403),
          413: detailErrorBody,
        },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      if (!request.isMultipart())
        throw new ValidationError({ file: [adminMediaMessages.imageMissing] });
      let body: Buffer;
      try {
        const part = await request.file();
        if (!part) throw new ValidationError({ file: [adminMediaMessages.imageMissing] });
        body = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
        throw error;
      }
      const image = await storeImage(server.mediaStorage, admin.app.uid, body);
      await admin.db.transaction((tx) =>
        recordChange(withDb(admin, tx), {
          entity: 'media',
          entityUid: image.uid,
          action: 'create',
          before: null,
          after: image,
        }),
      );
      return reply.code(201).send(image);
    },
  );
};
