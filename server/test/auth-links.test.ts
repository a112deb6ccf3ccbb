import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { linkTokens, mailOutbox, sessions, users } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { makeTenant, newMember, registerMember, startSmtp } from './support/accounts';
import { publicOrigin } from '../src/lib/public-url';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

before(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ accounts: { smtpUrl: smtp.url } });
});
after(async () => {
  await t?.close();
  await smtp?.close();
});

/** The API call behind a link of a mail (the page path, under /api/v5/). */
function apiPathOf(link: string, page: RegExp): string {
  const path = new URL(link).pathname;
  assert.match(path, page);
  return `/api/v5${path}/`;
}

describe('email verification over SMTP', () => {
  test('register → mail received → follow the link → verified; the link works once', async () => {
    const m = await registerMember(t, 'localhost');
    const mail = await smtp.waitFor(m.body.email, /Confirma tu correo electrónico - Café Aurora/);
    assert.match(mail.text, /Hola Ana,/);
    const link = mail.links.find((l) => l.includes('/verification-email/'))!;
    const path = apiPathOf(
      link,
      /^\/verification-email\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/,
    );
    const res = await t.get(path);
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.detail, 'Tu correo fue verificado.');
    const me = await t.get('/api/v5/me/', { headers: m.auth });
    assert.equal(me.data.email_verified, true);
    const again = await t.get(path);
    assert.equal(again.statusCode, 404);
    assert.equal(again.data.detail, 'El link ha expirado');
  });

  test("a verification link does not work on another app's host, nor with another app's uid", async () => {
    const { host, app } = await makeTenant(t, 'verify-other');
    const m = await registerMember(t, 'localhost');
    const link = (await smtp.waitFor(m.body.email, /Confirma/)).links[0];
    const path = apiPathOf(link, /verification-email/);
    assert.equal((await t.get(path, { host })).statusCode, 404);
    const swapped = path.replace(
      /verification-email\/[0-9a-f-]{36}/,
      `verification-email/${app.uid}`,
    );
    assert.equal((await t.get(swapped)).statusCode, 404);
    assert.equal((await t.get(path)).statusCode, 200, 'still good on its own host');
  });

  test('tampered, malformed and hostile link parts are a 404, never a 500', async () => {
    const app = await t.appOf('localhost');
    for (const path of [
      `/api/v5/verification-email/${app.uid}/not-a-uid/abc/`,
      `/api/v5/verification-email/${app.uid}/00000000-0000-4000-8000-000000000000/${'x'.repeat(43)}/`,
      `/api/v5/verification-email/'%20OR%201=1/x/y/`,
      `/api/v5/me/delete/00000000-0000-4000-8000-000000000000/${'x'.repeat(43)}/`,
    ]) {
      const res = await t.get(path);
      assert.ok(res.statusCode === 404 || res.statusCode === 400, `${path}: ${res.statusCode}`);
    }
  });
});

describe('password recovery over SMTP', () => {
  test('recovery mail → reset → old sessions end → login with the new password; the link works once', async () => {
    const m = await registerMember(t, 'localhost');
    const res = await t.post('/api/v5/me/reset_password/', { email: m.body.email.toUpperCase() });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.data, {
      detail: 'Correo enviado. Revisa tu bandeja de entrada.',
    });
    const mail = await smtp.waitFor(m.body.email, /Restablece tu contraseña/);
    const link = mail.links.find((l) => l.includes('/reset-password/'))!;
    assert.match(
      new URL(link).pathname,
      new RegExp(`^/reset-password/${m.user.uid}/[A-Za-z0-9_-]{43}$`),
    );
    const api = `/api/v5/me/reset_password/${new URL(link).pathname.split('/').slice(2).join('/')}/`;

    const mismatch = await t.post(api, {
      password: 'Nueva clave 2',
      password_confirmation: 'Otra clave 2',
    });
    assert.equal(mismatch.statusCode, 400);
    assert.deepEqual(mismatch.data, { non_field_errors: ['Las contraseñas no coinciden.'] });
    const weak = await t.post(api, { password: '1234', password_confirmation: '1234' });
    assert.deepEqual(weak.data, { password: ['La contraseña debe tener al menos 8 caracteres.'] });
    const isEmail = await t.post(api, {
      password: m.body.email,
      password_confirmation: m.body.email,
    });
    assert.deepEqual(isEmail.data, {
      password: ['La contraseña no puede ser igual a tu correo electrónico.'],
    });

    const ok = await t.post(api, {
      password: 'Nueva clave 2',
      password_confirmation: 'Nueva clave 2',
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.data.detail, 'Tu contraseña fue restablecida.');
    assert.equal(
      (await t.get('/api/v5/me/', { headers: m.auth })).statusCode,
      401,
      'sessions end on reset',
    );
    assert.equal(
      (await t.post('/api/v5/login/', { email: m.body.email, password: m.body.password }))
        .statusCode,
      400,
    );
    const login = await t.post('/api/v5/login/', {
      email: m.body.email,
      password: 'Nueva clave 2',
    });
    assert.equal(login.statusCode, 200);
    assert.equal(login.data.user.email_verified, true, 'opening the mail proves the address');

    const reused = await t.post(api, {
      password: 'Tercera clave 3',
      password_confirmation: 'Tercera clave 3',
    });
    assert.equal(reused.statusCode, 404);
    assert.equal(reused.data.detail, 'El link ha expirado');
  });

  test('an unknown email gets the very same answer and no mail', async () => {
    const res = await t.post('/api/v5/me/reset_password/', { email: 'nobody-here@example.com' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.data, {
      detail: 'Correo enviado. Revisa tu bandeja de entrada.',
    });
    await t.app.mailer.idle();
    assert.ok(!smtp.mails.some((mail) => mail.to === 'nobody-here@example.com'));
  });

  test('recovery email is required and well formed', async () => {
    assert.deepEqual((await t.post('/api/v5/me/reset_password/', {})).data, {
      email: ['Este campo es requerido'],
    });
    assert.deepEqual((await t.post('/api/v5/me/reset_password/', { email: 'nope' })).data, {
      email: ['Ingresar un email correcto'],
    });
  });

  test('only the newest recovery link works, and an expired one says so', async () => {
    const m = await registerMember(t, 'localhost');
    await t.post('/api/v5/me/reset_password/', { email: m.body.email });
    const first = (await smtp.waitFor(m.body.email, /Restablece/)).links[0];
    await t.post('/api/v5/me/reset_password/', { email: m.body.email });
    const second = (await smtp.waitFor(m.body.email, /Restablece/)).links[0];
    const api = (link: string) =>
      `/api/v5/me/reset_password/${new URL(link).pathname.split('/').slice(2).join('/')}/`;
    const body = { password: 'Nueva clave 2', password_confirmation: 'Nueva clave 2' };
    assert.equal((await t.post(api(first), body)).statusCode, 404);
    // Expire the newest link by moving its deadline into the past.
    await t.db
      .update(linkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkTokens.userUid, m.user.uid));
    const expired = await t.post(api(second), body);
    assert.equal(expired.statusCode, 404);
    assert.equal(expired.data.detail, 'El link ha expirado');
  });

  test('two concurrent uses of one link: exactly one succeeds', async () => {
    const m = await registerMember(t, 'localhost');
    await t.post('/api/v5/me/reset_password/', { email: m.body.email });
    const link = (await smtp.waitFor(m.body.email, /Restablece/)).links[0];
    const api = `/api/v5/me/reset_password/${new URL(link).pathname.split('/').slice(2).join('/')}/`;
    const results = await Promise.all(
      ['Clave uno 111', 'Clave dos 222', 'Clave tres 333'].map((p) =>
        t.post(api, { password: p, password_confirmation: p }),
      ),
    );
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 404, 404]);
  });
});

describe('account deletion over SMTP', () => {
  test('deletion mail → check link → list → delete → member gone, token invalid, link used', async () => {
    const m = await registerMember(t, 'localhost');
    await smtp.waitFor(m.body.email, /Confirma tu correo/);
    const asked = await t.post('/api/v5/delete-account/', undefined, { headers: m.auth });
    assert.equal(asked.statusCode, 200);
    assert.equal(
      asked.data.detail,
      'Te enviamos un correo para confirmar la eliminación de tu cuenta.',
    );
    const mail = await smtp.waitFor(m.body.email, /Confirma la eliminación de tu cuenta/);
    const app = await t.appOf('localhost');
    const link = mail.links.find((l) => l.includes('/me/delete/'))!;
    const [, , , appUid, userUid, token] = new URL(link).pathname.split('/');
    assert.equal(appUid, app.uid);
    assert.equal(userUid, m.user.uid);

    const check = await t.get(`/api/v5/me/delete/${userUid}/${token}/`);
    assert.equal(check.statusCode, 200);
    assert.deepEqual(check.data, { uid: m.user.uid, first_name: 'Ana', email: m.body.email });
    const list = await t.get(`/api/v5/me/delete/${userUid}/${token}/list-members-programs/`);
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.data, { count: 0, next: null, previous: null, results: [] });
    assert.equal(
      (await t.get(`/api/v5/me/delete/${userUid}/${token}/list-members-programs/?page=2`))
        .statusCode,
      404,
    );

    const del = await t.delete(`/api/v5/me/delete/${userUid}/${token}/`);
    assert.equal(del.statusCode, 200);
    assert.equal(del.data.detail, 'Tu cuenta fue eliminada.');
    assert.equal((await t.get('/api/v5/me/', { headers: m.auth })).statusCode, 401);
    assert.equal(
      (await t.post('/api/v5/login/', { email: m.body.email, password: m.body.password }))
        .statusCode,
      400,
    );
    const rows = await t.db.select().from(users).where(eq(users.uid, m.user.uid));
    assert.equal(rows.length, 0);
    assert.equal(
      (await t.db.select().from(sessions).where(eq(sessions.userUid, m.user.uid))).length,
      0,
    );
    assert.equal(
      (await t.db.select().from(linkTokens).where(eq(linkTokens.userUid, m.user.uid))).length,
      0,
    );
    const again = await t.get(`/api/v5/me/delete/${userUid}/${token}/`);
    assert.equal(again.statusCode, 404);
    assert.equal(again.data.detail, 'El link ha expirado');
    assert.equal((await t.delete(`/api/v5/me/delete/${userUid}/${token}/`)).statusCode, 404);
    // The same email can register again: nothing of the old account remains.
    await registerMember(t, 'localhost', {
      email: m.body.email,
      document_number: m.body.document_number,
    });
  });

  test('asking for deletion needs a session', async () => {
    const res = await t.post('/api/v5/delete-account/');
    assert.equal(res.statusCode, 401);
  });

  test("a deletion link of one member cannot delete another, nor work on another app's host", async () => {
    const a = await registerMember(t, 'localhost');
    const b = await registerMember(t, 'localhost');
    await t.post('/api/v5/delete-account/', undefined, { headers: a.auth });
    const link = (await smtp.waitFor(a.body.email, /eliminación/)).links[0];
    const [, , , , , token] = new URL(link).pathname.split('/');
    assert.equal((await t.delete(`/api/v5/me/delete/${b.user.uid}/${token}/`)).statusCode, 404);
    const { host } = await makeTenant(t, 'delete-other');
    assert.equal(
      (await t.delete(`/api/v5/me/delete/${a.user.uid}/${token}/`, { host })).statusCode,
      404,
    );
    assert.equal((await t.get('/api/v5/me/', { headers: b.auth })).statusCode, 200);
    assert.equal((await t.get('/api/v5/me/', { headers: a.auth })).statusCode, 200);
  });

  test('partner variant: the prefix is the app setting, the mail links to the prefixed page', async () => {
    const { host, app } = await makeTenant(t, 'partner-app', { partner_deletion_prefix: 'socio' });
    assert.equal(app.features.partner_deletion_prefix, 'socio');
    const m = await registerMember(t, host);
    await t.post('/api/v5/delete-account/', undefined, { host, headers: m.auth });
    const link = (await smtp.waitFor(m.body.email, /eliminación/)).links[0];
    const url = new URL(link);
    assert.equal(url.host, host);
    const [, prefix, me, del, appUid, userUid, token] = url.pathname.split('/');
    assert.deepEqual(
      [prefix, me, del, appUid, userUid],
      ['socio', 'me', 'delete', app.uid, m.user.uid],
    );
    assert.equal(
      (await t.get(`/api/v5/repsol/me/delete/${appUid}/${userUid}/${token}/`, { host })).statusCode,
      404,
      'another prefix',
    );
    assert.equal(
      (await t.get(`/api/v5/socio/me/delete/${appUid}/${userUid}/${token}/`)).statusCode,
      404,
      'another host',
    );
    assert.equal(
      (await t.get(`/api/v5/socio/me/delete/${appUid}/${userUid}/${token}/`, { host })).statusCode,
      200,
    );
    assert.equal(
      (
        await t.get(
          `/api/v5/socio/me/delete/${appUid}/${userUid}/${token}/list-members-programs/`,
          { host },
        )
      ).data.count,
      0,
    );
    assert.equal(
      (await t.delete(`/api/v5/socio/me/delete/${appUid}/${userUid}/${token}/`, { host }))
        .statusCode,
      200,
    );
    assert.equal((await t.get('/api/v5/me/', { host, headers: m.auth })).statusCode, 401);
  });
});

describe('without SMTP_URL', () => {
  test('mails go to the outbox table', async () => {
    const local = await startTestApp({ seedDemo: true });
    try {
      const m = await registerMember(local, 'localhost');
      const kept = await local.db.select().from(mailOutbox).where(eq(mailOutbox.to, m.body.email));
      assert.equal(kept.length, 1);
      assert.match(kept[0].subject, /Confirma tu correo/);
      assert.match(kept[0].text, /http:\/\/localhost\/verification-email\//);
      // Printed to the log is its delivery: setting SMTP_URL later must not mail old demo links.
      assert.ok(kept[0].sentAt);
      assert.equal(kept[0].failedAt, null);
    } finally {
      await local.close();
    }
  });
});

describe('mailed links take their host from the tenant, never from the request', () => {
  const evil = {
    'x-forwarded-proto': 'https://evil.example/c?t=',
    'x-forwarded-host': 'evil.example',
  };

  test('behind a trusted proxy, forged Host / X-Forwarded-Host / X-Forwarded-Proto: every mail links to the tenant domain', async () => {
    const behind = await startTestApp({
      trustProxy: ['127.0.0.1'],
      accounts: { smtpUrl: smtp.url },
    });
    try {
      const app = await behind.appOf('localhost');
      // X-Forwarded-Host names no tenant: the API-KEY does; X-Forwarded-Proto is hostile.
      const forged = { ...evil, 'api-key': app.api_key };
      const body = newMember();
      const registered = await behind.post('/api/v5/register/', body, {
        host: 'evil.example',
        headers: forged,
      });
      assert.equal(registered.statusCode, 201);
      const auth = { authorization: `Token ${registered.data.token}` };

      await behind.post(
        '/api/v5/me/reset_password/',
        { email: body.email },
        { host: 'evil.example', headers: forged },
      );
      // The tenant's own host, with only the proxy headers forged.
      await behind.post('/api/v5/delete-account/', undefined, {
        headers: { ...auth, 'x-forwarded-proto': 'https://evil.example/c?t=' },
      });
      const mails = await Promise.all([
        smtp.waitFor(body.email, /Confirma tu correo/),
        smtp.waitFor(body.email, /Restablece/),
        smtp.waitFor(body.email, /eliminación/),
      ]);
      for (const mail of mails) {
        assert.ok(mail.links.length > 0, mail.subject);
        for (const link of mail.links) {
          assert.equal(new URL(link).origin, 'http://localhost', `${mail.subject}: ${link}`);
          assert.doesNotMatch(link, /evil/);
        }
      }
      assert.doesNotMatch(mails.map((m) => m.text).join('\n'), /evil\.example/);
    } finally {
      await behind.close();
    }
  });

  test("a plain forged Host with another app's API-KEY, and a real tenant domain: https on the tenant's domain", async () => {
    const { host, app } = await makeTenant(t, 'links-shop');
    const body = newMember();
    const res = await t.post('/api/v5/register/', body, {
      host: 'evil.example',
      headers: { 'api-key': app.api_key, 'x-forwarded-proto': 'http' },
    });
    assert.equal(res.statusCode, 201);
    const mail = await smtp.waitFor(body.email, /Confirma tu correo/);
    const link = mail.links.find((l) => l.includes('/verification-email/'))!;
    assert.equal(new URL(link).origin, `https://${host}`);
  });

  test('PUBLIC_URL_SCHEME and PUBLIC_URL_PORT shape every link; the host stays the domain', async () => {
    const configured = await startTestApp({
      accounts: { smtpUrl: smtp.url },
      publicUrl: { scheme: 'https', port: 8443, localPort: 3000 },
    });
    try {
      const m = await registerMember(configured, 'localhost');
      const mail = await smtp.waitFor(m.body.email, /Confirma tu correo/);
      assert.match(mail.links[0], /^https:\/\/localhost:8443\/verification-email\//);
    } finally {
      await configured.close();
    }
  });

  test('the public origin of a domain', () => {
    assert.equal(publicOrigin('shop.example.com', {}), 'https://shop.example.com');
    assert.equal(publicOrigin('shop.example.com', { localPort: 3000 }), 'https://shop.example.com');
    assert.equal(publicOrigin('localhost', { localPort: 3000 }), 'http://localhost:3000');
    assert.equal(
      publicOrigin('multi.localhost', { localPort: 41234 }),
      'http://multi.localhost:41234',
    );
    assert.equal(publicOrigin('localhost', {}), 'http://localhost');
    assert.equal(
      publicOrigin('shop.example.com', { scheme: 'http', port: 80 }),
      'http://shop.example.com',
    );
    assert.equal(
      publicOrigin('shop.example.com', { scheme: 'https', port: 8443, localPort: 3000 }),
      'https://shop.example.com:8443',
    );
    assert.equal(
      publicOrigin('localhost', { scheme: 'https', localPort: 3000 }),
      'https://localhost:3000',
    );
  });
});
