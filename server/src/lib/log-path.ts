/**
 * The path an access line names: never a link's token nor a coupon code. Reset, verification,
 * deletion and invitation links carry their token in the path (the spec's URLs), and a token in a
 * log line is a working link for whoever reads the logs.
 */

/** Route parameters whose value is a secret: a mailed link's token, a coupon code. */
const SECRET_PARAMS = new Set(['token', 'code']);

/**
 * Paths that carry a secret without an API route to say so: the web app's link pages
 * (web/src/app/app-routes.tsx, main-routes.tsx) and the API's link calls asked with the wrong
 * method. Matched at any depth (a partner's prefix, a company's /c/{uid}/, /api/v5/); `*` is any
 * one segment, `:name` the secret one.
 */
const SECRET_PATHS = [
  ['reset-password', '*', ':token'],
  ['reset_password', '*', ':token'],
  ['verification-email', '*', '*', ':token'],
  ['me', 'delete', '*', ':token'],
  ['me', 'delete', '*', '*', ':token'],
  ['staff', 'invitation', '*', ':token'],
  ['invitations', '*', ':token'],
  ['company', '*', 'code', ':code'],
  ['validate-code', ':code'],
].map((pattern) => pattern.map((part) => part.toLowerCase()));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An opaque segment as long as a token (ours are 43 characters of base64url); uids are kept. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;

/**
 * `url` (a request's, query string included) as an access line may hold it. A request that
 * matched an API route names its secret parameters by name (`/api/v5/me/delete/{uid}/:token/`);
 * any other path has the known link shapes redacted, and then every segment that looks like a
 * token (a link to a page this list does not know yet still leaks nothing).
 */
export function loggedPath(url: string, route?: string | null): string {
  const path = url.split('?', 1)[0];
  const segments = path.split('/');
  if (route && !route.includes('*')) {
    const pattern = trimEnd(route.split('/'));
    if (pattern.length === trimEnd(segments).length)
      return segments
        .map((segment, i) => {
          const part = pattern[i] ?? '';
          return part.startsWith(':') && SECRET_PARAMS.has(part.slice(1)) ? part : segment;
        })
        .join('/');
  }
  const lower = segments.map((s) => s.toLowerCase());
  const redacted = [...segments];
  for (const pattern of SECRET_PATHS)
    for (let at = 0; at + pattern.length <= segments.length; at++)
      if (
        pattern.every((part, i) => part === '*' || part.startsWith(':') || part === lower[at + i])
      )
        pattern.forEach((part, i) => {
          // Only a segment that is there (`/reset-password/{uid}/` holds no token), and never a
          // uid: `me/delete/*/:token` also fits the page `/me/delete/{app}/{user}/{token}`.
          const segment = segments[at + i];
          if (part.startsWith(':') && segment && !UUID.test(segment)) redacted[at + i] = part;
        });
  return redacted
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID.test(segment) ? ':token' : segment))
    .join('/');
}

/** A path's segments without the empty one a trailing slash leaves (the router ignores it). */
function trimEnd(segments: string[]): string[] {
  return segments.at(-1) === '' ? segments.slice(0, -1) : segments;
}
