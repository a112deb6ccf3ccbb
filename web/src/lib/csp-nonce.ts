/**
 * This page's Content-Security-Policy nonce, which the server puts on
 * `<meta property="csp-nonce" nonce="...">` (server/src/plugins/app-bootstrap.ts): the style
 * elements a library adds at run time (react-toastify's) carry it, or the policy refuses them.
 * The browser hides the attribute once parsed; the `nonce` property keeps it.
 */
export function cspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
