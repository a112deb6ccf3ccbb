import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { analyticsMeasurementId, type App } from '@store/contract';
import type { AnalyticsConfig, MercadoPagoSdkConfig, PublicUrlConfig } from '../config';
import { publicScheme } from '../lib/public-url';
import { normaliseDomain } from '../modules/tenancy/service';

/** Google Identity Services, as Google documents it for a CSP (popup mode). */
const GOOGLE_SIGN_IN = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  connect: ['https://accounts.google.com/gsi/'],
};
/** Facebook's JavaScript SDK (its login dialog is a popup; its helper frames are https). */
const FACEBOOK_LOGIN = {
  script: ['https://connect.facebook.net/'],
  connect: ['https://graph.facebook.com/', 'https://www.facebook.com/'],
};
/** Sign in with Apple JS (popup mode: the answer comes back by postMessage). */
const APPLE_SIGN_IN = {
  script: ['https://appleid.cdn-apple.com/appleauth/'],
  connect: ['https://appleid.apple.com/'],
};
/** reCAPTCHA v2/v3, as Google documents it for a CSP (its frames are https, allowed below). */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
};

/** What every answer that is not a page may do in a browser: nothing (JSON, images, scripts). */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The policy of the page shell, per tenant: scripts only from this server (plus Google's,
 * Facebook's or Apple's sign-in script for a tenant with that sign-in, reCAPTCHA's for one with
 * a site key); style elements
 * from this server or carrying this page's nonce (react-toastify injects one), style attributes
 * allowed (tenant rich text and the map set them); images from anywhere over https (tenant logos
 * and the map tiles are tenant or build settings); frames over https (the landing's embedded
 * forms are tenant links, reCAPTCHA's box is a frame); never framed itself. A tenant with Google
 * Analytics (its Firebase settings name a measurement id) also allows the tag's script and the
 * hosts its hits go to; the web app loads the tag only once the visitor consents. A tenant with
 * a Mercado Pago card method (`mercadoPago`) allows MercadoPago.js and the hosts it calls.
 */
export function pageCsp(
  app: App | undefined,
  options: {
    nonce: string;
    https: boolean;
    imgSrc?: string[];
    analytics?: AnalyticsConfig;
    mercadoPago?: MercadoPagoSdkConfig | null;
    /** A server-rendered page: React's streaming scripts carry the nonce (modules/pages). */
    scriptNonce?: boolean;
  },
): string {
  const method = (type: string, key: string) =>
    !!app?.signin_methods.some((m) => m.type === type && typeof m.settings[key] === 'string');
  const google = method('GOOGLE', 'client_id');
  const facebook = method('FACEBOOK', 'app_id');
  const apple = method('IOS', 'client_id');
  const recaptcha = !!app?.recaptcha_settings?.site_key;
  const analytics =
    app && options.analytics && analyticsMeasurementId(app) ? options.analytics : null;
  const list = (...sources: (string | false)[]) => sources.filter(Boolean).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      list(
        "'self'",
        options.scriptNonce === true && `'nonce-${options.nonce}'`,
        ...(google ? GOOGLE_SIGN_IN.script : []),
        ...(facebook ? FACEBOOK_LOGIN.script : []),
        ...(apple ? APPLE_SIGN_IN.script : []),
        ...(recaptcha ? RECAPTCHA.script : []),
        ...(analytics?.scriptSrc ?? []),
        ...(options.mercadoPago?.scriptSrc ?? []),
        // Violation reports (the console, `securitypolicyviolation`) quote what was refused.
        "'report-sample'",
      ),
    ],
    ['script-src-attr', "'none' 'report-sample'"],
    [
      'style-src',
      list("'self'", `'nonce-${options.nonce}'`, ...(google ? GOOGLE_SIGN_IN.style : [])),
    ],
    [
      'style-src-elem',
      list("'self'", `'nonce-${options.nonce}'`, ...(google ? GOOGLE_SIGN_IN.style : [])),
    ],
    ['style-src-attr', "'unsafe-inline'"],
    [
      'img-src',
      list(
        "'self'",
        'data:',
        'blob:',
        'https:',
        ...(options.imgSrc ?? []),
        ...(analytics?.connectSrc ?? []),
      ),
    ],
    ['font-src', "'self' data:"],
    [
      'connect-src',
      list(
        "'self'",
        ...(google ? GOOGLE_SIGN_IN.connect : []),
        ...(facebook ? FACEBOOK_LOGIN.connect : []),
        ...(apple ? APPLE_SIGN_IN.connect : []),
        ...(analytics?.connectSrc ?? []),
        ...(options.mercadoPago?.connectSrc ?? []),
      ),
    ],
    ['frame-src', list("'self'", 'https:', ...(options.mercadoPago?.frameSrc ?? []))],
    ['worker-src', "'self' blob:"],
    ['manifest-src', "'self'"],
    ['media-src', "'self' https:"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (options.https) directives.push(['upgrade-insecure-requests', '']);
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join('; ');
}

/** Static HTML this server ships (the demo's stand-in of an embedded form): framed by the store. */
export const STATIC_HTML_CSP =
  "default-src 'self'; img-src 'self' data: https:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

/** What every answer carries, as helmet words it. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
  },
  // Per host below: a loopback demo host is http, and HSTS would be noise there.
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Google sign-in's popup talks back to its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // The demo's stores (*.localhost) show each other's images.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * The headers helmet sets for HELMET_OPTIONS, computed once: they are the same for every answer.
 * Through @fastify/helmet, helmet parsed its options and built its CSP anew for each request, a
 * twentieth of a micro-cached answer's CPU (bench/RESULTS.md, 2026-12-03).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

/**
 * Security headers on every answer, pages and API (helmet's, computed once): nosniff, frame denial
 * (X-Frame-Options and CSP frame-ancestors), a referrer policy that sends other sites the origin
 * alone (reset and deletion pages carry their token in the path), a restrictive CSP (pages get
 * theirs from the web-app plugin) and HSTS where the tenant's public scheme is https.
 */
export const securityHeadersPlugin = fp<{ publicUrl: PublicUrlConfig }>(
  async (app, { publicUrl }) => {
    const headers = helmetHeaders();
    const withHsts = { ...headers, 'strict-transport-security': 'max-age=31536000' };
    app.addHook('onRequest', async (request, reply) => {
      const domain = normaliseDomain(request.host ?? '');
      reply.headers(publicScheme(domain, publicUrl) === 'https' ? withHsts : headers);
    });
  },
  { name: 'security-headers' },
);
