import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { startTestApp, type TestApp } from './support/test-app';
import {
  acceptances,
  makeTenant,
  newMember,
  registerMember,
  startHttp,
  startSmtp,
} from './support/accounts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/accounts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let captcha: Awaited<ReturnType<typeof startHttp>>;
let jwks: Awaited<ReturnType<typeof startHttp>>;
const captchaSeen: URLSearchParams[] = [];
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let googleKey: PrivateKey;
let strangerKey: PrivateKey;

before(async () => {
  smtp = await startSmtp();
  captcha = await startHttp((req, body, res) => {
    const form = new URLSearchParams(body);
    captchaSeen.push(form);
    res.setHeader('content-type', 'application/json');
    // Tokens name what the fake siteverify answers: good-token (v2, solved on the test tenant),
    // elsewhere-token (solved on another site), v3-<score> (a v3 answer with that score).
    const token = form.get('response') ?? '';
    const known = form.get('secret') === 'shh';
    const answers: Record<string, Record<string, unknown>> = {
      'good-token': { success: true, hostname: 'captcha-app.test' },
      'www-token': { success: true, hostname: 'www.captcha-app.test' },
      'elsewhere-token': { success: true, hostname: 'evil.example' },
      'no-host-token': { success: true },
    };
    const v3 = /^v3-([\d.]+)$/.exec(token);
    res.end(
      JSON.stringify(
        !known
          ? { success: false }
          : v3
            ? { success: true, hostname: 'captcha-app.test', score: Number(v3[1]), action: 'login' }
            : (answers[token] ?? { success: false, 'error-codes': ['invalid-input-response'] }),
      ),
    );
  });
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = await startHttp((req, body, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  t = await startTestApp({
    accounts: {
      smtpUrl: smtp.url,
      recaptchaVerifyUrl: captcha.url,
      recaptchaSecret: 'shh',
      googleJwksUrl: jwks.url,
    },
  });
});
after(async () => {
  await t?.close();
  await smtp?.close();
  await captcha?.close();
  await jwks?.close();
});

describe('POST v5/register/', () => {
  test('return_to: the mailed link returns to that page of the store; another site is a 400', async () => {
    const body = newMember({ email: 'merchant.back@example.com', return_to: '/crear-tienda' });
    const res = await t.post('/api/v5/register/', body);
    assert.equal(res.statusCode, 201, res.body);
    const mail = await smtp.waitFor('merchant.back@example.com', /Confirma tu correo/);
    const appUid = (await t.appOf('localhost')).uid;
    const link = mail.links.find((l) => l.includes('/verification-email/'));
    assert.match(
      link ?? '',
      new RegExp(
        `^http://localhost/verification-email/${appUid}/${res.data.user.uid}/[^/?]+\\?next=%2Fcrear-tienda$`,
      ),
      mail.links.join(),
    );
    for (const bad of ['//evil.example/x', 'https://evil.example', '/a?b=c', '/x\\y']) {
      const refused = await t.post('/api/v5/register/', newMember({ return_to: bad }));
      assert.equal(refused.statusCode, 400, `${bad}: ${refused.body}`);
      assert.deepEqual(Object.keys(refused.data), ['return_to'], refused.body);
    }
  });

  test('creates the member (201), answers a session and sends a verification mail', async () => {
    const body = newMember({
      email: 'New.Member@Example.com',
      first_name: '  Ana  ',
      mobile_number: '987654300',
    });
    const res = await t.post('/api/v5/register/', body);
    assert.equal(res.statusCode, 201);
    assert.equal(res.data.merge, true);
    assert.equal(res.data.user.email, 'new.member@example.com');
    assert.equal(res.data.user.first_name, 'Ana');
    assert.equal(res.data.user.mobile_number, '+51987654300');
    assert.equal(res.data.user.email_verified, false);
    assert.equal(res.data.user.birthdate, '1990-05-14');
    const me = await t.get('/api/v5/me/', {
      headers: { authorization: `Token ${res.data.token}` },
    });
    assert.equal(me.statusCode, 200);
    const mail = await smtp.waitFor('new.member@example.com', /Confirma tu correo/);
    const appUid = (await t.appOf('localhost')).uid;
    assert.ok(
      mail.links.some((l) =>
        l.startsWith(`http://localhost/verification-email/${appUid}/${res.data.user.uid}/`),
      ),
      mail.links.join(),
    );
  });

  test('the three required acceptances each have their own message; publicity is not one of them', async () => {
    const res = await t.post(
      '/api/v5/register/',
      newMember({
        accept_terms: false,
        accept_age: undefined,
        accept_data_processing: 'yes',
        accept_publicity: false,
      }),
    );
    assert.equal(res.statusCode, 400);
    // 'yes' is not a boolean: the schema refuses it before the rules run.
    assert.ok(res.data.accept_data_processing);
    const res2 = await t.post(
      '/api/v5/register/',
      newMember({
        accept_terms: false,
        accept_age: undefined,
        accept_data_processing: false,
        accept_publicity: false,
      }),
    );
    assert.deepEqual(res2.data, {
      accept_terms: ['Debes aceptar los términos y condiciones'],
      accept_age: ['Debes declarar que eres mayor de edad'],
      accept_data_processing: ['Debes autorizar el tratamiento de tus datos personales'],
    });
  });

  test('publicity consent is optional and recorded only when given (Ley 29733)', async () => {
    const without = await t.post('/api/v5/register/', newMember({ accept_publicity: false }));
    assert.equal(without.statusCode, 201, JSON.stringify(without.data));
    const withIt = await t.post('/api/v5/register/', newMember({ accept_publicity: true }));
    assert.equal(withIt.statusCode, 201, JSON.stringify(withIt.data));
    const consentOf = async (email: string) =>
      (
        await t.db
          .select({ at: users.publicityAcceptedAt, terms: users.acceptedTermsAt })
          .from(users)
          .where(eq(users.email, email))
      )[0];
    const a = await consentOf(without.data.user.email);
    assert.equal(a.at, null, 'no advertising consent was given');
    assert.ok(a.terms, 'the required acceptances are recorded');
    assert.ok((await consentOf(withIt.data.user.email)).at, 'the consent given is recorded');
  });

  test('regular mode requires names, email and password', async () => {
    const res = await t.post('/api/v5/register/', {
      ...acceptances,
      password: 'Clave segura 1',
      document_type: 'NATIONAL_ID',
      document_number: '12312312',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      email: ['Este campo es requerido'],
      first_name: ['Este campo es requerido'],
      last_name: ['Este campo es requerido'],
    });
  });

  test('birthdate: a wrong date gives "Escribe una fecha válida", under 18 "Debes ser mayor de edad"', async () => {
    for (const birthdate of ['1990-02-30', '14/05/1990', 'ayer', '3000-01-01']) {
      const res = await t.post('/api/v5/register/', newMember({ birthdate }));
      assert.equal(res.statusCode, 400, birthdate);
      assert.deepEqual(res.data, { birthdate: ['Escribe una fecha válida'] }, birthdate);
    }
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const res = await t.post('/api/v5/register/', newMember({ birthdate: seventeen }));
    assert.deepEqual(res.data, { birthdate: ['Debes ser mayor de edad'] });
    const eighteen = `${today.getUTCFullYear() - 18}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
    assert.equal(
      (await t.post('/api/v5/register/', newMember({ birthdate: eighteen }))).statusCode,
      201,
      'eighteen today is old enough',
    );
  });

  test('the password rule: 8 to 128 characters, not only digits, not the email', async () => {
    const cases: [string, string][] = [
      ['short1', 'La contraseña debe tener al menos 8 caracteres.'],
      ['12345678901', 'La contraseña no puede tener solo números.'],
      ['x'.repeat(129), 'La contraseña no puede tener más de 128 caracteres.'],
    ];
    for (const [password, message] of cases) {
      const res = await t.post('/api/v5/register/', newMember({ password }));
      assert.deepEqual(res.data, { password: [message] });
    }
    const res = await t.post(
      '/api/v5/register/',
      newMember({ email: 'same.as@example.com', password: 'Same.As@Example.com' }),
    );
    assert.deepEqual(res.data, {
      password: ['La contraseña no puede ser igual a tu correo electrónico.'],
    });
  });

  test('the demo app validates documents: a national id needs 8 or 9 digits', async () => {
    const missing = await t.post('/api/v5/register/', newMember({ document_number: '' }));
    assert.deepEqual(missing.data, {
      document_number: ['Por favor digite un número de documento'],
    });
    const bad = await t.post('/api/v5/register/', newMember({ document_number: '12AB' }));
    assert.deepEqual(bad.data, { document_number: ['Ingresar un dni correcto.'] });
    const badType = await t.post('/api/v5/register/', newMember({ document_type: 'SHOE_SIZE' }));
    assert.deepEqual(badType.data, { document_type: ['Por favor seleccion un tipo de documento'] });
  });

  test('email, document and mobile are unique per app, all reported at once', async () => {
    const first = await registerMember(t, 'localhost', { mobile_number: '+51900000001' });
    const res = await t.post(
      '/api/v5/register/',
      newMember({
        email: first.body.email.toUpperCase(),
        document_number: first.body.document_number,
        mobile_number: '900000001',
      }),
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      email: ['Ya existe un usuario con este correo electrónico.'],
      document_number: ['Ya existe un usuario con este documento.'],
      mobile_number: ['Ya existe un usuario con este teléfono.'],
    });
  });

  test('two racing registrations of one email: one 201, one 400, one row', async () => {
    const body = newMember({ email: 'race@example.com' });
    const results = await Promise.all([
      t.post('/api/v5/register/', body),
      t.post('/api/v5/register/', {
        ...body,
        document_number: '77777771',
        mobile_number: undefined,
      }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    assert.deepEqual(loser.data, { email: ['Ya existe un usuario con este correo electrónico.'] });
  });

  test('document-only registration (ONLY_DOCUMENT, no password): email and document suffice', async () => {
    const res = await t.post('/api/v5/register/', {
      ...acceptances,
      email: 'doconly@example.com',
      document_type: 'NATIONAL_ID',
      document_number: '55554444',
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.data.user.has_password, false);
    const login = await t.post('/api/v5/login/', {
      document_type: 'NATIONAL_ID',
      document_number: '55554444',
    });
    assert.equal(login.statusCode, 200);
    const missing = await t.post('/api/v5/register/', { ...acceptances });
    assert.deepEqual(missing.data, {
      email: ['Este campo es requerido'],
      document_number: ['Por favor digite un número de documento'],
    });
  });

  test('validate_mobile_number makes mobile_number required and checked', async () => {
    const { host } = await makeTenant(t, 'mobile-app', { validate_mobile_number: true });
    const missing = await t.post('/api/v5/register/', newMember(), { host });
    assert.deepEqual(missing.data, { mobile_number: ['Este campo es requerido'] });
    const bad = await t.post('/api/v5/register/', newMember({ mobile_number: '12ab' }), { host });
    assert.deepEqual(bad.data, {
      mobile_number: [
        'Ingresar el código de país antes del número, por ejemplo: +51, +52, +57, +593',
      ],
    });
    assert.equal(
      (await t.post('/api/v5/register/', newMember({ mobile_number: '+573001234567' }), { host }))
        .statusCode,
      201,
    );
  });

  test('the email is required only where email login is enabled; the way in is required instead', async () => {
    // Mobile number login only: no email needed, the mobile number is.
    const { host } = await makeTenant(t, 'phone-login', {
      signin_methods: [{ type: 'MOBILE_NUMBER', settings: {} }],
    });
    const noWayIn = await t.post('/api/v5/register/', newMember({ email: '' }), { host });
    assert.equal(noWayIn.statusCode, 400);
    assert.deepEqual(noWayIn.data, { mobile_number: ['Este campo es requerido'] });
    const body = newMember({ email: '', mobile_number: '+51 912 345 678' });
    const ok = await t.post('/api/v5/register/', body, { host });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.data.user.email, null);
    const login = await t.post(
      '/api/v5/login/',
      { mobile_number: '912345678', password: body.password },
      { host },
    );
    assert.equal(login.statusCode, 200);
    // A wrong email is still refused where it is optional.
    const bad = await t.post(
      '/api/v5/register/',
      newMember({ email: 'nope', mobile_number: '+51 912 345 679' }),
      { host },
    );
    assert.deepEqual(bad.data, { email: ['Ingresar un email correcto'] });

    // Document login only: the document is required in its place.
    const doc = await makeTenant(t, 'document-login', {
      signin_methods: [{ type: 'DOCUMENT', settings: {} }],
    });
    const noDoc = await t.post('/api/v5/register/', newMember({ email: '', document_number: '' }), {
      host: doc.host,
    });
    assert.deepEqual(noDoc.data, { document_number: ['Por favor digite un número de documento'] });

    // Email login (with the mobile too): the email stays required.
    const both = await makeTenant(t, 'email-and-phone', {
      signin_methods: [
        { type: 'EMAIL', settings: {} },
        { type: 'MOBILE_NUMBER', settings: {} },
      ],
    });
    const noEmail = await t.post(
      '/api/v5/register/',
      newMember({ email: '', mobile_number: '+51 912 345 670' }),
      { host: both.host },
    );
    assert.deepEqual(noEmail.data, { email: ['Este campo es requerido'] });
  });

  test('an app that does not allow sign-up refuses with 403', async () => {
    const { host } = await makeTenant(t, 'closed-app', { allow_signup: false });
    const res = await t.post('/api/v5/register/', newMember(), { host });
    assert.equal(res.statusCode, 403);
    assert.equal(res.data.detail, 'El registro no está habilitado en esta aplicación.');
  });

  test('unknown fields cannot set what the server owns', async () => {
    const res = await t.post(
      '/api/v5/register/',
      newMember({
        uid: '00000000-0000-0000-0000-000000000000',
        email_verified: true,
        app_id: 'x',
        password_hash: 'x',
      }),
    );
    assert.equal(res.statusCode, 201);
    assert.notEqual(res.data.user.uid, '00000000-0000-0000-0000-000000000000');
    assert.equal(res.data.user.email_verified, false);
  });
});

describe('POST v5/validate/', () => {
  test('answers 201 with registered and can_register', async () => {
    const m = await registerMember(t, 'localhost');
    const known = await t.post('/api/v5/validate/', {
      document_type: 'NATIONAL_ID',
      document_number: m.body.document_number,
    });
    assert.equal(known.statusCode, 201);
    assert.deepEqual(known.data, { registered: true, can_register: false });
    const unknown = await t.post('/api/v5/validate/', {
      document_type: 'NATIONAL_ID',
      document_number: '11223344',
    });
    assert.deepEqual(unknown.data, { registered: false, can_register: true });
    const { host } = await makeTenant(t, 'closed-validate', { allow_signup: false });
    const closed = await t.post(
      '/api/v5/validate/',
      { document_type: 'NATIONAL_ID', document_number: '11223344' },
      { host },
    );
    assert.deepEqual(closed.data, { registered: false, can_register: false });
  });

  test('empty fields give the spec messages', async () => {
    const res = await t.post('/api/v5/validate/', {});
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      document_type: ['Por favor seleccion un tipo de documento'],
      document_number: ['Por favor digite un número de documento'],
    });
  });
});

describe('reCAPTCHA', () => {
  test('an app with a site key requires a token verified by the configured URL', async () => {
    const { host } = await makeTenant(t, 'captcha-app', { recaptcha_site_key: 'site-key' });
    const missing = await t.post('/api/v5/register/', newMember(), { host });
    assert.deepEqual(missing.data, { captcha_token: ['Haz click en No soy un robot'] });
    const wrong = await t.post('/api/v5/register/', newMember({ captcha_token: 'bad-token' }), {
      host,
    });
    assert.deepEqual(wrong.data, { captcha_token: ['Haz click en No soy un robot'] });
    const body = newMember({ captcha_token: 'good-token' });
    assert.equal((await t.post('/api/v5/register/', body, { host })).statusCode, 201);
    assert.equal(captchaSeen.at(-1)?.get('secret'), 'shh');
    const noToken = await t.post(
      '/api/v5/login/',
      { email: body.email, password: body.password },
      { host },
    );
    assert.deepEqual(noToken.data, { captcha_token: ['Haz click en No soy un robot'] });
    const login = await t.post(
      '/api/v5/login/',
      { email: body.email, password: body.password, captcha_token: 'good-token' },
      { host },
    );
    assert.equal(login.statusCode, 200);
  });

  test("the answer must come from the tenant's own domain, and a v3 score must reach the minimum", async () => {
    const host = 'captcha-app.test';
    const register = (captcha_token: string) =>
      t.post('/api/v5/register/', newMember({ captcha_token }), { host }).then((r) => r.statusCode);
    assert.equal(await register('elsewhere-token'), 400, 'solved on another site');
    assert.equal(await register('no-host-token'), 400, 'no hostname in the answer');
    assert.equal(await register('www-token'), 201, 'the www. form of the domain is the domain');
    assert.equal(await register('v3-0.2'), 400, 'a v3 score under 0.5');
    assert.equal(await register('v3-0.5'), 201);
    assert.equal(await register('v3-0.9'), 201);
  });

  test('RECAPTCHA_MIN_SCORE sets the minimum v3 score', async () => {
    const strict = await startTestApp({
      accounts: {
        recaptchaVerifyUrl: captcha.url,
        recaptchaSecret: 'shh',
        recaptchaMinScore: 0.8,
      },
    });
    try {
      const { host } = await makeTenant(strict, 'captcha-app', { recaptcha_site_key: 'k' });
      const register = (captcha_token: string) =>
        strict
          .post('/api/v5/register/', newMember({ captcha_token }), { host })
          .then((r) => r.statusCode);
      assert.equal(await register('v3-0.7'), 400);
      assert.equal(await register('v3-0.8'), 201);
    } finally {
      await strict.close();
    }
  });

  test('apps without a site key never ask for one', async () => {
    const before = captchaSeen.length;
    assert.equal((await t.post('/api/v5/register/', newMember())).statusCode, 201);
    assert.equal(captchaSeen.length, before);
  });
});

describe('POST v5/login/mobile/google/', () => {
  const clientId = 'client-123.apps.googleusercontent.com';
  const idToken = (claims: Record<string, unknown>, key = googleKey, audience = clientId) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      // Google's subject is the person's: one per Google account, whatever its email.
      .setSubject(`google-${String(claims.email)}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);

  test('a valid token signs in, registering a new verified member', async () => {
    const { host } = await makeTenant(t, 'google-app', {
      signin_methods: [{ type: 'GOOGLE', settings: { client_id: clientId } }],
    });
    const token = await idToken({
      email: 'G.User@Gmail.com',
      given_name: 'Gina',
      family_name: 'Gómez',
    });
    const res = await t.post('/api/v5/login/mobile/google/', { id_token: token }, { host });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.user.email, 'g.user@gmail.com');
    assert.equal(res.data.user.email_verified, true);
    assert.equal(res.data.user.first_name, 'Gina');
    assert.equal(res.data.merge, true);
    const again = await t.post('/api/v5/login/mobile/google/', { id_token: token }, { host });
    assert.equal(again.data.user.uid, res.data.user.uid);
  });

  test('a Google registration keeps the influencer it carries; a malformed one is a 400', async () => {
    const host = 'google-app.test';
    const token = await idToken({ email: 'influenced@gmail.com' });
    const bad = await t.post(
      '/api/v5/login/mobile/google/',
      { id_token: token, influencer_uid: 'no spaces' },
      { host },
    );
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(Array.isArray(bad.data.influencer_uid));
    const res = await t.post(
      '/api/v5/login/mobile/google/',
      { id_token: token, influencer_uid: 'inf-g' },
      { host },
    );
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await t.db
      .select({ influencer: users.influencerUid })
      .from(users)
      .where(eq(users.uid, res.data.user.uid));
    assert.equal(row.influencer, 'inf-g');
  });

  test('wrong audience, foreign key, unverified email or garbage are refused', async () => {
    const host = 'google-app.test';
    for (const token of [
      await idToken({ email: 'a@gmail.com' }, googleKey, 'someone-else'),
      await idToken({ email: 'a@gmail.com' }, strangerKey),
      'not.a.jwt',
    ]) {
      const res = await t.post('/api/v5/login/mobile/google/', { id_token: token }, { host });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.data, { id_token: ['No se pudo validar tu cuenta de Google.'] });
    }
    const unverified = await t.post(
      '/api/v5/login/mobile/google/',
      { id_token: await idToken({ email: 'a@gmail.com', email_verified: false }) },
      { host },
    );
    assert.deepEqual(unverified.data, {
      id_token: ['Tu cuenta de Google no tiene un correo verificado.'],
    });
  });

  test('an app without the GOOGLE method refuses', async () => {
    const res = await t.post('/api/v5/login/mobile/google/', {
      id_token: await idToken({ email: 'a@gmail.com' }),
    });
    assert.deepEqual(res.data, {
      non_field_errors: ['Este método de ingreso no está habilitado.'],
    });
  });
});
