import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { isIP } from 'node:net';
import { defaultMailDelivery, type MailDelivery } from './modules/mail/delivery';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
  /** PAYMENT_RECONCILE_RUN_SECONDS: undecided card payments re-read, failed refunds retried (0 off). */
  paymentReconcileRunSeconds: number;
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

export type AccessLogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const logLevels: AccessLogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Where Prometheus reads the figures; neither set (the default), nowhere. A port of their own,
 * reached from the monitoring network only, or GET /metrics on the public port with a bearer
 * token. Both may be set.
 */
export type MetricsConfig = { port?: number; host: string; token?: string };

/**
 * A graceful stop: readiness fails at once, the server keeps answering for `drainSeconds` (so
 * the load balancer's probe notices and stops sending), then stops taking connections, lets the
 * requests in flight finish, stops the schedulers and closes the database. Past `timeoutSeconds`
 * more, the process exits anyway.
 */
export type ShutdownConfig = { drainSeconds: number; timeoutSeconds: number };

/** Fastify's trustProxy as we allow it: nothing, or the proxies' addresses/CIDRs (never `true`). */
export type TrustProxy = false | string[];

/**
 * The scheme and port of every mailed link; the host is always the tenant's own configured domain
 * (`apps.domain`), never the request's Host or X-Forwarded-* headers. Unset (the default), a
 * tenant gets https on the standard port, except tenants on `localhost` or `*.localhost` (the
 * demo's; such names never leave this machine) whose links are http on the server's own PORT.
 */
export type PublicUrlConfig = {
  /** PUBLIC_URL_SCHEME; when set it applies to every tenant, loopback ones too. */
  scheme?: 'http' | 'https';
  /** PUBLIC_URL_PORT; when set it applies to every tenant (omitted from links when it is the scheme's own). */
  port?: number;
  /** The port this server listens on (PORT), used for loopback tenants when PUBLIC_URL_PORT is unset. */
  localPort?: number;
};

export type ServerTimeouts = {
  /** Whole request, body included (Fastify requestTimeout); 0 turns it off. */
  requestMs: number;
  /** Idle socket (Fastify connectionTimeout); 0 turns it off. */
  connectionMs: number;
  /** Idle keep-alive socket between requests (Fastify keepAliveTimeout). */
  keepAliveMs: number;
};

export const defaultTimeouts: ServerTimeouts = {
  requestMs: 30_000,
  connectionMs: 60_000,
  keepAliveMs: 72_000,
};

/** A fixed window: at most `max` requests per `windowSeconds`. */
export type RateLimit = { max: number; windowSeconds: number };
export type RateLimitedAction =
  | 'login'
  | 'validate'
  | 'register'
  | 'recovery'
  | 'reset'
  | 'deletion'
  /** GET validate-code: per address, and per member (identity) when signed in. */
  | 'couponCode'
  /** POST card provider notifications: per address (the provider's senders share a few). */
  | 'paymentNotification'
  /** A merchant creating a store on a marketplace (and asking for its verification mail again). */
  | 'storeSignup';

/** Everything the accounts area (auth, profile, mail) reads from the environment. */
export type AccountsConfig = {
  /**
   * smtp://user:pass@host:port. Without it, mails of loopback tenants (the demo) go to the log and
   * the outbox; a real tenant's mails wait unsent in the outbox.
   */
  smtpUrl?: string;
  mailFrom: string;
  /** Retries and polling of the mail outbox (MAIL_POLL_MS, MAIL_RETRY_BASE_MS, MAIL_MAX_ATTEMPTS, MAIL_LEASE_SECONDS). */
  mailDelivery: MailDelivery;
  /** Days a sent or failed mail stays in the outbox before it is pruned (MAIL_KEEP_DAYS). */
  mailKeepDays: number;
  /** Where Google's signing keys are published (tests serve their own). */
  googleJwksUrl: string;
  googleIssuers: string[];
  /** Where Apple publishes the keys of Sign in with Apple ID tokens (APPLE_KEYS_URL). */
  appleKeysUrl: string;
  appleIssuer: string;
  /** Facebook's Graph API with its version (FACEBOOK_GRAPH_URL); tests point it at a fake. */
  facebookGraphUrl: string;
  /**
   * Facebook app secrets by app id (FACEBOOK_APP_SECRETS=`appId:secret,appId:secret`): the app
   * access token of `debug_token` is `appId|secret`. Kept in the environment, never in a tenant
   * file, the database or an answer.
   */
  facebookAppSecrets: Record<string, string>;
  recaptchaVerifyUrl: string;
  recaptchaSecret: string;
  /**
   * Limits per client address (an IPv6 client by its /64), per identity (email, document, phone or
   * member) from one address, and per identity across all addresses (a higher ceiling): a stranger
   * who fails on someone's email locks out only their own address, a distributed guess still stops.
   */
  rateLimits: Record<RateLimitedAction, ActionRateLimits>;
  /**
   * Browser error reports (POST v5/client-errors/), anonymous and public: per client address, and
   * per tenant across every address, so a broken build or a flood cannot grow the table without end.
   */
  clientErrorLimits: ClientErrorLimits;
  /** Lowest reCAPTCHA v3 score accepted (RECAPTCHA_MIN_SCORE, 0 to 1); v2 answers carry no score. */
  recaptchaMinScore: number;
  /** How long mailed links stay valid. */
  linkLifetimeSeconds: { verify_email: number; reset_password: number; delete_account: number };
  /**
   * How long a session lives: it ends after `idleSeconds` without use and
   * `absoluteSeconds` after sign-in, whatever happens. A limited session
   * (document number alone) lives shorter.
   */
  sessionLifetime: SessionLifetime;
};

export type SessionLifetime = {
  full: { idleSeconds: number; absoluteSeconds: number };
  limited: { idleSeconds: number; absoluteSeconds: number };
};

const DAY = 24 * 3600;
export const defaultSessionLifetime: SessionLifetime = {
  full: { idleSeconds: 30 * DAY, absoluteSeconds: 90 * DAY },
  limited: { idleSeconds: 1 * DAY, absoluteSeconds: 7 * DAY },
};

export type ActionRateLimits = {
  /** Per client address, whatever the identity. */
  address: RateLimit;
  /** Per identity and client address together. */
  identity: RateLimit;
  /** Per identity across every address: the ceiling of a distributed attempt. */
  identityTotal: RateLimit;
};

export type ClientErrorLimits = { address: RateLimit; tenant: RateLimit };

/** A page load sends at most a few reports (web/src/lib/error-reporter.ts); these leave room for many loads. */
export const defaultClientErrorLimits: ClientErrorLimits = {
  address: { max: 30, windowSeconds: 300 },
  tenant: { max: 1000, windowSeconds: 300 },
};

export const defaultRateLimits: AccountsConfig['rateLimits'] = {
  login: {
    address: { max: 30, windowSeconds: 300 },
    identity: { max: 10, windowSeconds: 900 },
    identityTotal: { max: 100, windowSeconds: 900 },
  },
  validate: {
    address: { max: 30, windowSeconds: 300 },
    identity: { max: 10, windowSeconds: 300 },
    identityTotal: { max: 50, windowSeconds: 300 },
  },
  register: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 5, windowSeconds: 3600 },
    identityTotal: { max: 20, windowSeconds: 3600 },
  },
  recovery: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 3, windowSeconds: 3600 },
    identityTotal: { max: 10, windowSeconds: 3600 },
  },
  // Setting a new password from a mailed link: per address, and per link's member.
  reset: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 5, windowSeconds: 3600 },
    identityTotal: { max: 10, windowSeconds: 3600 },
  },
  deletion: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 3, windowSeconds: 3600 },
    identityTotal: { max: 10, windowSeconds: 3600 },
  },
  // Coupon codes are short: without a limit they can be guessed by brute force.
  couponCode: {
    address: { max: 30, windowSeconds: 300 },
    identity: { max: 20, windowSeconds: 300 },
    identityTotal: { max: 60, windowSeconds: 300 },
  },
  // Each notification makes us call the provider: a flood must not turn into one.
  paymentNotification: {
    address: { max: 600, windowSeconds: 300 },
    identity: { max: 600, windowSeconds: 300 },
    identityTotal: { max: 600, windowSeconds: 300 },
  },
  // Each store is a company the marketplace owner must review: a few per address and account a day.
  storeSignup: {
    address: { max: 5, windowSeconds: 24 * 3600 },
    identity: { max: 3, windowSeconds: 24 * 3600 },
    identityTotal: { max: 5, windowSeconds: 24 * 3600 },
  },
};

export function defaultAccountsConfig(overrides: Partial<AccountsConfig> = {}): AccountsConfig {
  return {
    mailFrom: 'Tienda <no-reply@localhost>',
    mailDelivery: defaultMailDelivery,
    mailKeepDays: 30,
    googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    googleIssuers: ['https://accounts.google.com', 'accounts.google.com'],
    appleKeysUrl: 'https://appleid.apple.com/auth/keys',
    appleIssuer: 'https://appleid.apple.com',
    facebookGraphUrl: 'https://graph.facebook.com/v21.0',
    facebookAppSecrets: {},
    recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    recaptchaSecret: '',
    recaptchaMinScore: 0.5,
    rateLimits: defaultRateLimits,
    clientErrorLimits: defaultClientErrorLimits,
    linkLifetimeSeconds: {
      verify_email: 7 * 24 * 3600,
      reset_password: 3600,
      delete_account: 24 * 3600,
    },
    sessionLifetime: defaultSessionLifetime,
    ...overrides,
  };
}

const scaleLimit = (l: RateLimit, factor: number) => ({
  max: Math.max(1, Math.round(l.max * factor)),
  windowSeconds: l.windowSeconds,
});
/** `appId:secret,appId:secret`; a malformed entry stops the start rather than failing sign-ins later. */
export function parseFacebookAppSecrets(value: string | undefined): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const entry of (value ?? '').split(',')) {
    if (!entry.trim()) continue;
    const colon = entry.indexOf(':');
    const appId = entry.slice(0, colon).trim();
    const secret = colon < 0 ? '' : entry.slice(colon + 1).trim();
    if (!appId || !secret || !/^\d+$/.test(appId))
      throw new Error('FACEBOOK_APP_SECRETS: expected appId:secret pairs separated by commas');
    secrets[appId] = secret;
  }
  return secrets;
}

/** RATE_LIMIT_FACTOR multiplies every limit (e.g. 100 for browser test runs from one address). */
export function scaledRateLimits(factor: number): AccountsConfig['rateLimits'] {
  const scale = (l: RateLimit) => scaleLimit(l, factor);
  return Object.fromEntries(
    Object.entries(defaultRateLimits).map(([action, l]) => [
      action,
      {
        address: scale(l.address),
        identity: scale(l.identity),
        identityTotal: scale(l.identityTotal),
      },
    ]),
  ) as AccountsConfig['rateLimits'];
}

function rateLimitFactor(env: NodeJS.ProcessEnv): number {
  return Number(env.RATE_LIMIT_FACTOR) > 0 ? Number(env.RATE_LIMIT_FACTOR) : 1;
}

function intFromEnv(name: string, fallback: number, env = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function levelFromEnv(name: string, fallback: AccessLogLevel, env: NodeJS.ProcessEnv) {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!logLevels.includes(raw as AccessLogLevel))
    throw new Error(`${name} must be one of ${logLevels.join(', ')}, got "${env[name]}"`);
  return raw as AccessLogLevel;
}

function metricsFromEnv(env: NodeJS.ProcessEnv): MetricsConfig {
  const rawPort = env.METRICS_PORT?.trim();
  const port = rawPort ? Number(rawPort) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
    throw new Error(`METRICS_PORT must be a port number, got "${rawPort}"`);
  const token = env.METRICS_TOKEN?.trim() || undefined;
  // A short token can be guessed by whoever reaches the public port.
  if (token !== undefined && token.length < 16)
    throw new Error('METRICS_TOKEN must be at least 16 characters long');
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1', token };
}

function scoreFromEnv(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`RECAPTCHA_MIN_SCORE must be a number from 0 to 1, got "${raw}"`);
  return value;
}

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
    subscriptionRunSeconds: intFromEnv('SUBSCRIPTION_RUN_SECONDS', 300, env),
    pointsExpiryRunSeconds: intFromEnv('POINTS_EXPIRY_RUN_SECONDS', 3600, env),
    mailPruneRunSeconds: intFromEnv('MAIL_PRUNE_RUN_SECONDS', 3600, env),
    orderExpiryRunSeconds: intFromEnv('ORDER_EXPIRY_RUN_SECONDS', 60, env),
    paymentReconcileRunSeconds: intFromEnv('PAYMENT_RECONCILE_RUN_SECONDS', 120, env),
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

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy; otherwise a comma-separated list of the
 * proxies' addresses or CIDRs (proxy-addr's names `loopback`, `linklocal` and `uniquelocal` too).
 * Refused: `true`, which would believe whatever X-Forwarded-For a client sends, and a hop count,
 * which cannot tell the proxy from a client that reaches the server directly (Fastify 5 trusts
 * nothing for a number, so it would silently count every client as the proxy's address).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (!value || value === 'false' || value === '0') return false;
  const howTo =
    'set the addresses or CIDRs of the proxies in front of this server, e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=127.0.0.1,::1';
  if (value === 'true' || value === '*')
    throw new Error(
      `TRUST_PROXY=${value} would believe any X-Forwarded-For a client sends (and let it dodge per-address rate limits): ${howTo}`,
    );
  if (/^\d+$/.test(value))
    throw new Error(
      `TRUST_PROXY=${value}: a hop count cannot tell the proxy from a client that reaches this server directly: ${howTo}`,
    );
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const entry of list) {
    if (named.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const okBits =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    if (family === 0 || extra !== undefined || !okBits)
      throw new Error(`TRUST_PROXY: "${entry}" is neither an address nor a CIDR: ${howTo}`);
  }
  return list;
}

/**
 * Google Analytics for the tenants whose Firebase settings name a measurement id: the tag's URL
 * and what the pages' CSP must allow for it. Google's own by default (its documented CSP for
 * GA4); another URL (a first-party server-side tagging container, or the browser tests' stand-in)
 * is allowed alone, for the script and for the hits it sends back to its own origin.
 */
export type AnalyticsConfig = { scriptUrl: string; scriptSrc: string[]; connectSrc: string[] };

export const GOOGLE_ANALYTICS: AnalyticsConfig = {
  scriptUrl: 'https://www.googletagmanager.com/gtag/js',
  scriptSrc: ['https://*.googletagmanager.com'],
  connectSrc: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
};

/**
 * MercadoPago.js v2 (its secure card fields) and the hosts it talks to, for the pages of tenants
 * with a Mercado Pago method: the script, its static files, the API that makes card tokens and
 * looks up a card's brand, and the secure fields' own origin. Mercado Pago publishes no such
 * list: these are the hosts a published project measured with the real SDK in Chrome (see
 * docs/payments.md). Its field frames (secure-fields.mercadopago.com) and its images are https,
 * which every page already allows.
 */
export type MercadoPagoSdkConfig = {
  scriptUrl: string;
  scriptSrc: string[];
  connectSrc: string[];
  /** Frames beyond https ones (an http stand-in's fields). */
  frameSrc?: string[];
};

export const MERCADOPAGO_SDK: MercadoPagoSdkConfig = {
  scriptUrl: 'https://sdk.mercadopago.com/js/v2',
  scriptSrc: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  connectSrc: [
    'https://api.mercadopago.com',
    'https://api.mercadolibre.com',
    'https://http2.mlstatic.com',
    'https://www.mercadolibre.com',
    'https://secure-fields.mercadopago.com',
  ],
};

/** MERCADOPAGO_SDK_URL: another copy of MercadoPago.js (the browser tests' stand-in), allowed alone. */
export function mercadoPagoSdkFromEnv(raw: string | undefined): MercadoPagoSdkConfig {
  if (!raw?.trim()) return MERCADOPAGO_SDK;
  const url = httpUrl(raw, 'MERCADOPAGO_SDK_URL');
  return {
    scriptUrl: url.toString(),
    scriptSrc: [url.origin],
    connectSrc: [url.origin],
    frameSrc: url.protocol === 'http:' ? [url.origin] : [],
  };
}

function httpUrl(raw: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  url.search = '';
  url.hash = '';
  return url;
}

export function analyticsFromEnv(raw: string | undefined): AnalyticsConfig {
  if (!raw?.trim()) return GOOGLE_ANALYTICS;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`ANALYTICS_SCRIPT_URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`ANALYTICS_SCRIPT_URL must be an http(s) URL, got "${raw}"`);
  url.search = '';
  url.hash = '';
  return { scriptUrl: url.toString(), scriptSrc: [url.origin], connectSrc: [url.origin] };
}

/** The origin of an http URL (an https one is already allowed); a template's {s} host stays a wildcard. */
function httpOrigins(raw: string | undefined): string[] {
  if (!raw || !raw.startsWith('http://')) return [];
  const host = /^http:\/\/([^/]+)/.exec(raw)?.[1];
  return host ? [`http://${host.replace(/\{s\}/, '*')}`] : [];
}

function parsePublicUrl(env: NodeJS.ProcessEnv, localPort: number): PublicUrlConfig {
  const scheme = env.PUBLIC_URL_SCHEME?.trim().toLowerCase() || undefined;
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https')
    throw new Error(`PUBLIC_URL_SCHEME must be http or https, got "${env.PUBLIC_URL_SCHEME}"`);
  const rawPort = env.PUBLIC_URL_PORT?.trim();
  const port = rawPort ? Number(rawPort) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
    throw new Error(`PUBLIC_URL_PORT must be a port number, got "${rawPort}"`);
  return { scheme, port, localPort };
}

/**
 * Every environment variable the server reads, for the people who run it: docs/operations.md's
 * table is generated from this list (`npm run docs:env -w server`), and server/test/
 * environment-doc.test.ts fails when the code reads a variable missing here or the doc drifts.
 */
export type EnvironmentVariable = {
  name: string;
  /** What an unset variable means. */
  default: string;
  description: string;
  group: 'Server' | 'Database' | 'Operations' | 'Links and pages' | 'Accounts' | 'Schedulers';
};

export const environmentVariables: EnvironmentVariable[] = [
  { group: 'Server', name: 'PORT', default: '3000', description: 'Port of the store and its API.' },
  {
    group: 'Server',
    name: 'HOST',
    default: '0.0.0.0',
    description: 'Address the server listens on.',
  },
  {
    group: 'Server',
    name: 'NODE_ENV',
    default: 'unset (`production` under `npm start`)',
    description: 'Set by `npm start`; `production` is what a deployment runs.',
  },
  {
    group: 'Server',
    name: 'WEB_DIST',
    default: '`web/dist`',
    description: 'Folder of the built web app; not served when missing.',
  },
  {
    group: 'Server',
    name: 'TRUST_PROXY',
    default: 'no proxy',
    description:
      'Addresses or CIDRs of the proxies whose `X-Forwarded-For` is believed (`true` and hop counts are refused).',
  },
  {
    group: 'Server',
    name: 'REQUEST_TIMEOUT_MS',
    default: String(defaultTimeouts.requestMs),
    description: 'Longest time for a whole request, body included (0: none).',
  },
  {
    group: 'Server',
    name: 'CONNECTION_TIMEOUT_MS',
    default: String(defaultTimeouts.connectionMs),
    description: 'Idle socket timeout (0: none).',
  },
  {
    group: 'Server',
    name: 'KEEP_ALIVE_TIMEOUT_MS',
    default: String(defaultTimeouts.keepAliveMs),
    description: "Idle keep-alive socket between requests; keep it above the proxy's own.",
  },
  {
    group: 'Server',
    name: 'CATALOG_CACHE_SECONDS',
    default: '5',
    description: 'Lifetime of the per-process public catalogue micro-cache (0: off).',
  },
  {
    group: 'Server',
    name: 'TENANT_CACHE_SECONDS',
    default: '5',
    description: 'Lifetime of the per-process host/API-KEY to tenant look-up (0: off).',
  },
  {
    group: 'Server',
    name: 'RATE_LIMIT_FACTOR',
    default: '1',
    description: 'Multiplies every rate limit (browser test runs from one address).',
  },
  {
    group: 'Server',
    name: 'WORKERS',
    default: 'one per core',
    description: '`npm run start:cluster`: how many server processes.',
  },
  {
    group: 'Server',
    name: 'CLUSTER_WORKER',
    default: 'unset',
    description:
      'Set by `start:cluster` for its workers (the number of each); not to be set by hand.',
  },
  {
    group: 'Database',
    name: 'DATABASE_URL',
    default: 'embedded PGlite',
    description: '`postgres://user:password@host:5432/db` for a PostgreSQL server.',
  },
  {
    group: 'Database',
    name: 'DATABASE_POOL_SIZE',
    default: '10',
    description:
      'PostgreSQL connections per process (at least 2), and half as many for product lists.',
  },
  {
    group: 'Database',
    name: 'DATABASE_PREPARED_STATEMENTS',
    default: '1',
    description:
      '`0` sends statements unprepared, on PostgreSQL and PGlite (a pooler in transaction mode that cannot keep prepared statements).',
  },
  {
    group: 'Database',
    name: 'DATA_DIR',
    default: '`data/`',
    description: 'Folder of the embedded PGlite database.',
  },
  {
    group: 'Database',
    name: 'SEED_DEMO',
    default: '1 on PGlite, 0 on PostgreSQL',
    description: 'Import the demo tenants (public passwords) at start.',
  },
  {
    group: 'Database',
    name: 'DEMO_TENANTS_DIR',
    default: '`server/src/tenants/demo`',
    description: 'Another folder of demo tenant files.',
  },
  {
    group: 'Database',
    name: 'MEDIA_DIR',
    default: '`media/`',
    description: 'Folder of uploaded images.',
  },
  {
    group: 'Database',
    name: 'STORAGE_URL',
    default: 'unset (MEDIA_DIR)',
    description: 'S3-compatible bucket for images: `https://KEY:SECRET@host/bucket?region=r`.',
  },
  {
    group: 'Operations',
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent.',
  },
  {
    group: 'Operations',
    name: 'ACCESS_LOG_LEVEL',
    default: 'info',
    description: 'Level of the one access line per request (silent: none; below LOG_LEVEL: none).',
  },
  {
    group: 'Operations',
    name: 'METRICS_PORT',
    default: 'unset (not served)',
    description: 'Serves Prometheus figures at `/metrics` on this port of METRICS_HOST only.',
  },
  {
    group: 'Operations',
    name: 'METRICS_HOST',
    default: '127.0.0.1',
    description: "Address of METRICS_PORT (the monitoring network's, never a public one).",
  },
  {
    group: 'Operations',
    name: 'METRICS_TOKEN',
    default: 'unset (not served)',
    description:
      'Serves `/metrics` on the public port to `Authorization: Bearer <token>` only (16 characters at least).',
  },
  {
    group: 'Operations',
    name: 'SHUTDOWN_DRAIN_SECONDS',
    default: '0',
    description:
      "On SIGTERM, seconds readiness fails while requests are still served (the load balancer's probe period × failure threshold).",
  },
  {
    group: 'Operations',
    name: 'SHUTDOWN_TIMEOUT_SECONDS',
    default: '10',
    description:
      'After the drain, longest wait for requests in flight before the process exits anyway.',
  },
  {
    group: 'Operations',
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset (no tracing)',
    description:
      'OTLP/HTTP collector (`http://collector:4318`): HTTP and PostgreSQL spans are sent to `<endpoint>/v1/traces`.',
  },
  {
    group: 'Operations',
    name: 'OTEL_SERVICE_NAME',
    default: 'store-server',
    description: 'Service name of the spans.',
  },
  {
    group: 'Links and pages',
    name: 'PUBLIC_URL_SCHEME',
    default: 'https (http on `localhost` tenants)',
    description: 'Scheme of mailed links, for every tenant.',
  },
  {
    group: 'Links and pages',
    name: 'PUBLIC_URL_PORT',
    default: "the scheme's (PORT on `localhost` tenants)",
    description: 'Port of mailed links, for every tenant.',
  },
  {
    group: 'Links and pages',
    name: 'VITE_MAP_TILE_URL',
    default: "OpenStreetMap's",
    description: 'Map tile server (read by the web build, and by the server for the CSP).',
  },
  {
    group: 'Links and pages',
    name: 'ANALYTICS_SCRIPT_URL',
    default: GOOGLE_ANALYTICS.scriptUrl,
    description: "Where Google Analytics' tag is fetched from.",
  },
  {
    group: 'Links and pages',
    name: 'MERCADOPAGO_SDK_URL',
    default: MERCADOPAGO_SDK.scriptUrl,
    description: 'Where MercadoPago.js is fetched from.',
  },
  {
    group: 'Accounts',
    name: 'SMTP_URL',
    default:
      "unset (demo: mails of `localhost`/`*.localhost` stores printed in the log; other stores' mails wait unsent in `mail_outbox`)",
    description: '`smtp://user:pass@host:port` of the mail server.',
  },
  {
    group: 'Accounts',
    name: 'MAIL_FROM',
    default: 'Tienda <no-reply@localhost>',
    description: 'Sender of every mail.',
  },
  {
    group: 'Accounts',
    name: 'MAIL_POLL_MS',
    default: '1000',
    description:
      'How often each process looks in the mail outbox for mails due (a new mail is sent at once anyway).',
  },
  {
    group: 'Accounts',
    name: 'MAIL_RETRY_BASE_MS',
    default: '30000',
    description:
      'First wait before a failed mail is tried again; it doubles each time, up to an hour.',
  },
  {
    group: 'Accounts',
    name: 'MAIL_MAX_ATTEMPTS',
    default: '8',
    description:
      'Tries before a mail is marked failed (the owner sees it in `GET v5/admin/mail/`).',
  },
  {
    group: 'Accounts',
    name: 'MAIL_LEASE_SECONDS',
    default: '120',
    description:
      'How long a process holds a mail it is sending; after that another process may send it (at least once).',
  },
  {
    group: 'Accounts',
    name: 'MAIL_KEEP_DAYS',
    default: '30',
    description:
      'Days a sent or failed mail stays in the outbox (its body holds links with tokens); older ones are pruned.',
  },
  {
    group: 'Accounts',
    name: 'QR_SECRET',
    default: 'random per process (per cluster)',
    description: 'Key of member QR signatures; several machines must share one.',
  },
  {
    group: 'Accounts',
    name: 'SESSION_IDLE_DAYS',
    default: '30',
    description: 'A session ends after this many days unused.',
  },
  {
    group: 'Accounts',
    name: 'SESSION_MAX_DAYS',
    default: '90',
    description: 'A session ends this many days after sign-in.',
  },
  {
    group: 'Accounts',
    name: 'LIMITED_SESSION_IDLE_HOURS',
    default: '24',
    description: 'The same for a document-number session, in hours.',
  },
  {
    group: 'Accounts',
    name: 'LIMITED_SESSION_MAX_DAYS',
    default: '7',
    description: 'The same for a document-number session.',
  },
  {
    group: 'Accounts',
    name: 'GOOGLE_JWKS_URL',
    default: "Google's",
    description: 'Signing keys of Google ID tokens.',
  },
  {
    group: 'Accounts',
    name: 'APPLE_KEYS_URL',
    default: "Apple's",
    description: 'Signing keys of Sign in with Apple tokens.',
  },
  {
    group: 'Accounts',
    name: 'FACEBOOK_GRAPH_URL',
    default: 'https://graph.facebook.com/v21.0',
    description: 'Facebook Graph API.',
  },
  {
    group: 'Accounts',
    name: 'FACEBOOK_APP_SECRETS',
    default: 'none',
    description: '`appId:secret,...` of the Facebook apps.',
  },
  {
    group: 'Accounts',
    name: 'RECAPTCHA_VERIFY_URL',
    default: "Google's",
    description: 'reCAPTCHA verification endpoint.',
  },
  {
    group: 'Accounts',
    name: 'RECAPTCHA_SECRET',
    default: 'empty',
    description: 'reCAPTCHA secret key.',
  },
  {
    group: 'Accounts',
    name: 'RECAPTCHA_MIN_SCORE',
    default: '0.5',
    description: 'Lowest reCAPTCHA v3 score accepted (0 to 1).',
  },
  {
    group: 'Schedulers',
    name: 'SUBSCRIPTION_RUN_SECONDS',
    default: '300',
    description: 'Seconds between subscription order runs (0: off).',
  },
  {
    group: 'Schedulers',
    name: 'POINTS_EXPIRY_RUN_SECONDS',
    default: '3600',
    description: 'Seconds between points expiry runs (0: off).',
  },
  {
    group: 'Schedulers',
    name: 'MAIL_PRUNE_RUN_SECONDS',
    default: '3600',
    description:
      'Seconds between prunings of the mails sent or given up on more than MAIL_KEEP_DAYS ago (0: off).',
  },
  {
    group: 'Schedulers',
    name: 'ORDER_EXPIRY_RUN_SECONDS',
    default: '60',
    description: 'Seconds between runs expiring orders stores never accepted (0: off).',
  },
  {
    group: 'Schedulers',
    name: 'PAYMENT_RECONCILE_RUN_SECONDS',
    default: '120',
    description: 'Seconds between re-reads of undecided card payments and failed refunds (0: off).',
  },
];

/** docs/operations.md's variables table, one section per group. */
export function environmentTable(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const groups = [...new Set(environmentVariables.map((v) => v.group))];
  return groups
    .map((group) =>
      [
        `### ${group}`,
        '',
        '| Variable | Unset means | What it does |',
        '| --- | --- | --- |',
        ...environmentVariables
          .filter((v) => v.group === group)
          .map((v) => `| \`${v.name}\` | ${cell(v.default)} | ${cell(v.description)} |`),
      ].join('\n'),
    )
    .join('\n\n');
}
