import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './support/test-app';
import { makeTenant } from './support/accounts';
import { analyticsFromEnv, mercadoPagoSdkFromEnv } from '../src/config';
import { makeShop } from './support/orders';
import { pageCsp } from '../src/plugins/security-headers';

const INDEX_HTML =
  '<!doctype html><html><head><title>Tienda</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
before(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'security-headers-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'demo'));
  writeFileSync(path.join(webDist, 'demo', 'form.html'), '<!doctype html><form></form>');
  t = await startTestApp({ webDist });
});
after(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A CSP header as directive name -> sources. */
function cspOf(header: unknown): Map<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function assertCommonHeaders(headers: Record<string, unknown>) {
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['x-frame-options'], 'DENY');
  assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.deepEqual(cspOf(headers['content-security-policy']).get('frame-ancestors'), ["'none'"]);
}

describe('security headers', () => {
  test('API answers: nosniff, no framing, a CSP that allows nothing, referrer policy', async () => {
    for (const res of [
      await t.get('/api/v7/apps/?domain=localhost'),
      await t.get('/api/v5/me/'),
      await t.get('/api/health'),
    ]) {
      assertCommonHeaders(res.headers);
      assert.deepEqual(cspOf(res.headers['content-security-policy']).get('default-src'), [
        "'none'",
      ]);
    }
  });

  test('the page shell: own scripts only, a fresh style nonce that the page carries, never framed', async () => {
    const page = await t.get('/products');
    assert.equal(page.statusCode, 200);
    assertCommonHeaders(page.headers);
    const csp = cspOf(page.headers['content-security-policy']);
    assert.deepEqual(csp.get('script-src'), ["'self'", "'report-sample'"]);
    assert.deepEqual(csp.get('script-src-attr'), ["'none'", "'report-sample'"]);
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.deepEqual(csp.get('base-uri'), ["'none'"]);
    assert.ok(!String(page.headers['content-security-policy']).includes('unsafe-eval'));
    const nonce = /'nonce-([^']+)'/.exec(csp.get('style-src-elem')!.join(' '))?.[1];
    assert.ok(nonce, 'style elements need the nonce');
    assert.ok(page.body.includes(`<meta property="csp-nonce" nonce="${nonce}">`));
    assert.ok(csp.get('img-src')!.includes('https:'), 'tenant images and map tiles');
    assert.ok(!csp.has('upgrade-insecure-requests'), 'the http demo host');
    const again = await t.get('/products');
    assert.notEqual(
      again.headers['content-security-policy'],
      page.headers['content-security-policy'],
      'a nonce per answer',
    );
  });

  test("Google's sign-in script only for a tenant with Google sign-in, reCAPTCHA's only with a site key", async () => {
    const { host: google } = await makeTenant(t, 'csp-google', {
      signin_methods: [
        { type: 'EMAIL', settings: {} },
        { type: 'GOOGLE', settings: { client_id: 'csp.apps.googleusercontent.com' } },
      ],
    });
    const { host: captcha } = await makeTenant(t, 'csp-captcha', {
      recaptcha_site_key: 'site-key',
    });
    const googlePage = cspOf(
      (await t.get('/login', { host: google })).headers['content-security-policy'],
    );
    assert.deepEqual(googlePage.get('script-src'), [
      "'self'",
      'https://accounts.google.com/gsi/client',
      "'report-sample'",
    ]);
    assert.ok(googlePage.get('connect-src')!.includes('https://accounts.google.com/gsi/'));
    assert.ok(googlePage.get('style-src-elem')!.includes('https://accounts.google.com/gsi/style'));

    const captchaPage = cspOf(
      (await t.get('/login', { host: captcha })).headers['content-security-policy'],
    );
    assert.deepEqual(captchaPage.get('script-src'), [
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      "'report-sample'",
    ]);
    assert.ok(captchaPage.get('frame-src')!.includes('https:'), "reCAPTCHA's frame");

    const plain = cspOf((await t.get('/login')).headers['content-security-policy']);
    assert.deepEqual(plain.get('script-src'), ["'self'", "'report-sample'"]);
    assert.deepEqual(plain.get('connect-src'), ["'self'"]);
  });

  test("Google Analytics' tag and hit hosts only for a tenant whose Firebase settings count (more than 5 of 8 fields)", async () => {
    const firebase = {
      apiKey: 'key',
      authDomain: 'csp.firebaseapp.com',
      databaseURL: 'https://csp.firebaseio.com',
      projectId: 'csp',
      storageBucket: 'csp.appspot.com',
      messagingSenderId: '1234',
      appId: '1:1234:web:abcd',
      measurementId: 'G-CSPTEST01',
    };
    const { host: analytics } = await makeTenant(t, 'csp-analytics', {
      firebase_settings: firebase,
    });
    const { host: five } = await makeTenant(t, 'csp-analytics-five', {
      firebase_settings: { ...firebase, apiKey: '', authDomain: '', databaseURL: '' },
    });
    const page = await t.get('/landing', { host: analytics });
    const policy = cspOf(page.headers['content-security-policy']);
    assert.deepEqual(policy.get('script-src'), [
      "'self'",
      'https://*.googletagmanager.com',
      "'report-sample'",
    ]);
    for (const host of [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ])
      assert.ok(policy.get('connect-src')!.includes(host), host);
    // The page names where the tag lives; the web app fetches it only after consent.
    assert.match(
      page.body,
      /<meta name="analytics-script" content="https:\/\/www\.googletagmanager\.com\/gtag\/js">/,
    );

    for (const host of [five, 'localhost']) {
      const other = await t.get('/landing', { host });
      const otherPolicy = cspOf(other.headers['content-security-policy']);
      assert.deepEqual(otherPolicy.get('script-src'), ["'self'", "'report-sample'"], host);
      assert.deepEqual(otherPolicy.get('connect-src'), ["'self'"], host);
      assert.doesNotMatch(other.body, /analytics-script/, host);
    }

    // ANALYTICS_SCRIPT_URL (a server-side tagging host, the browser tests' stand-in) is allowed alone.
    const standIn = analyticsFromEnv('http://127.0.0.1:9/gtag/js?id=x');
    assert.equal(standIn.scriptUrl, 'http://127.0.0.1:9/gtag/js');
    const app = await t.appOf(analytics);
    const custom = cspOf(pageCsp(app, { nonce: 'n', https: false, analytics: standIn }));
    assert.deepEqual(custom.get('script-src'), ["'self'", 'http://127.0.0.1:9', "'report-sample'"]);
    assert.deepEqual(custom.get('connect-src'), ["'self'", 'http://127.0.0.1:9']);
    assert.throws(() => analyticsFromEnv('javascript:alert(1)'), /ANALYTICS_SCRIPT_URL/);
  });

  test('MercadoPago.js and its hosts only for a tenant with a Mercado Pago card method', async () => {
    await makeShop(t, 'csp-mercadopago', {
      mercadopago: {
        public_key: 'TEST-pk-0f1e2d3c-4b5a',
        access_token: 'TEST-at-1234567890-aabbccdd',
        webhook_secret: 'whsec-csp-test-0123456789',
      },
    });
    await makeShop(t, 'csp-sandbox');
    const page = await t.get('/checkout', { host: 'csp-mercadopago.test' });
    const policy = cspOf(page.headers['content-security-policy']);
    assert.deepEqual(policy.get('script-src'), [
      "'self'",
      'https://sdk.mercadopago.com',
      'https://http2.mlstatic.com',
      "'report-sample'",
    ]);
    assert.deepEqual(policy.get('connect-src'), [
      "'self'",
      'https://api.mercadopago.com',
      'https://api.mercadolibre.com',
      'https://http2.mlstatic.com',
      'https://www.mercadolibre.com',
      'https://secure-fields.mercadopago.com',
    ]);
    // Its card fields are frames of https://secure-fields.mercadopago.com, its images https.
    assert.ok(policy.get('frame-src')!.includes('https:'));
    assert.ok(policy.get('img-src')!.includes('https:'));
    assert.match(
      page.body,
      /<meta name="mercadopago-sdk" content="https:\/\/sdk\.mercadopago\.com\/js\/v2">/,
    );
    // The public key reaches the browser through checkout-options; the secrets never do.
    assert.doesNotMatch(page.body, /TEST-at-|whsec-/);

    for (const host of ['csp-sandbox.test', 'localhost']) {
      const other = await t.get('/checkout', { host });
      const otherPolicy = cspOf(other.headers['content-security-policy']);
      assert.deepEqual(otherPolicy.get('script-src'), ["'self'", "'report-sample'"], host);
      assert.deepEqual(otherPolicy.get('connect-src'), ["'self'"], host);
      assert.doesNotMatch(other.body, /mercadopago-sdk/, host);
    }

    // MERCADOPAGO_SDK_URL (the browser tests' stand-in) is allowed alone.
    const standIn = mercadoPagoSdkFromEnv('http://127.0.0.1:9/js/v2?x=1');
    assert.equal(standIn.scriptUrl, 'http://127.0.0.1:9/js/v2');
    const app = await t.appOf('csp-mercadopago.test');
    const custom = cspOf(pageCsp(app, { nonce: 'n', https: false, mercadoPago: standIn }));
    assert.deepEqual(custom.get('script-src'), ["'self'", 'http://127.0.0.1:9', "'report-sample'"]);
    assert.deepEqual(custom.get('connect-src'), ["'self'", 'http://127.0.0.1:9']);
    assert.deepEqual(custom.get('frame-src'), ["'self'", 'https:', 'http://127.0.0.1:9']);
    assert.throws(() => mercadoPagoSdkFromEnv('javascript:alert(1)'), /MERCADOPAGO_SDK_URL/);
  });

  test("Facebook's and Apple's sign-in scripts only for a tenant with that sign-in", async () => {
    const { host: social } = await makeTenant(t, 'csp-social', {
      signin_methods: [
        { type: 'FACEBOOK', settings: { app_id: '1001' } },
        { type: 'IOS', settings: { client_id: 'pe.tienda.web' } },
      ],
    });
    const { host: facebookOnly } = await makeTenant(t, 'csp-facebook', {
      signin_methods: [{ type: 'FACEBOOK', settings: { app_id: '1001' } }],
    });
    const page = cspOf(
      (await t.get('/login', { host: social })).headers['content-security-policy'],
    );
    assert.deepEqual(page.get('script-src'), [
      "'self'",
      'https://connect.facebook.net/',
      'https://appleid.cdn-apple.com/appleauth/',
      "'report-sample'",
    ]);
    assert.deepEqual(page.get('connect-src'), [
      "'self'",
      'https://graph.facebook.com/',
      'https://www.facebook.com/',
      'https://appleid.apple.com/',
    ]);
    const facebookPage = cspOf(
      (await t.get('/login', { host: facebookOnly })).headers['content-security-policy'],
    );
    assert.deepEqual(facebookPage.get('script-src'), [
      "'self'",
      'https://connect.facebook.net/',
      "'report-sample'",
    ]);
  });

  test('HSTS only where the public scheme is https: a real domain, not the http demo hosts', async () => {
    const { host } = await makeTenant(t, 'csp-hsts');
    const https = await t.get('/', { host });
    assert.equal(https.headers['strict-transport-security'], 'max-age=31536000');
    assert.ok(cspOf(https.headers['content-security-policy']).has('upgrade-insecure-requests'));
    assert.equal(
      (await t.get('/api/v7/apps/?domain=' + host, { host })).headers['strict-transport-security'],
      'max-age=31536000',
    );
    assert.equal((await t.get('/')).headers['strict-transport-security'], undefined);
    assert.equal(
      (await t.get('/', { host: 'multi.localhost:3000' })).headers['strict-transport-security'],
      undefined,
    );

    const plainHttp = await startTestApp({ publicUrl: { scheme: 'http' }, seedDemo: false });
    try {
      const res = await plainHttp.get('/api/health', { host: 'shop.example.com' });
      assert.equal(res.headers['strict-transport-security'], undefined);
    } finally {
      await plainHttp.close();
    }
  });

  test('static pages of the build (the demo form) may be framed by the store only', async () => {
    const res = await t.get('/demo/form.html');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.deepEqual(cspOf(res.headers['content-security-policy']).get('frame-ancestors'), [
      "'self'",
    ]);
  });

  test('the API viewer has its own policy, never framed', async () => {
    const res = await t.get('/api/docs/');
    assert.equal(res.statusCode, 200);
    const csp = cspOf(res.headers['content-security-policy']);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    assert.ok(csp.get('script-src')!.includes("'self'"));
    assert.ok(!csp.has('upgrade-insecure-requests'));
  });
});
