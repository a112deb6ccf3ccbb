import { storageKeys } from '@store/contract/constants';
import { storage } from './storage';

type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

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

/**
 * Logs an analytics event as Google Tag Manager reads them (`window.dataLayer`), only when the
 * visitor accepted analytics cookies. Without a tag on the page the events just stay in the array.
 */
export function trackEvent(event: string, params: Record<string, unknown> = {}): boolean {
  if (!analyticsAllowed()) return false;
  const target = window as DataLayerWindow;
  target.dataLayer ??= [];
  target.dataLayer.push({ event, ...params });
  return true;
}
