import { useCallback } from 'react';
// The one place that takes react-router's hook: every screen takes this one (eslint.config.js).
// eslint-disable-next-line no-restricted-imports
import { useSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router';

type NextSearch = URLSearchParamsInit | ((latest: URLSearchParams) => URLSearchParamsInit);

/**
 * react-router's useSearchParams, except that a function given to the setter starts from the
 * address bar, not from the last rendered query.
 *
 * BrowserRouter writes a new address at once but renders it in a transition; until that render
 * lands the screen still holds the old query. A second edit made in between (two date fields
 * filled one after the other on a busy phone) was computed from the old query and undid the
 * first: "Hasta" then "Desde" left "Desde" after the old "Hasta", and the list answered with an
 * error. Screens that merge a change into their filters pass a function; the address bar is
 * always the newest query.
 */
export function useSearchParamsLatest() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (next: NextSearch, options?: NavigateOptions) =>
      setParams(
        typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next,
        options,
      ),
    [setParams],
  );
  return [params, set] as const;
}
