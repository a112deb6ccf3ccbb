import { detailBody } from '../lib/http-errors';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@store/contract';
import {
  GOOGLE_ANALYTICS,
  MERCADOPAGO_SDK,
  type AnalyticsConfig,
  type MercadoPagoSdkConfig,
  type PublicUrlConfig,
} from '../config';
import { publicOrigin, publicScheme } from '../lib/public-url';
import { rendersOnServer, isIndexable, shellChunks } from '../modules/pages/first-pages';
import { createPageRenderer, languageOf, loadRenderer } from '../modules/pages/page-renderer';
import { crawlerRoutes } from '../modules/pages/crawler-routes';
import { normaliseDomain } from '../modules/tenancy/service';
import { createPageShell } from './app-bootstrap';
import { acceptedEncoding, compressedStream, ENCODINGS, markEncoded } from './compression-encoding';
import { pageCsp, STATIC_HTML_CSP } from './security-headers';

/**
 * Serves the built web app (when there is one); any GET that is not an API call or a file gets
 * the page shell (index.html with the host's tenant inside), so client routes (and unknown
 * hosts' not-found page) load.
 */
export const webAppPlugin = fp<{
  webDist: string;
  tenantCacheSeconds?: number;
  publicUrl?: PublicUrlConfig;
  /** More image sources for the pages' CSP (an http map tile server). */
  imgSrc?: string[];
  /** Google Analytics' tag, for the tenants that use it. */
  analytics?: AnalyticsConfig;
  /** MercadoPago.js, for the tenants with a Mercado Pago card method. */
  mercadoPagoSdk?: MercadoPagoSdkConfig;
  /** Seconds an anonymous server-rendered page is served again (0: rendered every time). */
  pageCacheSeconds?: number;
}>(
  async (
    app,
    {
      webDist,
      tenantCacheSeconds = 0,
      publicUrl = {},
      imgSrc = [],
      analytics = GOOGLE_ANALYTICS,
      mercadoPagoSdk = MERCADOPAGO_SDK,
      pageCacheSeconds = 0,
    },
  ) => {
    const indexFile = path.join(webDist, 'index.html');
    const hasBuild = existsSync(indexFile);
    if (!hasBuild) {
      app.log.warn(`no web build at ${webDist}: run "npm run build" to serve the web app`);
    } else {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (web/vite.config.ts): sent as they are.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Hashed assets never change; the shell must always be fresh.
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
          // Static pages (the demo's embedded form) may be framed by the store, nothing else.
          if (filePath.endsWith('.html')) {
            res.header('content-security-policy', STATIC_HTML_CSP);
            res.header('x-frame-options', 'SAMEORIGIN');
          }
        },
      });
    }
    const pageFor = hasBuild
      ? createPageShell(app.db, readFileSync(indexFile, 'utf8'), tenantCacheSeconds, {
          analyticsScriptUrl: analytics.scriptUrl,
          mercadoPagoSdkUrl: mercadoPagoSdk.scriptUrl,
        })
      : null;

    await app.register(crawlerRoutes, { publicUrl, cacheSeconds: pageCacheSeconds });
    // The first pages rendered by React here (modules/pages), when the build has its server half.
    const renderer = hasBuild ? await loadRenderer(webDist) : null;
    const renderPage = renderer
      ? createPageRenderer({
          app,
          renderer,
          cacheSeconds: pageCacheSeconds,
          changes: app.tenantChanges,
        })
      : null;

    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      if (!isPage || !pageFor) return reply.status(404).send(detailBody(errorMessages.notFound));
      const nonce = randomBytes(16).toString('base64');
      const page = await pageFor(request.host, nonce);
      const domain = normaliseDomain(request.host ?? '');
      const https = publicScheme(domain, publicUrl) === 'https';
      const csp = (scriptNonce: boolean) =>
        pageCsp(page.app, {
          nonce,
          https,
          imgSrc,
          analytics,
          mercadoPago: page.mercadoPago ? mercadoPagoSdk : null,
          scriptNonce,
        });
      reply.header('cache-control', 'no-cache');
      // Private stores and maintenance pages stay out of search engines.
      if (page.app && !isIndexable(page.app)) reply.header('x-robots-tag', 'noindex, nofollow');
      const url = new URL(request.url, 'http://page.invalid');
      if (
        renderPage &&
        rendersOnServer(page.app, url.pathname, {
          cookie: request.headers.cookie,
          authorization: request.headers.authorization,
        })
      ) {
        const tenant = page.app;
        try {
          const rendered = await renderPage({
            app: tenant,
            // Without the port, as the browser's `location.hostname` (the tenant query's key).
            host: request.hostname,
            pathname: url.pathname,
            productUid: url.searchParams.get('product'),
            language: languageOf(request.headers.cookie),
            // Links a search engine keeps name the tenant's own domain, never the Host header.
            origin: publicOrigin(normaliseDomain(tenant.domain), publicUrl),
            shell: async (token) => (await pageFor(request.host, token)).html,
            nonce,
          });
          reply.header('x-page-cache', rendered.cache).header('vary', 'Cookie');
          if (rendered.kind === 'redirect')
            return reply.redirect(
              rendered.to.includes('?') ? rendered.to : rendered.to + url.search,
              302,
            );
          reply.header('content-security-policy', csp(true)).type('text/html; charset=utf-8');
          const encoding = acceptedEncoding(request, ENCODINGS);
          if (!encoding) return reply.send(rendered.body);
          markEncoded(reply, encoding);
          return reply.send(compressedStream(rendered.body, encoding));
        } catch (error) {
          // The browser renders what the server could not: the page still works.
          request.log.warn(
            { err: error, url: request.url },
            'server render failed; client shell sent',
          );
        }
      }
      const preloads = renderer?.chunkLinks(
        shellChunks(url.pathname, languageOf(request.headers.cookie)),
      );
      return reply
        .header('content-security-policy', csp(false))
        .type('text/html; charset=utf-8')
        .send(preloads ? page.html.replace('</head>', `${preloads}</head>`) : page.html);
    });
  },
  { name: 'web-app', dependencies: ['errors', 'database', 'public-cache'] },
);
