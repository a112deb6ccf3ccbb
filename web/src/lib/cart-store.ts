import { useEffect, useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { storageKeys } from '@store/contract/constants';
import { ApiError } from '../api';
import { getShoppingCart } from '../api/get-shopping-cart';
import { saveShoppingCart } from '../api/save-shopping-cart';
import { storage } from './storage';
import { toastError } from './toast';
import { errorText } from './error-text';
import { getToken, useIsLoggedIn } from './session';
import { emptyCart, fromServerCart, mergeCarts, toCartInput, type StoredCart } from './cart-logic';
import { subscriptionCartKeys } from './subscription-cart-keys';

/**
 * The cart of each place lives in localStorage `cart{placeUid}` (the subscription cart in
 * `cartSubscription{placeUid}`, which one is in use in `typeCart`). When logged in the server
 * cart is the truth: it is loaded when a place is selected, merged with the guest's lines on
 * the first load after login, and every change is posted to it; its priced answer is stored
 * back. Anonymous carts live only in localStorage.
 */

const CART_EVENT = 'store:cart';
export type CartType = 'cart' | 'subscription';

function keyOf(placeUid: string, type: CartType): string {
  return type === 'subscription'
    ? storageKeys.cartSubscription(placeUid)
    : storageKeys.cart(placeUid);
}

function parse(raw: string | null, placeUid: string): StoredCart {
  if (!raw) return emptyCart(placeUid);
  try {
    const value = JSON.parse(raw) as Partial<StoredCart>;
    return {
      place: placeUid,
      products: Array.isArray(value.products) ? value.products : [],
      subtotal: value.subtotal,
      unsent: value.unsent ? true : undefined,
    };
  } catch {
    return emptyCart(placeUid);
  }
}

export function readCart(placeUid: string, type: CartType = 'cart'): StoredCart {
  return parse(storage.get(keyOf(placeUid, type)), placeUid);
}

function writeCart(cart: StoredCart, type: CartType = 'cart'): void {
  storage.set(keyOf(cart.place, type), JSON.stringify(cart));
  window.dispatchEvent(new Event(CART_EVENT));
}

export function clearCart(placeUid: string, type: CartType = 'cart'): void {
  storage.remove(keyOf(placeUid, type));
  window.dispatchEvent(new Event(CART_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CART_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CART_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

// useSyncExternalStore needs the same object while the stored text is unchanged.
const snapshots = new Map<string, { raw: string | null; cart: StoredCart }>();

/** A server-rendered page has no cart (the stored one shows right after hydration). */
const noCart = (): StoredCart | null => null;

/** The stored cart of a place, re-rendering on every change (also from other tabs). */
export function useStoredCart(placeUid: string | null, type: CartType = 'cart'): StoredCart | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      if (!placeUid) return null;
      const key = keyOf(placeUid, type);
      const raw = storage.get(key);
      const cached = snapshots.get(key);
      if (cached && cached.raw === raw) return cached.cart;
      const cart = parse(raw, placeUid);
      snapshots.set(key, { raw, cart });
      return cart;
    },
    noCart,
  );
}

/** Which cart is in use (normal or subscription), from `typeCart`. */
export function getCartType(): CartType {
  return storage.get(storageKeys.typeCart) === 'subscription' ? 'subscription' : 'cart';
}

/** Switches the cart in use; each cart keeps its own lines. */
export function setCartType(type: CartType): void {
  if (storage.get(storageKeys.typeCart) === type) return;
  storage.set(storageKeys.typeCart, type);
  window.dispatchEvent(new Event(CART_EVENT));
}

/** The cart in use, re-rendering when it is switched (also from another tab). */
export function useCartType(): CartType {
  return useSyncExternalStore(subscribe, getCartType, () => 'cart' as const);
}

/** After a successful subscription every subscription cart is emptied (section 4), whatever its place. */
export function clearSubscriptionCarts(): void {
  for (const key of subscriptionCartKeys(storage.keys())) storage.remove(key);
  window.dispatchEvent(new Event(CART_EVENT));
}

/** Shows the server's field errors (e.g. "Elija como máximo 3 opciones de Extras.") as toasts. */
export function toastServerErrors(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.status === 400) {
    const messages = Object.values(error.fieldErrors).flat();
    if (messages.length > 0) {
      for (const message of new Set(messages))
        toastError(errorText(i18next.t, i18next.resolvedLanguage ?? i18next.language, message));
      return;
    }
  }
  if (error instanceof ApiError && error.status === 401) return;
  toastError(fallback);
}

// Changes are posted in order, one at a time; only the answer to the latest change of a place
// is stored back, so a slow answer never undoes a newer change.
let queue: Promise<unknown> = Promise.resolve();
const versions = new Map<string, number>();
const bump = (place: string) => {
  const version = (versions.get(place) ?? 0) + 1;
  versions.set(place, version);
  return version;
};

// The generic message when the server fails without field errors, in the visitor's language.
const errorFallback = () => i18next.t('catalog.genericError');

/**
 * Stores a change of a cart and, for the normal cart when logged in, posts it to the server
 * cart. The subscription cart lives only in the browser: the server prices it when subscribing.
 */
export function commitCart(next: StoredCart, type: CartType = 'cart'): Promise<void> {
  const posted = type === 'cart' && Boolean(getToken());
  writeCart({ ...next, subtotal: undefined, unsent: posted ? true : undefined }, type);
  if (!posted) return Promise.resolve();
  const place = next.place;
  const version = bump(place);
  const run = queue.then(async () => {
    try {
      const saved = await saveShoppingCart(toCartInput(next));
      if (versions.get(place) === version)
        writeCart(fromServerCart(saved, readCart(place).products));
    } catch (error) {
      toastServerErrors(error, errorFallback());
      // The server refused the change: show what it holds.
      if (versions.get(place) === version) await loadServerCart(place).catch(() => undefined);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

async function loadServerCart(place: string): Promise<void> {
  const version = versions.get(place) ?? 0;
  const server = await getShoppingCart(place);
  if ((versions.get(place) ?? 0) === version)
    writeCart(fromServerCart(server, readCart(place).products));
}

/** Local normal carts with lines, by place uid (the keys `cart{placeUid}`). */
function localCarts(): StoredCart[] {
  return storage
    .keys()
    .filter((key) => key.startsWith('cart') && !key.startsWith('cartSubscription'))
    .map((key) => readCart(key.slice('cart'.length)))
    .filter((cart) => cart.place && cart.products.length > 0);
}

let merging: Promise<void> | null = null;

/**
 * First load after login (`merge` is 'true'): every local cart is merged into the server cart
 * of its place and posted, then the flag is cleared. A place whose merge fails keeps its local
 * lines and the flag stays, so the next load tries again.
 */
export function mergeLocalCartsIntoServer(): Promise<void> {
  merging ??= (async () => {
    let failed = false;
    for (const local of localCarts()) {
      try {
        const server = fromServerCart(await getShoppingCart(local.place), local.products);
        const merged = {
          place: local.place,
          products: mergeCarts(server.products, local.products),
        };
        bump(local.place);
        const saved = await saveShoppingCart(toCartInput(merged));
        writeCart(fromServerCart(saved, local.products));
      } catch (error) {
        failed = true;
        toastServerErrors(error, errorFallback());
      }
    }
    if (!failed) storage.remove(storageKeys.merge);
  })().finally(() => {
    merging = null;
  });
  return merging;
}

/**
 * The place's cart on this load: a change the last page left unanswered is sent again (the
 * server cart may not have it), else the server's cart is read.
 */
function syncPlaceCart(place: string): Promise<void> {
  const local = readCart(place);
  return local.unsent ? commitCart(local) : loadServerCart(place);
}

/**
 * Keeps the selected place's cart in step with the server while logged in: merge first when
 * the login asked for it, then send what the last page left unsent or load the server cart.
 */
export function useServerCartSync(placeUid: string | null): void {
  const loggedIn = useIsLoggedIn();
  useEffect(() => {
    if (!loggedIn || !placeUid) return;
    void (async () => {
      if (storage.get(storageKeys.merge) === 'true') await mergeLocalCartsIntoServer();
      await syncPlaceCart(placeUid);
    })().catch(() => undefined);
  }, [loggedIn, placeUid]);
}

// The side panel's 'Cargando...' overlay: 2000 ms after a decrease to zero, 4000 ms after an
// add or a removal (section 9).
export const LOADING_AFTER_ZERO_MS = 2000;
export const LOADING_AFTER_ADD_MS = 4000;
const LOADING_EVENT = 'store:cart-loading';
let loadingUntil = 0;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;

export function flashCartLoading(ms: number): void {
  loadingUntil = Math.max(loadingUntil, Date.now() + ms);
  clearTimeout(loadingTimer);
  loadingTimer = setTimeout(
    () => window.dispatchEvent(new Event(LOADING_EVENT)),
    loadingUntil - Date.now(),
  );
  window.dispatchEvent(new Event(LOADING_EVENT));
}

function subscribeLoading(onChange: () => void): () => void {
  window.addEventListener(LOADING_EVENT, onChange);
  return () => window.removeEventListener(LOADING_EVENT, onChange);
}

export function useCartLoading(): boolean {
  return useSyncExternalStore(
    subscribeLoading,
    () => Date.now() < loadingUntil,
    () => false,
  );
}
