import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@store/contract';

/**
 * Serves the built web app (when there is one); any GET that is not an API call or a file gets
 * index.html, so client routes (and unknown hosts' not-found page) load.
 */
export const webAppPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const hasBuild = existsSync(path.join(webDist, 'index.html'));
    if (!hasBuild) app.log.warn(`no web build at ${webDist}: run "npm run build" to serve the web app`);
    else await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; the shell must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      if (!isPage || !hasBuild) return reply.status(404).send({ detail: errorMessages.notFound });
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);
