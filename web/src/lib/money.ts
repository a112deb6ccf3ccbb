import { DEFAULT_CURRENCY_SYMBOL } from '@store/contract/constants';
import { useCurrentCompany } from './current-company';

/** A price as shown: currency symbol (S/. by default) and 2 decimals. */
export function formatPrice(value: string | number, symbol?: string | null): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return `${symbol || DEFAULT_CURRENCY_SYMBOL} ${(Number.isFinite(amount) ? amount : 0).toFixed(2)}`;
}

/** formatPrice with the current company's currency symbol (a child company may have its own). */
export function useFormatPrice(): (value: string | number) => string {
  const symbol = useCurrentCompany().currency?.symbol;
  return (value) => formatPrice(value, symbol);
}
