import { LRUCache } from 'lru-cache';
import type { App } from '@store/contract';
import type { Database } from '../db/client';
import { listAppsByDomain, normaliseDomain } from '../modules/tenancy/service';

/** The id of the script element the web app reads its tenant from (web/src/features/tenancy). */
export const BOOTSTRAP_ELEMENT_ID = 'app-bootstrap';

/**
 * JSON that is safe inside a <script> element: '<' can no longer close it (a tenant's name or
 * text holding '</script>' stays data), and U+2028/2029 are escaped for old parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page shell with the answer of GET v7/apps/?domain=<host> inside it, so the store front
 * renders its tenant without waiting for that call: one network round trip fewer before the
 * first real paint. An unknown host gets '[]' (the not-found page at once). The answer is the
 * public one the API gives anyone asking for the host, nothing more.
 */
export function createPageShell(db: Database, indexHtml: string, cacheSeconds: number) {
  // Same lifetime as the tenant look-up (TENANT_CACHE_SECONDS): an imported tenant file shows up
  // in pages within the same few seconds as in the API.
  const cache =
    cacheSeconds > 0 ? new LRUCache<string, string>({ max: 1000, ttl: cacheSeconds * 1000 }) : null;
  const [head, tail] = splitAtHeadEnd(indexHtml);

  return async function pageFor(host: string): Promise<string> {
    const domain = normaliseDomain(host);
    let json = cache?.get(domain);
    if (json === undefined) {
      const apps: App[] = domain ? await listAppsByDomain(db, domain) : [];
      json = scriptSafeJson(apps);
      cache?.set(domain, json);
    }
    return `${head}<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${json}</script>${tail}`;
  };
}

function splitAtHeadEnd(html: string): [string, string] {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head>');
  return [html.slice(0, at), html.slice(at)];
}
