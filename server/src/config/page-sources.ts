// What the pages' Content-Security-Policy allows beyond 'self': Google Analytics, MercadoPago.js
// and an http map tile server.

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
export function httpOrigins(raw: string | undefined): string[] {
  if (!raw || !raw.startsWith('http://')) return [];
  const host = /^http:\/\/([^/]+)/.exec(raw)?.[1];
  return host ? [`http://${host.replace(/\{s\}/, '*')}`] : [];
}
