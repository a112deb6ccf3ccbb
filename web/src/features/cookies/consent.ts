import { storageKeys } from '@store/contract/constants';
import { storage } from '../../lib/storage';
import { cookieNames, deleteCookie, getCookie, setCookie } from '../../lib/cookies';
import { syncAnalytics } from '../../lib/analytics';

export type CookieConsent = { necessary: true; ga: boolean; guid: boolean };

/** Before any choice the optional cookies are off (consent must be given, not assumed). */
export const DEFAULT_CONSENT: CookieConsent = { necessary: true, ga: false, guid: false };
export const ALL_COOKIES: CookieConsent = { necessary: true, ga: true, guid: true };
export const NECESSARY_ONLY: CookieConsent = DEFAULT_CONSENT;
export const GUID_COOKIE = '_guid';
export const ACCEPTANCE_COOKIE = 'cookies_accepted';
const DAY_SECONDS = 24 * 60 * 60;
const OPEN_SETTINGS_EVENT = 'store:cookie-settings';

export function readConsent(): CookieConsent | null {
  const raw = storage.get(storageKeys.cookieConsent);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CookieConsent>;
    return { necessary: true, ga: parsed.ga === true, guid: parsed.guid === true };
  } catch {
    return null;
  }
}

/** Ask when no choice is stored, or when the visit id was allowed but its cookie has expired. */
export function needsConsent(): boolean {
  const consent = readConsent();
  return !consent || (consent.guid && !getCookie(GUID_COOKIE));
}

/** Google Analytics cookies: _ga, _ga_<property>, _gid, _gat. */
export function removeAnalyticsCookies(): void {
  for (const name of cookieNames()) {
    if (name === '_ga' || name.startsWith('_ga_') || name === '_gid' || name.startsWith('_gat'))
      deleteCookie(name);
  }
}

function newVisitId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function saveConsent(consent: CookieConsent): void {
  storage.set(storageKeys.cookieConsent, JSON.stringify(consent));
  storage.set(storageKeys.cookieGa, String(consent.ga));
  storage.set(storageKeys.cookieGuid, String(consent.guid));
  setCookie(ACCEPTANCE_COOKIE, '1', DAY_SECONDS);
  if (consent.guid) {
    if (!getCookie(GUID_COOKIE)) setCookie(GUID_COOKIE, newVisitId(), DAY_SECONDS);
  } else {
    deleteCookie(GUID_COOKIE);
  }
  // Google Analytics starts, or stops before its cookies go (a running tag would write them again).
  syncAnalytics();
  if (!consent.ga) removeAnalyticsCookies();
}

/** At start-up: analytics switched off means no analytics cookies may stay. */
export function enforceStoredConsent(): void {
  const consent = readConsent();
  if (consent && !consent.ga) removeAnalyticsCookies();
}

export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}

export function onOpenCookieSettings(listener: () => void): () => void {
  window.addEventListener(OPEN_SETTINGS_EVENT, listener);
  return () => window.removeEventListener(OPEN_SETTINGS_EVENT, listener);
}
