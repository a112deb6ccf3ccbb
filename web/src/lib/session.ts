import { useSyncExternalStore } from 'react';
import { storageKeys } from '@store/contract/constants';
import { storage } from './storage';
import { forgetCheckoutDrafts } from './checkout-draft';

const SESSION_EVENT = 'store:session';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * `signed_in=1` tells the server a session lasts on this device (the token itself stays in
 * localStorage): its first pages are then rendered here, not served as the anonymous render.
 */
export function markSignedIn(signedIn: boolean): void {
  try {
    document.cookie = signedIn
      ? 'signed_in=1; path=/; samesite=lax'
      : 'signed_in=; path=/; max-age=0; samesite=lax';
  } catch {
    /* no document (server render) */
  }
}

export function getToken(): string | null {
  return storage.get(storageKeys.token);
}

/** Logged in is inferred from a stored token. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => Boolean(getToken()),
    // Server-rendered pages are the anonymous ones (signed-in visitors get the client-rendered shell).
    () => false,
  );
}

/** Where the visitor goes once signed in (set by the login and register screens, read by the route guards). */
let pendingRedirect: string | null = null;

/** Success of login or registration stores the token and the merge flag, and remembers where to go next. */
export function startSession(token: string, merge?: boolean, redirectTo?: string): void {
  pendingRedirect = redirectTo ?? null;
  storage.set(storageKeys.token, token);
  markSignedIn(true);
  if (merge !== undefined) storage.set(storageKeys.merge, String(merge));
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** The target remembered by startSession, if any (not cleared: see clearPendingRedirect). */
export function peekPendingRedirect(): string | null {
  return pendingRedirect;
}

export function clearPendingRedirect(): void {
  pendingRedirect = null;
}

/**
 * Closing the session removes token, merge flag, skipUpdate flag, the local carts (not the
 * subscription carts) and the tab's checkout drafts.
 */
export function closeSession(): void {
  storage.remove(storageKeys.token);
  markSignedIn(false);
  storage.remove(storageKeys.merge);
  storage.remove(storageKeys.skipUpdate);
  for (const key of storage.keys()) {
    if (key.startsWith('cart') && !key.startsWith('cartSubscription')) storage.remove(key);
  }
  // The checkout drafts hold the member's address and billing data.
  forgetCheckoutDrafts();
  window.dispatchEvent(new Event(SESSION_EVENT));
}
