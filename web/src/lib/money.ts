import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format';
import { useTenant } from './tenant';

/** A price as shown: currency symbol (S/. by default) and 2 decimals, in the app's language. */
export function formatPrice(value: string | number, symbol?: string | null): string {
  return formatMoney(value, i18next.language, symbol);
}

/** formatPrice with the company's currency symbol (re-renders when the language changes). */
export function useFormatPrice(): (value: string | number) => string {
  const symbol = useTenant().company.currency?.symbol;
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (value) => formatMoney(value, language, symbol);
}
