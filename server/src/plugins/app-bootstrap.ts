import { LRUCache } from 'lru-cache';
import { analyticsMeasurementId, type App } from '@store/contract';
import type { Database } from '../db/client';
import { listAppsByDomain, normaliseDomain } from '../modules/tenancy/service';
import { usesMercadoPago } from '../modules/payments/methods';

/** The id of the script element the web app reads its tenant from (web/src/features/tenancy). */
export const BOOTSTRAP_ELEMENT_ID = 'app-bootstrap';

/** The meta element whose `nonce` the web app reads (web/src/lib/csp-nonce.ts), as Vite names it. */
export const CSP_NONCE_PROPERTY = 'csp-nonce';

/** The meta element naming Google Analytics' tag URL (web/src/lib/analytics.ts reads it). */
export const ANALYTICS_SCRIPT_META = 'analytics-script';

/** The meta element naming MercadoPago.js's URL (web/src/features/checkout reads it). */
export const MERCADOPAGO_SDK_META = 'mercadopago-sdk';

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

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

/** The page of a host, and the tenant it shows (undefined on an unknown host), for its CSP. */
export type ShellPage = { html: string; app: App | undefined; mercadoPago: boolean };

/**
 * The page shell with the answer of GET v7/apps/?domain=<host> inside it, so the store front
 * renders its tenant without waiting for that call: one network round trip fewer before the
 * first real paint. An unknown host gets '[]' (the not-found page at once). The answer is the
 * public one the API gives anyone asking for the host, nothing more.
 */
export function createPageShell(
  db: Database,
  indexHtml: string,
  cacheSeconds: number,
  options: { analyticsScriptUrl?: string; mercadoPagoSdkUrl?: string } = {},
) {
  // Same lifetime as the tenant look-up (TENANT_CACHE_SECONDS): an imported tenant file shows up
  // in pages within the same few seconds as in the API.
  type Entry = { json: string; app: App | undefined; meta: string; mercadoPago: boolean };
  const cache =
    cacheSeconds > 0 ? new LRUCache<string, Entry>({ max: 1000, ttl: cacheSeconds * 1000 }) : null;
  const [head, tail] = splitAtHeadEnd(indexHtml);

  /** `nonce` is this answer's CSP nonce: the web app gives it to the style elements it adds. */
  return async function pageFor(host: string, nonce: string): Promise<ShellPage> {
    const domain = normaliseDomain(host);
    let entry = cache?.get(domain);
    if (entry === undefined) {
      const apps: App[] = domain ? await listAppsByDomain(db, domain) : [];
      // Only a tenant with analytics learns where the tag lives (the server's setting).
      let meta =
        apps[0] && options.analyticsScriptUrl && analyticsMeasurementId(apps[0])
          ? `<meta name="${ANALYTICS_SCRIPT_META}" content="${attribute(options.analyticsScriptUrl)}">`
          : '';
      // Only a tenant taking cards through Mercado Pago loads its script (and allows its hosts).
      const mercadoPago = apps[0] ? await usesMercadoPago(db, apps[0].uid) : false;
      if (mercadoPago && options.mercadoPagoSdkUrl)
        meta += `<meta name="${MERCADOPAGO_SDK_META}" content="${attribute(options.mercadoPagoSdkUrl)}">`;
      entry = { json: scriptSafeJson(apps), app: apps[0], meta, mercadoPago };
      cache?.set(domain, entry);
    }
    return {
      html: `${head}<meta property="${CSP_NONCE_PROPERTY}" nonce="${nonce}">${entry.meta}<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${entry.json}</script>${tail}`,
      app: entry.app,
      mercadoPago: entry.mercadoPago,
    };
  };
}

function splitAtHeadEnd(html: string): [string, string] {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head>');
  return [html.slice(0, at), html.slice(at)];
}
