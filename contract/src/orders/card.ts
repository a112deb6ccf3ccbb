import { storeMoment } from '../time/store-clock';

/**
 * Whether a card's expiry month is over: a card is good through the last day of its month, on
 * the store clock (the server and the checkout form agree whatever the device's time zone).
 */
export function cardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const today = storeMoment(now);
  return expiry.year * 12 + expiry.month < today.year * 12 + today.month;
}
