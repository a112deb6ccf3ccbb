import type { PublicUrlConfig } from '../config';

/** `localhost` and `*.localhost` (RFC 6761): names that always mean this machine. */
export function isLoopbackDomain(domain: string): boolean {
  return domain === 'localhost' || domain.endsWith('.localhost');
}

/** The scheme a tenant's links use: PUBLIC_URL_SCHEME, else https (http for loopback tenants). */
export function publicScheme(domain: string, config: PublicUrlConfig): 'http' | 'https' {
  return config.scheme ?? (isLoopbackDomain(domain) ? 'http' : 'https');
}

/**
 * scheme://domain[:port] of a tenant, for every link the server mails. Built from the tenant's
 * own configured domain and the configured scheme and port only: never from the request's Host,
 * X-Forwarded-Host or X-Forwarded-Proto, which a client (or, with TRUST_PROXY, anything in front
 * of the proxy) chooses.
 */
export function publicOrigin(domain: string, config: PublicUrlConfig): string {
  const scheme = publicScheme(domain, config);
  const port = config.port ?? (isLoopbackDomain(domain) ? config.localPort : undefined);
  const standard = scheme === 'https' ? 443 : 80;
  return `${scheme}://${domain}${port && port !== standard ? `:${port}` : ''}`;
}
