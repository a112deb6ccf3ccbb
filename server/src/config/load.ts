import path from 'node:path';
import { defaultMailDelivery } from '../modules/mail/delivery';
import { NubefactProvider } from '../modules/receipts/issuing/nubefact';
import { DecolectaRucLookup } from '../modules/receipts/ruc-lookup/decolecta';
import type { RucLookupOptions } from '../modules/receipts/ruc-lookup/provider';
import type { ReceiptIssuingOptions } from '../modules/receipts/issuing/delivery';
import {
  defaultAccountOrigins,
  defaultReceiptDelivery,
} from '../modules/receipts/issuing/delivery';
import { repoRoot } from '../repo-root';
import { intFromEnv } from './read-env';
import {
  DAY,
  defaultAccountsConfig,
  defaultClientErrorLimits,
  parseFacebookAppSecrets,
  rateLimitFactor,
  scaledMailQuotas,
  scaledRateLimits,
  scaleLimit,
  scoreFromEnv,
  type AccountsConfig,
} from './accounts';
import {
  defaultTimeouts,
  levelFromEnv,
  metricsFromEnv,
  parsePublicUrl,
  parseTrustProxy,
  type AccessLogLevel,
  type MetricsConfig,
  type PublicUrlConfig,
  type ServerTimeouts,
  type ShutdownConfig,
  type TrustProxy,
} from './http';
import {
  analyticsFromEnv,
  httpOrigins,
  mercadoPagoSdkFromEnv,
  type AnalyticsConfig,
  type MercadoPagoSdkConfig,
} from './page-sources';

// The server's whole configuration, read once from the environment at start; each area's types,
// defaults and parsers live in their own file beside this one.

export type Config = {
  port: number;
  host: string;
  /** postgres://... for a PostgreSQL server; undefined for embedded PGlite. */
  databaseUrl?: string;
  /** Folder of the embedded database; 'memory://' keeps it in memory. */
  dataDir: string;
  logLevel: string;
  /** Folder of the built web app; not served when it does not exist. */
  webDist: string;
  /** Import the demo tenants at start: by default on embedded PGlite only (see demoSeedWanted). */
  seedDemo: boolean;
  /**
   * Which proxies' X-Forwarded-For (and -Host, -Proto) to believe (TRUST_PROXY): false (the
   * default) or a list of addresses/CIDRs. Never a blanket `true`: any client could then pick its
   * own address and dodge per-address rate limits.
   */
  trustProxy: TrustProxy;
  /** Where mailed links point (PUBLIC_URL_SCHEME, PUBLIC_URL_PORT); see PublicUrlConfig. */
  publicUrl: PublicUrlConfig;
  /**
   * More image sources for the pages' Content-Security-Policy beyond 'self', data: and https::
   * the origin of an http map tile server (VITE_MAP_TILE_URL, the variable the web build reads).
   */
  imgSrc: string[];
  /** Where Google Analytics' tag (gtag.js) is fetched from (ANALYTICS_SCRIPT_URL); see AnalyticsConfig. */
  analytics: AnalyticsConfig;
  /** Where MercadoPago.js is fetched from (MERCADOPAGO_SDK_URL); see MercadoPagoSdkConfig. */
  mercadoPagoSdk: MercadoPagoSdkConfig;
  /** Server timeouts in milliseconds (REQUEST_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS). */
  timeouts: ServerTimeouts;
  /** Seconds public catalogue answers are served from the process's micro-cache (CATALOG_CACHE_SECONDS; 0 turns it off). */
  publicCacheSeconds: number;
  /** Seconds a place's search answers are remembered per process (SEARCH_CACHE_SECONDS; 0 turns it off). */
  searchCacheSeconds: number;
  /** Seconds a host's or API-KEY's tenant is remembered per process (TENANT_CACHE_SECONDS; 0 turns it off). */
  tenantCacheSeconds: number;
  /** Seconds between runs of the subscription orders inside the server (SUBSCRIPTION_RUN_SECONDS; 0 turns them off). */
  subscriptionRunSeconds: number;
  /** Seconds between points expiry runs inside the server (POINTS_EXPIRY_RUN_SECONDS; 0 turns them off). */
  pointsExpiryRunSeconds: number;
  /** Seconds between prunings of old sent and failed mails (MAIL_PRUNE_RUN_SECONDS; 0 turns them off). */
  mailPruneRunSeconds: number;
  /** Seconds between runs expiring orders stores never accepted (ORDER_EXPIRY_RUN_SECONDS; 0 turns them off). */
  orderExpiryRunSeconds: number;
  /** Seconds between checks for the owners' daily low-stock mail (LOW_STOCK_MAIL_RUN_SECONDS; 0 off). */
  lowStockMailRunSeconds: number;
  /** PAYMENT_RECONCILE_RUN_SECONDS: undecided card payments re-read, failed refunds retried (0 off). */
  paymentReconcileRunSeconds: number;
  /**
   * Electronic receipts: Nubefact's route URL and token of the deployment's account (NUBEFACT_URL,
   * NUBEFACT_TOKEN; both or none), the origins a company's own account may point at
   * (NUBEFACT_ACCOUNT_ORIGINS), RECEIPTS_POLL_MS,
   * RECEIPTS_RETRY_BASE_MS, RECEIPTS_MAX_ATTEMPTS.
   */
  receipts: ReceiptIssuingOptions;
  /** The factura step's RUC look-up (RUC_LOOKUP_URL, RUC_LOOKUP_TOKEN; both or none: shoppers type). */
  rucLookup: RucLookupOptions;
  accounts: AccountsConfig;
  /**
   * Uploaded images: a folder (MEDIA_DIR, by default `media/` beside the data folder), or an
   * S3-compatible bucket when STORAGE_URL is set (`https://KEY:SECRET@host/bucket?region=r`).
   */
  media: { dir: string; storageUrl?: string };
  /** Connections of the PostgreSQL pool per process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Statements sent as named prepared statements, on PostgreSQL and PGlite (DATABASE_PREPARED_STATEMENTS, 0 = off). */
  databasePreparedStatements: boolean;
  /** Level of the one access line per request (ACCESS_LOG_LEVEL); `silent` writes none. */
  accessLogLevel: AccessLogLevel;
  /** Prometheus figures (METRICS_PORT, METRICS_HOST, METRICS_TOKEN); see MetricsConfig. */
  metrics: MetricsConfig;
  /** SIGTERM: see ShutdownConfig (SHUTDOWN_DRAIN_SECONDS, SHUTDOWN_TIMEOUT_SECONDS). */
  shutdown: ShutdownConfig;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: traces are sent there; unset, nothing of OpenTelemetry is loaded. */
  otlpEndpoint?: string;
};

export function configFromEnv(env = process.env): Config {
  const port = intFromEnv('PORT', 3000, env);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(repoRoot, 'data'),
    media: {
      dir: env.MEDIA_DIR || path.join(repoRoot, 'media'),
      storageUrl: env.STORAGE_URL || undefined,
    },
    logLevel: levelFromEnv('LOG_LEVEL', 'info', env),
    accessLogLevel: levelFromEnv('ACCESS_LOG_LEVEL', 'info', env),
    databasePoolSize: Math.max(2, intFromEnv('DATABASE_POOL_SIZE', 10, env)),
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== '0',
    metrics: metricsFromEnv(env),
    shutdown: {
      drainSeconds: intFromEnv('SHUTDOWN_DRAIN_SECONDS', 0, env),
      timeoutSeconds: intFromEnv('SHUTDOWN_TIMEOUT_SECONDS', 10, env),
    },
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined,
    webDist: env.WEB_DIST || path.join(repoRoot, 'web', 'dist'),
    seedDemo: demoSeedWanted(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env, port),
    imgSrc: httpOrigins(env.VITE_MAP_TILE_URL),
    analytics: analyticsFromEnv(env.ANALYTICS_SCRIPT_URL),
    mercadoPagoSdk: mercadoPagoSdkFromEnv(env.MERCADOPAGO_SDK_URL),
    timeouts: {
      requestMs: intFromEnv('REQUEST_TIMEOUT_MS', defaultTimeouts.requestMs, env),
      connectionMs: intFromEnv('CONNECTION_TIMEOUT_MS', defaultTimeouts.connectionMs, env),
      keepAliveMs: intFromEnv('KEEP_ALIVE_TIMEOUT_MS', defaultTimeouts.keepAliveMs, env),
    },
    publicCacheSeconds: intFromEnv('CATALOG_CACHE_SECONDS', 5, env),
    tenantCacheSeconds: intFromEnv('TENANT_CACHE_SECONDS', 5, env),
    searchCacheSeconds: intFromEnv('SEARCH_CACHE_SECONDS', 5, env),
    subscriptionRunSeconds: intFromEnv('SUBSCRIPTION_RUN_SECONDS', 300, env),
    pointsExpiryRunSeconds: intFromEnv('POINTS_EXPIRY_RUN_SECONDS', 3600, env),
    mailPruneRunSeconds: intFromEnv('MAIL_PRUNE_RUN_SECONDS', 3600, env),
    orderExpiryRunSeconds: intFromEnv('ORDER_EXPIRY_RUN_SECONDS', 60, env),
    lowStockMailRunSeconds: intFromEnv('LOW_STOCK_MAIL_RUN_SECONDS', 900, env),
    paymentReconcileRunSeconds: intFromEnv('PAYMENT_RECONCILE_RUN_SECONDS', 120, env),
    receipts: {
      provider:
        env.NUBEFACT_URL && env.NUBEFACT_TOKEN
          ? new NubefactProvider(env.NUBEFACT_URL, env.NUBEFACT_TOKEN)
          : undefined,
      // Owners may set their company's own account in Pagos e impuestos; the worker always runs.
      companyAccounts: {
        origins: env.NUBEFACT_ACCOUNT_ORIGINS
          ? env.NUBEFACT_ACCOUNT_ORIGINS.split(',')
              .map((o) => o.trim())
              .filter(Boolean)
          : defaultAccountOrigins,
      },
      delivery: {
        pollMs: intFromEnv('RECEIPTS_POLL_MS', defaultReceiptDelivery.pollMs, env),
        retryBaseMs: intFromEnv('RECEIPTS_RETRY_BASE_MS', defaultReceiptDelivery.retryBaseMs, env),
        maxAttempts: Math.max(
          1,
          intFromEnv('RECEIPTS_MAX_ATTEMPTS', defaultReceiptDelivery.maxAttempts, env),
        ),
      },
    },
    rucLookup: {
      provider:
        env.RUC_LOOKUP_URL && env.RUC_LOOKUP_TOKEN
          ? new DecolectaRucLookup(env.RUC_LOOKUP_URL, env.RUC_LOOKUP_TOKEN)
          : undefined,
    },
    accounts: defaultAccountsConfig({
      smtpUrl: env.SMTP_URL || undefined,
      ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
      mailDelivery: {
        pollMs: intFromEnv('MAIL_POLL_MS', defaultMailDelivery.pollMs, env),
        retryBaseMs: intFromEnv('MAIL_RETRY_BASE_MS', defaultMailDelivery.retryBaseMs, env),
        maxAttempts: Math.max(
          1,
          intFromEnv('MAIL_MAX_ATTEMPTS', defaultMailDelivery.maxAttempts, env),
        ),
        leaseSeconds: intFromEnv('MAIL_LEASE_SECONDS', defaultMailDelivery.leaseSeconds, env),
      },
      mailKeepDays: Math.max(1, intFromEnv('MAIL_KEEP_DAYS', 30, env)),
      ...(env.GOOGLE_JWKS_URL ? { googleJwksUrl: env.GOOGLE_JWKS_URL } : {}),
      ...(env.APPLE_KEYS_URL ? { appleKeysUrl: env.APPLE_KEYS_URL } : {}),
      ...(env.FACEBOOK_GRAPH_URL
        ? { facebookGraphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, '') }
        : {}),
      facebookAppSecrets: parseFacebookAppSecrets(env.FACEBOOK_APP_SECRETS),
      ...(env.RECAPTCHA_VERIFY_URL ? { recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL } : {}),
      recaptchaSecret: env.RECAPTCHA_SECRET ?? '',
      sessionLifetime: {
        full: {
          idleSeconds: intFromEnv('SESSION_IDLE_DAYS', 30, env) * DAY,
          absoluteSeconds: intFromEnv('SESSION_MAX_DAYS', 90, env) * DAY,
        },
        limited: {
          idleSeconds: intFromEnv('LIMITED_SESSION_IDLE_HOURS', 24, env) * 3600,
          absoluteSeconds: intFromEnv('LIMITED_SESSION_MAX_DAYS', 7, env) * DAY,
        },
      },
      recaptchaMinScore: scoreFromEnv(env.RECAPTCHA_MIN_SCORE, 0.5),
      rateLimits: scaledRateLimits(rateLimitFactor(env)),
      clientErrorLimits: {
        address: scaleLimit(defaultClientErrorLimits.address, rateLimitFactor(env)),
        tenant: scaleLimit(defaultClientErrorLimits.tenant, rateLimitFactor(env)),
      },
      mailQuotas: scaledMailQuotas(rateLimitFactor(env)),
    }),
  };
}

/**
 * The demo tenants come with public passwords: they belong on a laptop's
 * embedded database (on unless SEED_DEMO=0), never silently on a PostgreSQL
 * server, which may be production (only with SEED_DEMO=1).
 */
export function demoSeedWanted(env: NodeJS.ProcessEnv): boolean {
  return env.DATABASE_URL ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0';
}

export const paths = {
  repoRoot,
  migrations: path.join(repoRoot, 'server', 'drizzle'),
  /** DEMO_TENANTS_DIR: another set of demo files (the browser tests' Mercado Pago store). */
  demoTenants:
    process.env.DEMO_TENANTS_DIR || path.join(repoRoot, 'server', 'src', 'tenants', 'demo'),
};
