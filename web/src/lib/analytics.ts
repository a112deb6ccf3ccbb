import { storageKeys } from '@store/contract/constants';
import { analyticsMeasurementId } from '@store/contract/tenancy/analytics';
import type { App } from '@store/contract/tenancy/app';
import { storage } from './storage';
import { analyticsPageLocation } from './analytics-location';

type AnalyticsWindow = {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
} & Record<`ga-disable-${string}`, boolean | undefined>;

/** Google's tag, unless the page names another (server setting ANALYTICS_SCRIPT_URL). */
const DEFAULT_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

let measurementId: string | null = null;
let loaded = false;

/** Whether the visitor accepted the analytics (Google Analytics) cookies. */
function analyticsAllowed(): boolean {
  try {
    const consent = JSON.parse(storage.get(storageKeys.cookieConsent) ?? 'null') as {
      ga?: unknown;
    } | null;
    return consent?.ga === true;
  } catch {
    return false;
  }
}

function scriptUrl(): string {
  return (
    document.querySelector<HTMLMetaElement>('meta[name="analytics-script"]')?.content ||
    DEFAULT_SCRIPT_URL
  );
}

/** Google's documented snippet: calls queue in dataLayer until gtag.js arrives and reads them. */
const gtag: (...args: unknown[]) => void = function () {
  const target = window as unknown as AnalyticsWindow;
  target.dataLayer ??= [];
  // gtag.js reads `arguments` objects, not arrays.
  // eslint-disable-next-line prefer-rest-params
  target.dataLayer.push(arguments);
};

function load(id: string): void {
  const target = window as unknown as AnalyticsWindow;
  target.gtag = gtag;
  // Only analytics was consented to: advertising storage and signals stay denied.
  gtag('consent', 'default', {
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  gtag('js', new Date());
  // The page view names the address without a mailed link's token (analytics-location.ts).
  gtag('config', id, { page_location: analyticsPageLocation(window.location), page_referrer: '' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${scriptUrl()}?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
  loaded = true;
}

/**
 * Starts or stops Google Analytics (GA4) to match the tenant and the visitor's choice: the tag
 * loads only for an app whose Firebase settings count (more than 5 of 8 fields, with a
 * measurement id) and only once the visitor accepted analytics cookies; nothing is fetched before.
 * Withdrawing consent switches the loaded tag off (Google's `ga-disable-<id>` and consent
 * update); the cookies themselves are removed by the consent code.
 */
export function syncAnalytics(app?: Pick<App, 'firebase_settings'>): void {
  if (app) measurementId = analyticsMeasurementId(app);
  const id = measurementId;
  if (!id) return;
  const target = window as unknown as AnalyticsWindow;
  const allowed = analyticsAllowed();
  if (allowed && !loaded) {
    load(id);
    return;
  }
  if (!loaded) return;
  target[`ga-disable-${id}`] = !allowed;
  gtag('consent', 'update', { analytics_storage: allowed ? 'granted' : 'denied' });
}

/**
 * Logs an analytics event through Google Analytics (the spec's logEvent), only while the tag is
 * on: the app has analytics and the visitor consents. Answers whether it was logged.
 */
export function trackEvent(event: string, params: Record<string, unknown> = {}): boolean {
  if (!loaded || !measurementId || !analyticsAllowed()) return false;
  gtag('event', event, params);
  return true;
}
