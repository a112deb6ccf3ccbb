import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format';
import { useCurrentCompany } from './current-company';

/** A price as shown: currency symbol (S/ by default) and 2 decimals, in the app's language. */
export function formatPrice(value: string | number, symbol?: string | null): string {
  return formatMoney(value, i18next.language, symbol);
}

/**
 * formatPrice with the current company's currency symbol (a child company may have its own),
 * re-rendered when the language changes.
 */
export function useFormatPrice(): (value: string | number) => string {
  const symbol = useCurrentCompany().currency?.symbol;
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (value) => formatMoney(value, language, symbol);
}
