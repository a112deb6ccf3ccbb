import { storage } from './storage';

/**
 * The coupon applied through /company/{companyUid}/code/{code}/ (or typed in the checkout),
 * kept per company until an order uses it. The spec stores the coupon without naming a key;
 * ours is `coupon{companyUid}`.
 */
const keyOf = (companyUid: string) => `coupon${companyUid}`;

export function getStoredCoupon(companyUid: string): string | null {
  return storage.get(keyOf(companyUid));
}

export function storeCoupon(companyUid: string, code: string): void {
  storage.set(keyOf(companyUid), code);
}

export function clearStoredCoupon(companyUid: string): void {
  storage.remove(keyOf(companyUid));
}
