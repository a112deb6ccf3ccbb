import { useSyncExternalStore } from 'react';
import { storageKeys } from '@store/contract/constants';
import { storage } from './storage';

const SESSION_EVENT = 'store:session';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function getToken(): string | null {
  return storage.get(storageKeys.token);
}

/** Logged in is inferred from a stored token. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, () => Boolean(getToken()));
}

export function startSession(token: string): void {
  storage.set(storageKeys.token, token);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/**
 * Closing the session removes token, merge flag, skipUpdate flag and the local carts (not the
 * subscription carts).
 */
export function closeSession(): void {
  storage.remove(storageKeys.token);
  storage.remove(storageKeys.merge);
  storage.remove(storageKeys.skipUpdate);
  for (const key of storage.keys()) {
    if (key.startsWith('cart') && !key.startsWith('cartSubscription')) storage.remove(key);
  }
  window.dispatchEvent(new Event(SESSION_EVENT));
}
