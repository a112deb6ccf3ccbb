import { DEFAULT_CURRENCY_SYMBOL } from '@store/contract/constants';
import { useTenant } from './tenant';

/** A price as shown: currency symbol (S/. by default) and 2 decimals. */
export function formatPrice(value: string | number, symbol?: string | null): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return `${symbol || DEFAULT_CURRENCY_SYMBOL} ${(Number.isFinite(amount) ? amount : 0).toFixed(2)}`;
}

/** formatPrice with the company's currency symbol. */
export function useFormatPrice(): (value: string | number) => string {
  const symbol = useTenant().company.currency?.symbol;
  return (value) => formatPrice(value, symbol);
}
