import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec: small mobile means width under 500 and height under 1000. */
export const SMALL_MOBILE_QUERY = '(max-width: 499px) and (max-height: 999px)';

/** Wide screens navigate from a top bar in the header instead of the phone's tab bar. */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
