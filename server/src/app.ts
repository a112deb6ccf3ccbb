import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaPlugin } from './modules/media/plugin';
import { mediaRoutes } from './modules/media/routes';
import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { detailBody } from './lib/http-errors';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorMessages } from '@store/contract';
import type { Database } from './db/client';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { scopePlugin } from './scope/plugin';
import { systemClock } from './scope/scope';
import { errorsPlugin } from './plugins/errors';
import { textInputPlugin } from './plugins/text-input';
import { emptyBodyPlugin } from './plugins/empty-body';
import { publicCachePlugin } from './plugins/public-cache';
import fastifyCompress from '@fastify/compress';
import { smallCompressionPlugin } from './plugins/small-compression';
import { ENCODINGS } from './plugins/compression-encoding';
import { securityHeadersPlugin } from './plugins/security-headers';
import { tenantPlugin } from './plugins/tenant';
import { webAppPlugin } from './plugins/web-app';
import { healthRoutes } from './modules/health/routes';
import { tenancyRoutes } from './modules/tenancy/routes';
import { placesRoutes } from './modules/places/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { forgetSearches, useSearchCache } from './modules/catalog/search-cache';
import { cartRoutes } from './modules/cart/routes';
import { programsRoutes } from './modules/programs/routes';
import { promotionsRoutes } from './modules/promotions/routes';
import { engagementRoutes } from './modules/engagement/routes';
import { programExtrasRoutes } from './modules/program-extras/routes';
import { ordersRoutes } from './modules/orders/routes';
import { rucLookupRoutes, type RucLookupOptions } from './modules/receipts/ruc-lookup/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { paymentReconciliationPlugin } from './modules/payments/scheduler';
import { subscriptionsRoutes } from './modules/subscriptions/routes';
import { staffRoutes } from './modules/staff/routes';
import { adminRoutes } from './modules/admin/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { staffMemberRoutes } from './modules/staff/member-routes';
import { subscriptionSchedulerPlugin } from './modules/subscriptions/scheduler';
import { pointsExpirySchedulerPlugin } from './modules/programs/expiry-scheduler';
import { orderExpirySchedulerPlugin } from './modules/orders/expiry-scheduler';
import { lowStockMailPlugin } from './modules/stock/scheduler';
import { authPlugin } from './plugins/auth';
import { routeAccessPlugin } from './plugins/route-access';
import { storeAccessPlugin } from './plugins/store-access';
import { mailPlugin } from './modules/mail/plugin';
import {
  receiptIssuingPlugin,
  type ReceiptIssuingOptions,
} from './modules/receipts/issuing/plugin';
import { authRoutes } from './modules/auth/routes';
import { profileRoutes } from './modules/profile/routes';
import { telemetryRoutes } from './modules/telemetry/routes';
import { accessLogPlugin } from './modules/monitoring/access-log';
import { requestMetricsPlugin } from './modules/monitoring/request-metrics';
import { metricsRoutePlugin } from './modules/monitoring/metrics-route';
import { readinessPlugin } from './modules/monitoring/readiness';
import { outboxBacklogPlugin } from './modules/monitoring/outbox-backlog';
import {
  defaultAccountsConfig,
  defaultTimeouts,
  GOOGLE_ANALYTICS,
  MERCADOPAGO_SDK,
  type AccessLogLevel,
  type AccountsConfig,
  type AnalyticsConfig,
  type MercadoPagoSdkConfig,
  type PublicUrlConfig,
  type ServerTimeouts,
  type TrustProxy,
} from './config';

declare module 'fastify' {
  interface FastifyInstance {
    dbKind: 'pglite' | 'postgres';
    /** Mail, Google, reCAPTCHA, rate limits and link lifetimes of the accounts area. */
    accounts: AccountsConfig;
    /** Scheme and port of mailed links (the host is the tenant's domain). */
    publicUrl: PublicUrlConfig;
  }
}

export type AppOptions = {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  /** Built web app to serve; omitted in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Accounts settings (configFromEnv().accounts); defaults suit tests and the demo. */
  accounts?: AccountsConfig;
  /** See Config.trustProxy; off unless the server runs behind a known proxy. */
  trustProxy?: TrustProxy;
  /** See Config.publicUrl; by default https links, http on localhost names. */
  publicUrl?: PublicUrlConfig;
  /** More image sources for the pages' CSP; see Config.imgSrc. */
  imgSrc?: string[];
  /** Google Analytics' tag and its CSP sources (Config.analytics); Google's own by default. */
  analytics?: AnalyticsConfig;
  /** MercadoPago.js and its CSP sources (Config.mercadoPagoSdk); Mercado Pago's own by default. */
  mercadoPagoSdk?: MercadoPagoSdkConfig;
  /** See Config.timeouts. */
  timeouts?: Partial<ServerTimeouts>;
  /** Lifetime of cached public catalogue answers; 0 (the default) turns the cache off. */
  publicCacheSeconds?: number;
  /** Lifetime of a place's remembered search answers (modules/catalog/search-cache.ts); 0 (the default, as in tests) searches the database each time. */
  searchCacheSeconds?: number;
  /** Lifetime of the per-process tenant look-up (host or API-KEY to app); 0 (the default, as in tests) reads the database on every request. */
  tenantCacheSeconds?: number;
  /** Seconds between subscription order runs inside the server; 0 (the default, as in tests) turns them off. */
  subscriptionRunSeconds?: number;
  /** What time the in-server schedulers, services and cache lifetimes believe it is (tests); the real clock otherwise. */
  clock?: () => Date;
  /** Seconds between points expiry runs inside the server; 0 (the default, as in tests) turns them off. */
  pointsExpiryRunSeconds?: number;
  /** Seconds between prunings of old sent mails; 0 (the default, as in tests) turns them off. */
  mailPruneRunSeconds?: number;
  /** Seconds between runs expiring orders stores never accepted; 0 (the default, as in tests) turns them off. */
  orderExpiryRunSeconds?: number;
  /** Seconds between checks for the owners' daily low-stock mail; 0 (the default, as in tests) off. */
  lowStockMailRunSeconds?: number;
  /** How often undecided card payments are re-read and failed refunds retried (0: never). */
  paymentReconcileRunSeconds?: number;
  /** The electronic-receipt provider (Config.receipts: NUBEFACT_URL, NUBEFACT_TOKEN) and its outbox's pace. */
  receipts?: ReceiptIssuingOptions;
  /** The factura step's RUC look-up provider (Config.rucLookup: RUC_LOOKUP_URL, RUC_LOOKUP_TOKEN). */
  rucLookup?: RucLookupOptions;
  /** Where uploaded images go (Config.media); a fresh temporary folder by default (tests). */
  media?: { dir: string; storageUrl?: string };
  /** Level of the one access line per request (Config.accessLogLevel); 'info' by default. */
  accessLogLevel?: AccessLogLevel;
  /** Bearer token that opens GET /metrics on the main port (Config.metrics.token); no route without it. */
  metricsToken?: string;
  /** What GET /metrics answers (a cluster worker asks its primary for every worker's figures). */
  metricsText?: () => Promise<{ contentType: string; text: string }>;
};

/** Builds the whole server: shared plugins, then one plugin per product area under /api. */
export async function buildApp(options: AppOptions) {
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify's own two lines per request are replaced by accessLogPlugin's one.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
    // A client that trickles its request (or never finishes it) cannot hold a socket for ever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    bodyLimit: 1024 * 1024,
    // Spec paths end with a slash; both forms are accepted so clients are not punished for it.
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a path that cannot be decoded, a path segment longer than any id)
    // name nothing that exists: the documented 404 instead of Fastify's 400/414 bodies.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(404).send(detailBody(errorMessages.notFound));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('dbKind', options.dbKind);
  useSearchCache(options.db, options.searchCacheSeconds ?? 0, { clock: options.clock });
  const accounts = options.accounts ?? defaultAccountsConfig();
  app.decorate('accounts', accounts);
  app.decorate('publicUrl', options.publicUrl ?? {});

  await app.register(errorsPlugin);
  await app.register(requestMetricsPlugin);
  await app.register(accessLogPlugin, { level: options.accessLogLevel ?? 'info' });
  await app.register(metricsRoutePlugin, {
    token: options.metricsToken,
    metricsText: options.metricsText,
  });
  await app.register(securityHeadersPlugin, { publicUrl: options.publicUrl ?? {} });
  await app.register(textInputPlugin);
  await app.register(emptyBodyPlugin);
  // Before tenant resolution, so a cached public answer costs no database work.
  const compression = { threshold: 1024, encodings: ENCODINGS };
  await app.register(publicCachePlugin, {
    seconds: options.publicCacheSeconds ?? 0,
    clock: options.clock,
    onForget: (appUid) => forgetSearches(options.db, appUid),
    compression,
  });
  // After the micro-cache, whose onSend keeps the plain answer; each send is then compressed
  // for the client that asked. The built web app's files are already compressed (.br/.gz).
  // Bodies held whole (the API's JSON) first, in one call; streams and files by @fastify/compress.
  await app.register(smallCompressionPlugin, compression);
  await app.register(fastifyCompress, compression);
  await app.register(databasePlugin, { db: options.db });
  await app.register(readinessPlugin);
  await app.register(outboxBacklogPlugin);
  await app.register(tenantPlugin, {
    cacheSeconds: options.tenantCacheSeconds ?? 0,
    clock: options.clock,
  });
  await app.register(authPlugin);
  // Before any API route: it decides (and documents) each route's access as it is registered.
  await app.register(routeAccessPlugin);
  await app.register(scopePlugin, { clock: options.clock ?? systemClock });
  await app.register(storeAccessPlugin);
  await app.register(mailPlugin, {
    smtpUrl: accounts.smtpUrl,
    from: accounts.mailFrom,
    delivery: accounts.mailDelivery,
    prune: { everySeconds: options.mailPruneRunSeconds ?? 0, keepDays: accounts.mailKeepDays },
  });
  await app.register(receiptIssuingPlugin, options.receipts ?? {});
  await app.register(docsPlugin);
  await app.register(mediaPlugin, options.media ?? { dir: mkdtempSync(join(tmpdir(), 'media-')) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(tenancyRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(placesRoutes);
      await api.register(catalogRoutes);
      await api.register(cartRoutes);
      await api.register(programsRoutes);
      await api.register(promotionsRoutes);
      await api.register(engagementRoutes);
      await api.register(programExtrasRoutes);
      await api.register(ordersRoutes);
      await api.register(rucLookupRoutes, options.rucLookup ?? {});
      await api.register(paymentsRoutes);
      await api.register(subscriptionsRoutes);
      await api.register(staffRoutes);
      await api.register(staffMemberRoutes);
      await api.register(telemetryRoutes);
      await api.register(adminRoutes);
      await api.register(marketplaceRoutes);
      await api.register(mediaRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(subscriptionSchedulerPlugin, {
    seconds: options.subscriptionRunSeconds ?? 0,
    clock: options.clock,
  });
  await app.register(pointsExpirySchedulerPlugin, { seconds: options.pointsExpiryRunSeconds ?? 0 });
  await app.register(orderExpirySchedulerPlugin, { seconds: options.orderExpiryRunSeconds ?? 0 });
  await app.register(lowStockMailPlugin, { seconds: options.lowStockMailRunSeconds ?? 0 });
  await app.register(paymentReconciliationPlugin, {
    seconds: options.paymentReconcileRunSeconds ?? 0,
  });
  await app.register(webAppPlugin, {
    webDist: options.webDist ?? '',
    tenantCacheSeconds: options.tenantCacheSeconds ?? 0,
    publicUrl: options.publicUrl ?? {},
    imgSrc: options.imgSrc ?? [],
    analytics: options.analytics ?? GOOGLE_ANALYTICS,
    mercadoPagoSdk: options.mercadoPagoSdk ?? MERCADOPAGO_SDK,
    // Rendered first pages live as long as the public answers they are made of.
    pageCacheSeconds: options.publicCacheSeconds ?? 0,
  });
  return app;
}
