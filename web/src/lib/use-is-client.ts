import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, true from the next render
 * on: what only the browser can show (a toast container with the page's nonce) waits for it
 * without a hydration mismatch.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
