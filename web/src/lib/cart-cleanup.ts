import { storageKeys } from '@store/contract/constants';

type KeyStore = {
  get(key: string): string | null;
  remove(key: string): void;
  keys(): string[];
};

/**
 * The normal carts (`cart{placeUid}`) kept in storage. Subscription carts are left alone:
 * they have their own lifecycle (cleared after a subscription order).
 */
export function normalCartKeys(keys: string[]): string[] {
  return keys.filter(
    (key) =>
      key.startsWith('cart') && key.length > 'cart'.length && !key.startsWith('cartSubscription'),
  );
}

/**
 * Spec: "With no selected place the cart is cleaned once." With no place chosen no cart is
 * the visitor's current one, so carts left in storage (a place forgotten by a city change, an
 * interrupted session) are removed, once per page load. A pending login merge wins: those are
 * a guest's lines that must reach the server cart, never be lost. The server cart of a member
 * is not touched; it comes back when a place is chosen.
 * Answers the keys removed.
 */
export function cleanCartsWithoutPlace(store: KeyStore): string[] {
  if (store.get(storageKeys.selectedPlaceUid)) return [];
  if (store.get(storageKeys.merge) === 'true') return [];
  const removed = normalCartKeys(store.keys());
  for (const key of removed) store.remove(key);
  return removed;
}

let cleaned = false;

/** Runs the cleaning at most once per page load (the spec's "once"). */
export function cleanCartsOnce(store: KeyStore): string[] {
  if (cleaned) return [];
  cleaned = true;
  return cleanCartsWithoutPlace(store);
}
