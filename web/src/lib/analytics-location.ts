/**
 * The page address Google Analytics is told: mailed links (password reset, verification, account
 * deletion, staff invitation) carry a live token in their path, and a page view must not hand it to
 * a third party. Token-like segments become `:token`, and the query and fragment are dropped except
 * the product a shopper opened (`?product=`), which is public.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** As the server's access log (server/src/lib/log-path.ts): our tokens are 43 base64url characters. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;
const PUBLIC_QUERY = ['product'];

export function analyticsPageLocation(location: Pick<Location, 'origin' | 'pathname' | 'search'>) {
  const path = location.pathname
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID.test(segment) ? ':token' : segment))
    .join('/');
  const kept = new URLSearchParams();
  const query = new URLSearchParams(location.search);
  for (const name of PUBLIC_QUERY) {
    const value = query.get(name);
    if (value !== null && UUID.test(value)) kept.set(name, value);
  }
  const search = kept.size ? `?${kept.toString()}` : '';
  return `${location.origin}${path}${search}`;
}
