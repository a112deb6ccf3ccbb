import { defaultTimeouts } from './http';
import { GOOGLE_ANALYTICS, MERCADOPAGO_SDK } from './page-sources';

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
      'Addresses or CIDRs of the proxies whose `X-Forwarded-For` is believed (`true`, hop counts and ranges wider than /8 for IPv4 or /32 for IPv6 are refused).',
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
    name: 'SEARCH_CACHE_SECONDS',
    default: '5',
    description:
      "Lifetime of a place's remembered search answers (count and page), per process; concurrent equal searches run once (0: off).",
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
    name: 'LOW_STOCK_MAIL_RUN_SECONDS',
    default: '900',
    description:
      "Seconds between checks for the owners' daily low-stock mail, sent once a store day from 8:00 (0: off).",
  },
  {
    group: 'Operations',
    name: 'NUBEFACT_URL',
    default: '(none)',
    description:
      "Nubefact's route URL of the deployment's account, which issues the electronic receipts (boletas, facturas, credit notes) of every company without its own account (set by the owner in Pagos e impuestos); with NUBEFACT_TOKEN. Without both, such receipts are numbered and queued, and wait.",
  },
  {
    group: 'Operations',
    name: 'NUBEFACT_TOKEN',
    default: '(none)',
    description: "Nubefact's token for NUBEFACT_URL (a secret: never logged).",
  },
  {
    group: 'Operations',
    name: 'NUBEFACT_ACCOUNT_ORIGINS',
    default: 'https://api.nubefact.com',
    description:
      "Comma-separated origins a company's own Nubefact route URL (set by its owner in Pagos e impuestos) may point at; the server posts that company's sales there.",
  },
  {
    group: 'Operations',
    name: 'RUC_LOOKUP_URL',
    default: '(none)',
    description:
      "A RUC look-up API answering as Decolecta's (https://api.decolecta.com/v1/sunat/ruc, `?numero=`): the factura step fills razón social and fiscal address from it; with RUC_LOOKUP_TOKEN. Without both, shoppers type them.",
  },
  {
    group: 'Operations',
    name: 'RUC_LOOKUP_TOKEN',
    default: '(none)',
    description: "The look-up API's Bearer token for RUC_LOOKUP_URL (a secret: never logged).",
  },
  {
    group: 'Operations',
    name: 'RECEIPTS_POLL_MS',
    default: '5000',
    description: 'Milliseconds between looks at the electronic receipts outbox.',
  },
  {
    group: 'Operations',
    name: 'RECEIPTS_RETRY_BASE_MS',
    default: '60000',
    description: 'First wait before a failed receipt is sent again; doubles per attempt.',
  },
  {
    group: 'Operations',
    name: 'RECEIPTS_MAX_ATTEMPTS',
    default: '10',
    description: 'Attempts before a receipt is marked FAILED and shown to the owner for a retry.',
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
