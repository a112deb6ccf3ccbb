import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, storageKeys } from '@store/contract/constants';
import type { Language } from '@store/contract';
import { storage } from '../lib/storage';
import { es } from './es';
import type { screensEs } from './screens-es';

export { LANGUAGES };
export type { Language };

function storedLanguage(): Language {
  const lang = storage.get(storageKeys.lang);
  return (LANGUAGES as readonly string[]).includes(lang ?? '')
    ? (lang as Language)
    : DEFAULT_LANGUAGE;
}

// Only the default language ships in the first page; the others load when chosen.
const otherCatalogues: Record<Exclude<Language, typeof DEFAULT_LANGUAGE>, () => Promise<object>> = {
  en: () => import('./en').then((m) => m.en),
};

// Loaded catalogues are tracked here: a lazy feature (staff, programs) adds its own texts to a
// language's bundle, so "the bundle exists" does not mean the language's catalogue is loaded.
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

async function loadCatalogue(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || loaded.has(language)) return;
  i18next.addResourceBundle(language, 'translation', await otherCatalogues[language](), true, true);
  loaded.add(language);
}

/**
 * The Spanish texts of the lazy store screens (screens-es.ts), in groups that load apart, so a
 * first page fetches only its own: /login the accounts' texts, a landing the landing's.
 */
const screenTextGroups = {
  landing: () => import('./landing-es').then(({ landingEs }) => ({ landing: landingEs })),
  auth: () => import('./auth-es').then(({ authEs }) => ({ auth: authEs })),
  checkout: () =>
    import('./checkout-es').then(({ checkoutEs, ordersEs, subscriptionsEs }) => ({
      checkout: checkoutEs,
      orders: ordersEs,
      subscriptions: subscriptionsEs,
    })),
  engagement: () => import('./engagement-es').then(({ engagementEs }) => engagementEs),
} satisfies Record<string, () => Promise<Partial<typeof screensEs>>>;

export type ScreenTexts = keyof typeof screenTextGroups;
export const ALL_SCREEN_TEXTS = Object.keys(screenTextGroups) as ScreenTexts[];

const screenTexts = new Map<ScreenTexts, Promise<void>>();

function loadScreenTextGroup(group: ScreenTexts): Promise<void> {
  let loading = screenTexts.get(group);
  if (!loading) {
    loading = screenTextGroups[group]().then((texts) => {
      i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', texts, true, false);
    });
    screenTexts.set(group, loading);
    // A failed load (a network blip) is tried again by the next screen that asks.
    loading.catch(() => screenTexts.delete(group));
  }
  return loading;
}

/**
 * The Spanish texts of the lazy store screens: app/lazy-pages.ts loads a screen's groups beside
 * its code, so the screen renders with its words (every group unless the screen names its own).
 */
export function loadScreenTexts(groups: readonly ScreenTexts[] = ALL_SCREEN_TEXTS): Promise<void> {
  return Promise.all(groups.map(loadScreenTextGroup)).then(() => undefined);
}

let errorTexts: Promise<void> | undefined;
let errorTextsLoaded = false;
const errorTextsListeners = new Set<() => void>();

/**
 * The error catalogue's texts (`errors.*`, both languages: one chunk) load right after the first
 * page, not in it: the catalogue grows with every area, and the first screen shows no error.
 * They are added silently: i18next's 'added' event would re-render every component that
 * translates (react-i18next's bindI18nStore), the whole page in one long task on a slow phone
 * (bench/RESULTS.md, 2026-12-02 14:30). Only the components that show messages listen
 * (`useErrorText`, through `subscribeErrorTexts`); until then a message reads as it came
 * (lib/error-text.ts).
 */
export function loadErrorTexts(): Promise<void> {
  errorTexts ??= import('./errors').then(({ errorResources }) => {
    for (const language of LANGUAGES) {
      i18next.addResourceBundle(
        language,
        'translation',
        { errors: errorResources(language) },
        true,
        false,
        { silent: true, skipCopy: true },
      );
    }
    errorTextsLoaded = true;
    for (const listener of errorTextsListeners) listener();
  });
  // A failed load (a network blip) is tried again by the next screen that shows messages.
  errorTexts.catch(() => {
    errorTexts = undefined;
  });
  return errorTexts;
}

/** Whether the error texts are there yet (`useSyncExternalStore`'s snapshot). */
export const haveErrorTexts = (): boolean => errorTextsLoaded;

/** Calls `listener` when the error texts arrive; returns the unsubscribe. */
export function subscribeErrorTexts(listener: () => void): () => void {
  errorTextsListeners.add(listener);
  return () => errorTextsListeners.delete(listener);
}

/**
 * es is default and fallback; the choice lives in localStorage `lang`. Resolves once the
 * chosen language's catalogue is there (at once for es), so the first render is in it.
 */
export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  rememberForServer(lng);
  void i18next.use(initReactI18next).init({
    resources: { es: { translation: es } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { bindI18nStore: 'added' },
  });
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  // The error texts are asked for once the page has started, not while this bundle is evaluated:
  // the import's preload links cost a slow phone tens of milliseconds in the first long task. A
  // message shown before they arrive reads as the server wrote it (lib/error-text.ts).
  setTimeout(() => loadErrorTexts().catch(() => undefined), 0);
  // A catalogue that fails to load leaves the page in Spanish (the fallback) rather than blank.
  await loadCatalogue(lng).catch(() => undefined);
}

/**
 * The server renders first pages in the language of the `lang` cookie (server/src/modules/pages):
 * it follows the choice kept in localStorage, so the next page arrives in it.
 */
function rememberForServer(language: Language): void {
  const cookie = `lang=${language}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}

export function changeLanguage(language: Language): void {
  storage.set(storageKeys.lang, language);
  rememberForServer(language);
  void loadCatalogue(language)
    .catch(() => undefined)
    .then(() => i18next.changeLanguage(language));
}
