import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { tenantPlugin } from './plugins/tenant';
import { webAppPlugin } from './plugins/web-app';
import { healthRoutes } from './modules/health/routes';
import { tenancyRoutes } from './modules/tenancy/routes';

declare module 'fastify' {
  interface FastifyInstance {
    dbKind: 'pglite' | 'postgres';
  }
}

export type AppOptions = {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  /** Built web app to serve; omitted in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the whole server: shared plugins, then one plugin per product area under /api. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Spec paths end with a slash; both forms are accepted so clients are not punished for it.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('dbKind', options.dbKind);

  await app.register(errorsPlugin);
  await app.register(databasePlugin, { db: options.db });
  await app.register(tenantPlugin);
  await app.register(docsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(tenancyRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { webDist: options.webDist ?? '' });
  return app;
}
