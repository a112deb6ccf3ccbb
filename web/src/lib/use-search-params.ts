import { useCallback } from 'react';
// The one place that takes react-router's hook: every screen takes this one (eslint.config.js).
// eslint-disable-next-line no-restricted-imports
import { useSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router';

type NextSearch = URLSearchParamsInit | ((latest: URLSearchParams) => URLSearchParamsInit);

/**
 * react-router's useSearchParams, except that a function given to the setter starts from the
 * address bar, not from the last rendered query.
 *
 * react-router hands that function the rendered query. While BrowserRouter rendered a new address
 * in a transition, a second edit made before the render landed (two date fields filled one after
 * the other on a busy phone) was computed from the old query and undid the first. The router now
 * renders at once (app.tsx); screens that merge a change into their filters still pass a function
 * here, so a merge never depends on when React renders. The address bar is always the newest query.
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
