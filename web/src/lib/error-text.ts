import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localParams } from '@store/contract/errors/params';
import { parseMessageRef } from '@store/contract/errors/refs';

/**
 * A message in the reader's language. The server and the contract's forms speak in message
 * refs (a code, with its parameters: `orders.out_of_stock?product=Latte`); each is shown with
 * the catalogue text of its code. Anything else (our own, already translated words) is shown
 * as it is.
 */
export function errorText(t: TFunction, language: string, message: string): string {
  const ref = parseMessageRef(message);
  if (!ref) return message;
  const params = localParams(ref.code, ref.params ?? {}, language === 'en' ? 'en' : 'es');
  return t(`errors.${ref.code}`, params);
}

/** `errorText` in the current language, for components. */
export function useErrorText(): (message: string) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((message: string) => errorText(t, language, message), [t, language]);
}
