import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The self-describing OpenAPI document (JSON at /api/docs/json) and its viewer at /api/docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'White-label store and loyalty API',
          description:
            'Every call of the storefront and benefits web app. Send `API-KEY` (the app key from `GET v7/apps/?domain=`) and, when logged in, `Authorization: Token <key>`. 400 bodies map fields to messages (`non_field_errors` for the rest); other errors are `{detail}`.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'API-KEY' },
            token: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: 'Token <key>',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Its own page policy, never framed; inline styles (the viewer sets some) but no inline
      // scripts; no https upgrade, which would break the viewer on the http demo.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(/style-src 'self' https:/, "style-src 'self' https: 'unsafe-inline'")
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'docs' },
);
