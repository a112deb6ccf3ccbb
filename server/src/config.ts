import { fileURLToPath } from 'node:url';
import path from 'node:path';

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
   * Trust X-Forwarded-For from the listed proxies (Fastify's trustProxy:
   * true, or a list of addresses). Off by default: otherwise any client
   * could pick its own address and dodge per-address rate limits.
   */
  trustProxy: boolean | string;
  /** Seconds public catalogue answers are served from the process's micro-cache (CATALOG_CACHE_SECONDS; 0 turns it off). */
  publicCacheSeconds: number;
  /** Seconds a host's or API-KEY's tenant is remembered per process (TENANT_CACHE_SECONDS; 0 turns it off). */
  tenantCacheSeconds: number;
  /** Seconds between runs of the subscription orders inside the server (SUBSCRIPTION_RUN_SECONDS; 0 turns them off). */
  subscriptionRunSeconds: number;
  /** Seconds between points expiry runs inside the server (POINTS_EXPIRY_RUN_SECONDS; 0 turns them off). */
  pointsExpiryRunSeconds: number;
  /** Seconds between runs expiring orders stores never accepted (ORDER_EXPIRY_RUN_SECONDS; 0 turns them off). */
  orderExpiryRunSeconds: number;
  accounts: AccountsConfig;
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
  | 'couponCode';

/** Everything the accounts area (auth, profile, mail) reads from the environment. */
export type AccountsConfig = {
  /** smtp://user:pass@host:port; without it mails go to the mail_outbox table and the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where Google's signing keys are published (tests serve their own). */
  googleJwksUrl: string;
  googleIssuers: string[];
  recaptchaVerifyUrl: string;
  recaptchaSecret: string;
  /** Limits per client address and per identity (email, document or phone). */
  rateLimits: Record<RateLimitedAction, { address: RateLimit; identity: RateLimit }>;
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

export const defaultRateLimits: AccountsConfig['rateLimits'] = {
  login: { address: { max: 30, windowSeconds: 300 }, identity: { max: 10, windowSeconds: 900 } },
  validate: { address: { max: 30, windowSeconds: 300 }, identity: { max: 10, windowSeconds: 300 } },
  register: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 5, windowSeconds: 3600 },
  },
  recovery: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 3, windowSeconds: 3600 },
  },
  // Setting a new password from a mailed link: per address, and per link's member.
  reset: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 5, windowSeconds: 3600 },
  },
  deletion: {
    address: { max: 10, windowSeconds: 3600 },
    identity: { max: 3, windowSeconds: 3600 },
  },
  // Coupon codes are short: without a limit they can be guessed by brute force.
  couponCode: {
    address: { max: 30, windowSeconds: 300 },
    identity: { max: 20, windowSeconds: 300 },
  },
};

export function defaultAccountsConfig(overrides: Partial<AccountsConfig> = {}): AccountsConfig {
  return {
    mailFrom: 'Tienda <no-reply@localhost>',
    googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    googleIssuers: ['https://accounts.google.com', 'accounts.google.com'],
    recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    recaptchaSecret: '',
    rateLimits: defaultRateLimits,
    linkLifetimeSeconds: {
      verify_email: 7 * 24 * 3600,
      reset_password: 3600,
      delete_account: 24 * 3600,
    },
    sessionLifetime: defaultSessionLifetime,
    ...overrides,
  };
}

/** RATE_LIMIT_FACTOR multiplies every limit (e.g. 100 for browser test runs from one address). */
function scaledRateLimits(factor: number): AccountsConfig['rateLimits'] {
  const scale = (l: RateLimit) => ({
    max: Math.max(1, Math.round(l.max * factor)),
    windowSeconds: l.windowSeconds,
  });
  return Object.fromEntries(
    Object.entries(defaultRateLimits).map(([action, l]) => [
      action,
      { address: scale(l.address), identity: scale(l.identity) },
    ]),
  ) as AccountsConfig['rateLimits'];
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export function configFromEnv(env = process.env): Config {
  return {
    port: intFromEnv('PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(repoRoot, 'data'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST || path.join(repoRoot, 'web', 'dist'),
    seedDemo: demoSeedWanted(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicCacheSeconds: intFromEnv('CATALOG_CACHE_SECONDS', 5),
    tenantCacheSeconds: intFromEnv('TENANT_CACHE_SECONDS', 5),
    subscriptionRunSeconds: intFromEnv('SUBSCRIPTION_RUN_SECONDS', 300),
    pointsExpiryRunSeconds: intFromEnv('POINTS_EXPIRY_RUN_SECONDS', 3600),
    orderExpiryRunSeconds: intFromEnv('ORDER_EXPIRY_RUN_SECONDS', 60),
    accounts: defaultAccountsConfig({
      smtpUrl: env.SMTP_URL || undefined,
      ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
      ...(env.GOOGLE_JWKS_URL ? { googleJwksUrl: env.GOOGLE_JWKS_URL } : {}),
      ...(env.RECAPTCHA_VERIFY_URL ? { recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL } : {}),
      recaptchaSecret: env.RECAPTCHA_SECRET ?? '',
      sessionLifetime: {
        full: {
          idleSeconds: intFromEnv('SESSION_IDLE_DAYS', 30) * DAY,
          absoluteSeconds: intFromEnv('SESSION_MAX_DAYS', 90) * DAY,
        },
        limited: {
          idleSeconds: intFromEnv('LIMITED_SESSION_IDLE_HOURS', 24) * 3600,
          absoluteSeconds: intFromEnv('LIMITED_SESSION_MAX_DAYS', 7) * DAY,
        },
      },
      rateLimits: scaledRateLimits(
        Number(env.RATE_LIMIT_FACTOR) > 0 ? Number(env.RATE_LIMIT_FACTOR) : 1,
      ),
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
  demoTenants: path.join(repoRoot, 'server', 'src', 'tenants', 'demo'),
};

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  return raw;
}
