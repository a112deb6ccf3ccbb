import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // The server knows no screen: it renders the phone's layout, which CSS widens before paint.
    () => false,
  );
}

/** Spec: small mobile means width under 500 and height under 1000. */
export const SMALL_MOBILE_QUERY = '(max-width: 499px) and (max-height: 999px)';
