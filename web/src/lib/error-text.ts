import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localParams } from '@store/contract/errors/params';
import type { ErrorCode } from '@store/contract/errors/catalogue';
import { splitMessageRef } from '@store/contract/errors/ref-parts';
import { haveErrorTexts, loadErrorTexts, subscribeErrorTexts } from '../i18n';

/**
 * A message in the reader's language. The server and the contract's forms speak in message
 * refs (a code, with its parameters: `orders.out_of_stock?product=Latte`); each is shown with
 * the catalogue text of its code. Anything else (our own, already translated words) is shown
 * as it is.
 */
export function errorText(t: TFunction, language: string, message: string): string {
  const ref = splitMessageRef(message);
  if (!ref) return message;
  const params = localParams(
    ref.code as ErrorCode,
    ref.params ?? {},
    language === 'en' ? 'en' : 'es',
  );
  // The catalogue's texts load just after the first page (i18n/index.ts): a code without a text
  // (not loaded yet, or not a code after all) reads as it came until they are there.
  return t(`errors.${ref.code}`, { ...params, defaultValue: message });
}

/** `errorText` in the current language, for components. */
export function useErrorText(): (message: string) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The texts arrive silently (i18n/index.ts): this component alone re-renders for them.
  const textsLoaded = useSyncExternalStore(subscribeErrorTexts, haveErrorTexts, () => false);
  // Normally loaded already (since the first page); this retries after a failed load.
  useEffect(() => {
    loadErrorTexts().catch(() => undefined);
  }, []);
  return useCallback(
    (message: string) => errorText(t, language, message),
    // textsLoaded: a new function once the texts are there, so memoised callers read them.
    [t, language, textsLoaded],
  );
}
