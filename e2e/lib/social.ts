import { createHmac, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

/**
 * Apple and Facebook for the browser tests: a local JWKS the server is pointed at
 * (APPLE_KEYS_URL) with ID tokens signed as Apple signs them, a fake Graph API
 * (FACEBOOK_GRAPH_URL) and stand-ins for both providers' browser scripts.
 */
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const closing = (server: Server) => () =>
  new Promise<void>((resolve) => server.close(() => resolve()));

export type AppleKeys = {
  keysUrl: string;
  idToken: (claims: Record<string, unknown>, options?: { audience?: string }) => string;
  foreignToken: (claims: Record<string, unknown>) => string;
  close: () => Promise<void>;
};

export async function startAppleKeys(clientId: string): Promise<AppleKeys> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'apple-e2e', alg: 'RS256' };
  const sign = (key: KeyObject, claims: Record<string, unknown>, audience = clientId) => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'apple-e2e' }));
    const payload = base64url(
      JSON.stringify({
        iss: 'https://appleid.apple.com',
        aud: audience,
        sub: `apple-${String(claims.email)}`,
        iat: now,
        exp: now + 600,
        email_verified: 'true',
        ...claims,
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key);
    return `${header}.${payload}.${base64url(signature)}`;
  };
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  const url = await listen(server);
  return {
    keysUrl: `${url}/auth/keys`,
    idToken: (claims, options = {}) => sign(privateKey, claims, options.audience),
    foreignToken: (claims) => sign(stranger, claims),
    close: closing(server),
  };
}

export type FacebookPerson = { id: string; email?: string; first_name: string; last_name: string };
export type FacebookGraph = {
  /** FACEBOOK_GRAPH_URL */
  graphUrl: string;
  /** A user access token for this person, of the store's Facebook app (or of `app`). */
  token: (person: FacebookPerson, app?: string) => string;
  close: () => Promise<void>;
};

/**
 * Graph API's `debug_token` and `/me` for the app `appId` with `secret`: `fb-down` makes
 * debug_token fail as an outage does; unknown tokens are not valid.
 */
export async function startFacebookGraph(appId: string, secret: string): Promise<FacebookGraph> {
  const tokens = new Map<string, { person: FacebookPerson; app: string }>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.local');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.endsWith('/debug_token')) {
      if (url.searchParams.get('access_token') !== `${appId}|${secret}`)
        return send(400, { error: { code: 190, message: 'Invalid OAuth access token.' } });
      const input = url.searchParams.get('input_token') ?? '';
      if (input === 'fb-down') return send(503, { error: { code: 2, message: 'Unavailable' } });
      const known = tokens.get(input);
      if (!known) return send(200, { data: { is_valid: false } });
      return send(200, { data: { is_valid: true, app_id: known.app, user_id: known.person.id } });
    }
    if (url.pathname.endsWith('/me')) {
      const token = url.searchParams.get('access_token') ?? '';
      const proof = createHmac('sha256', secret).update(token).digest('hex');
      const known = tokens.get(token);
      if (!known || url.searchParams.get('appsecret_proof') !== proof)
        return send(400, { error: { code: 190, message: 'Invalid token' } });
      return send(200, known.person);
    }
    send(404, { error: { code: 803 } });
  });
  const url = await listen(server);
  let count = 0;
  return {
    graphUrl: `${url}/v21.0`,
    token: (person, app = appId) => {
      count += 1;
      const token = `fb-token-${count}-${person.id}`;
      tokens.set(token, { person, app });
      return token;
    },
    close: closing(server),
  };
}

/**
 * The stand-in scripts answer after a pause, as a CDN does: the buttons show, disabled, until
 * their script has run, so a test that reads a provider's setup before then fails on every run
 * instead of only under load (issue 38).
 */
const slowAsACdn = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Stands in for Facebook's SDK (https://connect.facebook.net/<locale>/sdk.js): `FB.init` is kept
 * in `window.__fbInit`; `FB.login` answers with the access token the test put in
 * `window.__fbToken` (none: the person closed the dialog).
 */
export async function stubFacebookSdk(page: Page): Promise<{ loads: () => string[] }> {
  const loads: string[] = [];
  await page.route('https://connect.facebook.net/**', async (route) => {
    loads.push(new URL(route.request().url()).pathname);
    await slowAsACdn();
    return route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        window.FB = {
          init(o) { window.__fbInit = { appId: o.appId, version: o.version }; },
          login(callback, o) {
            window.__fbScope = o && o.scope;
            const token = window.__fbToken;
            callback(token
              ? { status: 'connected', authResponse: { accessToken: token } }
              : { status: 'unknown', authResponse: null });
          },
        };
      })();`,
    });
  });
  return { loads: () => loads };
}

/**
 * Stands in for Sign in with Apple JS: `AppleID.auth.init` is kept in `window.__appleInit`;
 * `signIn` answers with `window.__appleAnswer` (an ID token and, the first time, a name), or
 * as Apple does when the person closes its window.
 */
export async function stubAppleScript(page: Page): Promise<{ loads: () => string[] }> {
  const loads: string[] = [];
  await page.route('https://appleid.cdn-apple.com/**', async (route) => {
    loads.push(new URL(route.request().url()).pathname);
    await slowAsACdn();
    return route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        window.AppleID = { auth: {
          init(o) { window.__appleInit = o; },
          signIn() {
            const answer = window.__appleAnswer;
            return answer ? Promise.resolve(answer) : Promise.reject({ error: 'popup_closed_by_user' });
          },
        } };
      })();`,
    });
  });
  return { loads: () => loads };
}
