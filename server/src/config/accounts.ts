import { defaultMailDelivery, type MailDelivery } from '../modules/mail/delivery';

// Accounts: sign-in, sessions, rate limits, mail quotas and the identity providers' settings.

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
  | 'storeSignup'
  /** A limited session proving who it is (password or mailed code): per address and per member. */
  | 'stepUp'
  /** Mailing a step-up code: per address and per member, so nobody floods a mailbox. */
  | 'stepUpCode'
  /** The factura step's RUC look-up: per address and per member (each may cost a provider credit). */
  | 'rucLookup';

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
  /**
   * Daily allowances of what makes the store mail someone on a client's word: orders (each one
   * mails its confirmation) and staff invitations (mailed to any address the owner names).
   */
  mailQuotas: MailQuotas;
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
  /**
   * How long a limited session acts as a full one after a step-up (docs/decisions.md "Limited
   * sessions"), and how long a mailed step-up code works.
   */
  stepUp: { seconds: number; codeSeconds: number; codeTries: number };
};

export const defaultStepUp: AccountsConfig['stepUp'] = {
  seconds: 3600,
  codeSeconds: 10 * 60,
  codeTries: 5,
};

export type SessionLifetime = {
  full: { idleSeconds: number; absoluteSeconds: number };
  limited: { idleSeconds: number; absoluteSeconds: number };
};

export const DAY = 24 * 3600;
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

export type MailQuotas = {
  /** Orders one member places a day. */
  ordersPerMember: RateLimit;
  /** Staff invitations one company sends a day. */
  invitationsPerCompany: RateLimit;
  /**
   * The same for a store the marketplace has not approved (pending, rejected, suspended): its
   * name is the merchant's own word, mailed under the marketplace's name to any address.
   */
  invitationsPerUnreviewedStore: RateLimit;
};

export const defaultMailQuotas: MailQuotas = {
  ordersPerMember: { max: 20, windowSeconds: 24 * 3600 },
  invitationsPerCompany: { max: 20, windowSeconds: 24 * 3600 },
  invitationsPerUnreviewedStore: { max: 3, windowSeconds: 24 * 3600 },
};

/** A page load sends at most a few reports (web/src/lib/error-reporter.ts); these leave room for many loads. */
export const defaultClientErrorLimits: ClientErrorLimits = {
  address: { max: 30, windowSeconds: 300 },
  tenant: { max: 1000, windowSeconds: 300 },
};

/**
 * An action's three limits from their maxima: the address's counted over `windowSeconds`, the
 * identity's two over `identityWindowSeconds` (the same window unless given).
 */
function actionLimits(
  max: Record<keyof ActionRateLimits, number>,
  windowSeconds: number,
  identityWindowSeconds = windowSeconds,
): ActionRateLimits {
  return {
    address: { max: max.address, windowSeconds },
    identity: { max: max.identity, windowSeconds: identityWindowSeconds },
    identityTotal: { max: max.identityTotal, windowSeconds: identityWindowSeconds },
  };
}

export const defaultRateLimits: AccountsConfig['rateLimits'] = {
  login: actionLimits({ address: 30, identity: 10, identityTotal: 100 }, 300, 900),
  validate: actionLimits({ address: 30, identity: 10, identityTotal: 50 }, 300),
  register: actionLimits({ address: 10, identity: 5, identityTotal: 20 }, 3600),
  recovery: actionLimits({ address: 10, identity: 3, identityTotal: 10 }, 3600),
  // Setting a new password from a mailed link: per address, and per link's member.
  reset: actionLimits({ address: 10, identity: 5, identityTotal: 10 }, 3600),
  deletion: actionLimits({ address: 10, identity: 3, identityTotal: 10 }, 3600),
  // Coupon codes are short: without a limit they can be guessed by brute force.
  couponCode: actionLimits({ address: 30, identity: 20, identityTotal: 60 }, 300),
  // Each notification makes us call the provider: a flood must not turn into one.
  paymentNotification: actionLimits({ address: 600, identity: 600, identityTotal: 600 }, 300),
  // Each store is a company the marketplace owner must review: a few per address and account a day.
  storeSignup: actionLimits({ address: 5, identity: 3, identityTotal: 5 }, 24 * 3600),
  // A limited session must not become a way to guess the account's password: as strict as login.
  stepUp: actionLimits({ address: 30, identity: 10, identityTotal: 20 }, 300, 900),
  stepUpCode: actionLimits({ address: 10, identity: 5, identityTotal: 5 }, 3600),
  // A shopper types one or two RUCs; the register must not be walked through us.
  rucLookup: actionLimits({ address: 30, identity: 15, identityTotal: 15 }, 300),
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
    mailQuotas: defaultMailQuotas,
    linkLifetimeSeconds: {
      verify_email: 7 * 24 * 3600,
      reset_password: 3600,
      delete_account: 24 * 3600,
    },
    sessionLifetime: defaultSessionLifetime,
    stepUp: defaultStepUp,
    ...overrides,
  };
}

export const scaleLimit = (l: RateLimit, factor: number) => ({
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

/** The daily mail quotas times RATE_LIMIT_FACTOR, as every other limit. */
export function scaledMailQuotas(factor: number): MailQuotas {
  return {
    ordersPerMember: scaleLimit(defaultMailQuotas.ordersPerMember, factor),
    invitationsPerCompany: scaleLimit(defaultMailQuotas.invitationsPerCompany, factor),
    invitationsPerUnreviewedStore: scaleLimit(
      defaultMailQuotas.invitationsPerUnreviewedStore,
      factor,
    ),
  };
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

export function rateLimitFactor(env: NodeJS.ProcessEnv): number {
  return Number(env.RATE_LIMIT_FACTOR) > 0 ? Number(env.RATE_LIMIT_FACTOR) : 1;
}

export function scoreFromEnv(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`RECAPTCHA_MIN_SCORE must be a number from 0 to 1, got "${raw}"`);
  return value;
}
