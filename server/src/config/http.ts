import { isIP } from 'node:net';

// The HTTP server: its logs, metrics, graceful stop, trusted proxies, mailed links' scheme and port,
// and timeouts.

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

export function levelFromEnv(name: string, fallback: AccessLogLevel, env: NodeJS.ProcessEnv) {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!logLevels.includes(raw as AccessLogLevel))
    throw new Error(`${name} must be one of ${logLevels.join(', ')}, got "${env[name]}"`);
  return raw as AccessLogLevel;
}

export function metricsFromEnv(env: NodeJS.ProcessEnv): MetricsConfig {
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
    if (bits !== undefined && Number(bits) < shortestTrustedPrefix(address, family))
      throw new Error(
        `TRUST_PROXY: "${entry}" spans too many addresses to all be proxies (the shortest prefix taken is /8 for IPv4, /32 for IPv6, /104 for IPv4-mapped IPv6): ${howTo}`,
      );
  }
  return list;
}

/**
 * A range wider than this holds far more than a load balancer's addresses (a /0 would trust
 * every client to name its own address; proxy-addr refuses it only by accident). An IPv4-mapped
 * IPv6 range is the IPv4 range it maps (proxy-addr reads `::ffff:0.0.0.0/96` as 0.0.0.0/0).
 */
function shortestTrustedPrefix(address: string, family: number): number {
  if (family === 4) return 8;
  // The URL parser writes an IPv6 address in its canonical form: mapped ones start `::ffff:`.
  const mapped = new URL(`http://[${address.replace(/%.*$/, '')}]`).hostname.startsWith('[::ffff:');
  return mapped ? 96 + 8 : 32;
}

export function parsePublicUrl(env: NodeJS.ProcessEnv, localPort: number): PublicUrlConfig {
  const scheme = env.PUBLIC_URL_SCHEME?.trim().toLowerCase() || undefined;
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https')
    throw new Error(`PUBLIC_URL_SCHEME must be http or https, got "${env.PUBLIC_URL_SCHEME}"`);
  const rawPort = env.PUBLIC_URL_PORT?.trim();
  const port = rawPort ? Number(rawPort) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
    throw new Error(`PUBLIC_URL_PORT must be a port number, got "${rawPort}"`);
  return { scheme, port, localPort };
}
