import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, storageKeys } from '@store/contract/constants';
import type { Language } from '@store/contract';
import { storage } from '../lib/storage';
import { es } from './es';
import { en } from './en';

export { LANGUAGES };
export type { Language };

function storedLanguage(): Language {
  const lang = storage.get(storageKeys.lang);
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
}

/** es is default and fallback; the choice lives in localStorage `lang`. */
export function initI18n() {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}

export function changeLanguage(language: Language): void {
  storage.set(storageKeys.lang, language);
  void i18next.changeLanguage(language);
}
