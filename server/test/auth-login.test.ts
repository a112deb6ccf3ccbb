import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authResponse, user as userSchema } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { makeTenant, registerMember } from './support/accounts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t?.close());

describe('POST v5/login/ by email', () => {
  test('answers a token, the merge flag and the member; the email is matched lower-cased', async () => {
    const m = await registerMember(t, 'localhost', { email: 'Login.Case@Example.com' });
    const res = await t.post('/api/v5/login/', {
      email: '  LOGIN.case@example.COM ',
      password: m.body.password,
    });
    assert.equal(res.statusCode, 200);
    const body = authResponse.parse(res.data);
    assert.equal(body.merge, true);
    assert.equal(body.user.email, 'login.case@example.com');
    assert.notEqual(body.token, m.token, 'every login is a new session');
    assert.match(body.token, /^[A-Za-z0-9_-]{43}$/);
    const me = await t.get('/api/v5/me/', { headers: { authorization: `Token ${body.token}` } });
    assert.equal(me.statusCode, 200);
    assert.equal(me.data.uid, m.user.uid);
  });

  test('a wrong password and an unknown email get the same non-field error', async () => {
    const m = await registerMember(t, 'localhost');
    const wrong = await t.post('/api/v5/login/', {
      email: m.body.email,
      password: 'not the password',
    });
    const unknown = await t.post('/api/v5/login/', {
      email: 'nobody@example.com',
      password: 'whatever123',
    });
    for (const res of [wrong, unknown]) {
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.data, {
        non_field_errors: ['No puedes iniciar sesión con las credenciales proporcionadas.'],
      });
    }
  });

  test('an empty or malformed email gives the spec message; a missing password is required', async () => {
    for (const email of ['', '   ', 'not-an-email']) {
      const res = await t.post('/api/v5/login/', { email, password: '' });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.data.email, ['Por favor digite un correo electrónico válido']);
      assert.deepEqual(res.data.password, ['Este campo es requerido']);
    }
  });

  test('an empty body asks for the first method of the app', async () => {
    const res = await t.post('/api/v5/login/', {});
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data.email, ['Por favor digite un correo electrónico válido']);
  });

  test('hostile input is a 400, never a 500', async () => {
    const bodies: unknown[] = [
      { email: { $ne: null }, password: 'x' },
      { email: ['a@b.co'], password: 'x' },
      { email: "' OR 1=1 --@x.com", password: "' OR 1=1 --" },
      { email: 'a@b.co', password: 'x'.repeat(5000) },
      { email: `${'a'.repeat(300)}@b.co`, password: 'x' },
      'not json',
      [],
      null,
    ];
    for (const body of bodies) {
      const res = await t.call('POST', '/api/v5/login/', {
        body: body as never,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(typeof res.data === 'object' && res.data !== null && !('stack' in res.data));
    }
  });

  test('the trailing slash is optional', async () => {
    const m = await registerMember(t, 'localhost');
    const res = await t.post('/api/v5/login', { email: m.body.email, password: m.body.password });
    assert.equal(res.statusCode, 200);
  });
});

describe('POST v5/login/ by mobile number and by document', () => {
  test('mobile number with country code, or nine digits read as +51', async () => {
    const m = await registerMember(t, 'localhost', { mobile_number: '+51 987 111 222' });
    assert.equal(m.user.mobile_number, '+51987111222');
    assert.equal(m.user.country_code_number, '+51');
    for (const mobile_number of ['+51987111222', '987111222']) {
      const res = await t.post('/api/v5/login/', { mobile_number, password: m.body.password });
      assert.equal(res.statusCode, 200, mobile_number);
      assert.equal(res.data.user.uid, m.user.uid);
    }
  });

  test('an empty mobile number gives the spec message', async () => {
    const res = await t.post('/api/v5/login/', { mobile_number: '', password: 'x' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data.mobile_number, ['Por favor digite un teléfono válido']);
  });

  test('ONLY_DOCUMENT logs in with the document alone, upper-casing the number', async () => {
    const m = await registerMember(t, 'localhost', {
      document_type: 'PASSPORT',
      document_number: 'ab12345',
    });
    assert.equal(m.user.document_number, 'AB12345');
    const res = await t.post('/api/v5/login/', {
      document_type: 'PASSPORT',
      document_number: 'ab12345',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.user.uid, m.user.uid);
  });

  test('empty document fields give the spec messages', async () => {
    const res = await t.post('/api/v5/login/', { document_type: '', document_number: '' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      document_type: ['Por favor seleccion un tipo de documento'],
      document_number: ['Por favor digite un número de documento'],
    });
  });

  test('an unregistered document is refused', async () => {
    const res = await t.post('/api/v5/login/', {
      document_type: 'NATIONAL_ID',
      document_number: '99999999',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data.non_field_errors, [
      'No puedes iniciar sesión con las credenciales proporcionadas.',
    ]);
  });
});

describe('sign-in methods are enforced by the server', () => {
  test('an email-only app refuses mobile and document logins', async () => {
    const { host } = await makeTenant(t, 'email-only', {
      signin_methods: [{ type: 'EMAIL', settings: {} }],
    });
    const m = await registerMember(t, host, { mobile_number: '+51911000111' });
    assert.equal(
      (await t.post('/api/v5/login/', { email: m.body.email, password: m.body.password }, { host }))
        .statusCode,
      200,
    );
    for (const body of [
      { mobile_number: '+51911000111', password: m.body.password },
      { document_type: 'NATIONAL_ID', document_number: m.body.document_number },
      {
        document_type: 'NATIONAL_ID',
        document_number: m.body.document_number,
        password: m.body.password,
      },
    ]) {
      const res = await t.post('/api/v5/login/', body, { host });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.data, {
        non_field_errors: ['Este método de ingreso no está habilitado.'],
      });
    }
  });

  test('the DOCUMENT method needs the password; without ONLY_DOCUMENT a document alone is not enough', async () => {
    const { host } = await makeTenant(t, 'doc-pass', {
      signin_methods: [{ type: 'DOCUMENT', settings: {} }],
    });
    const m = await registerMember(t, host);
    const noPassword = await t.post(
      '/api/v5/login/',
      { document_type: 'NATIONAL_ID', document_number: m.body.document_number },
      { host },
    );
    assert.equal(noPassword.statusCode, 400);
    assert.deepEqual(noPassword.data, { password: ['Este campo es requerido'] });
    const wrong = await t.post(
      '/api/v5/login/',
      {
        document_type: 'NATIONAL_ID',
        document_number: m.body.document_number,
        password: 'wrong password',
      },
      { host },
    );
    assert.equal(wrong.statusCode, 400);
    const ok = await t.post(
      '/api/v5/login/',
      {
        document_type: 'NATIONAL_ID',
        document_number: m.body.document_number,
        password: m.body.password,
      },
      { host },
    );
    assert.equal(ok.statusCode, 200);
    const byEmail = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: m.body.password },
      { host },
    );
    assert.deepEqual(byEmail.data, {
      non_field_errors: ['Este método de ingreso no está habilitado.'],
    });
  });
});

describe('sessions across tenants and users', () => {
  test("a token of app A is useless on app B's host, and a member of A cannot log in on B", async () => {
    const { host: other } = await makeTenant(t, 'other-app');
    const m = await registerMember(t, 'localhost');
    const onB = await t.get('/api/v5/me/', { host: other, headers: m.auth });
    assert.equal(onB.statusCode, 401);
    assert.equal(onB.data.detail, 'Token inválido.');
    const login = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: m.body.password },
      { host: other },
    );
    assert.equal(login.statusCode, 400);
  });

  test('the same email registers separately on two apps', async () => {
    const { host } = await makeTenant(t, 'twin-app');
    const a = await registerMember(t, 'localhost', { email: 'twin@example.com' });
    const b = await registerMember(t, host, {
      email: 'twin@example.com',
      document_number: a.body.document_number,
    });
    assert.notEqual(a.user.uid, b.user.uid);
  });

  test('no token, a malformed one or an unknown one is a 401 on v5/me/', async () => {
    const none = await t.get('/api/v5/me/');
    assert.equal(none.statusCode, 401);
    assert.equal(none.data.detail, 'Las credenciales de autenticación no se proveyeron.');
    for (const authorization of [
      'Token nope',
      `Token ${'A'.repeat(43)}`,
      'Bearer abc',
      `Token ${'A'.repeat(5000)}`,
    ]) {
      const res = await t.get('/api/v5/me/', { headers: { authorization } });
      assert.equal(res.statusCode, 401, authorization.slice(0, 20));
    }
  });

  test('logout ends only that session', async () => {
    const m = await registerMember(t, 'localhost');
    const second = await t.post('/api/v5/login/', {
      email: m.body.email,
      password: m.body.password,
    });
    const out = await t.post('/api/v5/logout/', undefined, { headers: m.auth });
    assert.equal(out.statusCode, 200);
    assert.equal(out.data.detail, 'Sesión cerrada.');
    assert.equal((await t.get('/api/v5/me/', { headers: m.auth })).statusCode, 401);
    const still = await t.get('/api/v5/me/', {
      headers: { authorization: `Token ${second.data.token}` },
    });
    assert.equal(still.statusCode, 200);
    userSchema.parse(still.data);
    assert.equal((await t.post('/api/v5/logout/')).statusCode, 401);
  });

  test('tokens are stored hashed', async () => {
    const m = await registerMember(t, 'localhost');
    const { sessions } = await import('../src/db/schema');
    const rows = await t.db.select().from(sessions);
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r) => r.tokenHash !== m.token && /^[0-9a-f]{64}$/.test(r.tokenHash)));
  });
});

describe('demo accounts from the tenant files', () => {
  test('demo@aurora.pe / Aurora2026! on localhost, by email, mobile and document', async () => {
    const byEmail = await t.post('/api/v5/login/', {
      email: 'demo@aurora.pe',
      password: 'Aurora2026!',
    });
    assert.equal(byEmail.statusCode, 200);
    assert.equal(byEmail.data.user.first_name, 'Ana');
    assert.equal(byEmail.data.user.email_verified, true);
    assert.equal(byEmail.data.user.profile_complete, true);
    assert.equal(
      (await t.post('/api/v5/login/', { mobile_number: '+51987650001', password: 'Aurora2026!' }))
        .statusCode,
      200,
    );
    assert.equal(
      (
        await t.post('/api/v5/login/', {
          document_type: 'NATIONAL_ID',
          document_number: '45678912',
        })
      ).statusCode,
      200,
    );
  });

  test('socio@clubandino.pe / Andino2026! on private.localhost', async () => {
    const res = await t.post(
      '/api/v5/login/',
      { email: 'socio@clubandino.pe', password: 'Andino2026!' },
      { host: 'private.localhost' },
    );
    assert.equal(res.statusCode, 200);
  });
});
