import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

/**
 * Google for the browser tests: a local JWKS server the server is pointed at (GOOGLE_JWKS_URL)
 * and ID tokens signed with its key, as Google signs them (RS256, Google's issuer, the app's
 * client id as audience).
 */
export type GoogleKeys = {
  jwksUrl: string;
  idToken: (claims: Record<string, unknown>, options?: { audience?: string }) => string;
  /** A token of the same shape signed by a key the JWKS does not publish. */
  foreignToken: (claims: Record<string, unknown>, options?: { audience?: string }) => string;
  close: () => Promise<void>;
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function sign(key: KeyObject, claims: Record<string, unknown>, audience: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'e2e-key', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      iss: 'https://accounts.google.com',
      aud: audience,
      sub: `google-${String(claims.email)}`,
      iat: now,
      exp: now + 600,
      email_verified: true,
      ...claims,
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key);
  return `${header}.${payload}.${base64url(signature)}`;
}

export async function startGoogleKeys(clientId: string): Promise<GoogleKeys> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    idToken: (claims, options = {}) => sign(privateKey, claims, options.audience ?? clientId),
    foreignToken: (claims, options = {}) => sign(stranger, claims, options.audience ?? clientId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Stands in for https://accounts.google.com/gsi/client: `google.accounts.id` with initialize and
 * renderButton, whose button hands the callback the credential the test put in
 * `window.__googleCredential`. What initialize and renderButton were given is kept in `window.__googleInit` and
 * `window.__googleButton`.
 */
export async function stubGoogleScript(page: Page): Promise<{ loads: () => number }> {
  let loads = 0;
  await page.route('https://accounts.google.com/gsi/client', (route) => {
    loads += 1;
    return route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        let options = null;
        window.google = { accounts: { id: {
          initialize(o) { options = o; window.__googleInit = { client_id: o.client_id }; },
          renderButton(parent, o) {
            window.__googleButton = { text: o.text, locale: o.locale };
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = o.locale === 'en' ? 'Continue with Google' : 'Continuar con Google';
            button.onclick = () => options.callback({ credential: window.__googleCredential, select_by: 'btn' });
            parent.appendChild(button);
          },
        } } };
      })();`,
    });
  });
  return { loads: () => loads };
}
