import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { user as userSchema } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t?.close());

describe('GET and PATCH v5/me/', () => {
  test('answers the member with every field; profile_complete follows the spec rule', async () => {
    const m = await registerMember(t, 'localhost');
    const me = await t.get('/api/v5/me/', { headers: m.auth });
    const body = userSchema.parse(me.data);
    assert.equal(body.profile_complete, false, 'no gender yet');
    const patched = await t.patch('/api/v5/me/', { gender: 'f' }, { headers: m.auth });
    assert.equal(patched.statusCode, 200);
    assert.equal(patched.data.profile_complete, true);
  });

  test('terms accepted at sign-up show; skipping /complete-info stays on the account across logins', async () => {
    const m = await registerMember(t, 'localhost');
    assert.equal(m.user.terms_accepted, true, 'accepted at sign-up');
    assert.equal(m.user.complete_info_skipped, false);
    const skipped = await t.patch('/api/v5/me/', { skip_complete_info: true }, { headers: m.auth });
    assert.equal(skipped.statusCode, 200);
    assert.equal(skipped.data.complete_info_skipped, true);
    // A new session (after a logout) is told the same, at login and on GET v5/me/.
    const login = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: m.body.password },
      { host: 'localhost' },
    );
    assert.equal(login.statusCode, 200);
    assert.equal(login.data.user.complete_info_skipped, true);
    const me = await t.get('/api/v5/me/', {
      headers: { authorization: `Token ${login.data.token}` },
    });
    assert.equal(me.data.complete_info_skipped, true);
    // accept_terms only takes true; anything else is a field error, not a 500.
    const bad = await t.patch('/api/v5/me/', { accept_terms: false }, { headers: m.auth });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.accept_terms, JSON.stringify(bad.data));
  });

  test('updates only the fields sent, trimmed and normalised', async () => {
    const m = await registerMember(t, 'localhost');
    const area = (await t.appOf('localhost')).countries[0].areas[1];
    const res = await t.patch(
      '/api/v5/me/',
      {
        first_name: '  Lucía ',
        mobile_number: '987 000 123',
        document_type: 'PASSPORT',
        document_number: 'x12345',
        area: area.uid,
        birthdate: '1985-12-31',
      },
      { headers: m.auth },
    );
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.first_name, 'Lucía');
    assert.equal(res.data.last_name, 'Quispe');
    assert.equal(res.data.mobile_number, '+51987000123');
    assert.equal(res.data.document_type, 'PASSPORT');
    assert.equal(res.data.document_number, 'X12345');
    assert.equal(res.data.area, area.uid);
    assert.equal(res.data.birthdate, '1985-12-31');
    const cleared = await t.patch(
      '/api/v5/me/',
      { birthdate: null, mobile_number: null, area: null },
      { headers: m.auth },
    );
    assert.equal(cleared.data.birthdate, null);
    assert.equal(cleared.data.mobile_number, null);
    assert.equal(cleared.data.area, null);
  });

  test('bad values give field errors and change nothing', async () => {
    const m = await registerMember(t, 'localhost');
    const other = await (await import('./support/accounts')).makeTenant(t, 'profile-other');
    const res = await t.patch(
      '/api/v5/me/',
      {
        first_name: '',
        birthdate: '2020-01-01',
        mobile_number: 'abc',
        gender: 'x',
        document_type: 'NATIONAL_ID',
        document_number: '12',
        area: other.app.countries[0].areas[0].uid,
      },
      { headers: m.auth },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(res.data).sort(), ['first_name', 'gender']);
    const res2 = await t.patch(
      '/api/v5/me/',
      {
        birthdate: '2020-01-01',
        mobile_number: 'abc',
        document_type: 'NATIONAL_ID',
        document_number: '12',
        area: other.app.countries[0].areas[0].uid,
      },
      { headers: m.auth },
    );
    assert.deepEqual(res2.data, {
      birthdate: ['Debes ser mayor de edad'],
      mobile_number: [
        'Ingresar el código de país antes del número, por ejemplo: +51, +52, +57, +593',
      ],
      document_number: ['Ingresar un dni correcto.'],
      area: ['Selecciona un área válida.'],
    });
    assert.deepEqual(
      (await t.patch('/api/v5/me/', { birthdate: '1990-13-01' }, { headers: m.auth })).data,
      { birthdate: ['Ingresar una fecha correcta'] },
    );
    const me = await t.get('/api/v5/me/', { headers: m.auth });
    assert.equal(me.data.birthdate, '1990-05-14');
    assert.equal(me.data.document_number, m.body.document_number);
  });

  test("cannot take another member's document or mobile number", async () => {
    const a = await registerMember(t, 'localhost', { mobile_number: '+51911222333' });
    const b = await registerMember(t, 'localhost');
    const res = await t.patch(
      '/api/v5/me/',
      { document_number: a.body.document_number, mobile_number: '911222333' },
      { headers: b.auth },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      document_number: ['Ya existe un usuario con este documento.'],
      mobile_number: ['Ya existe un usuario con este teléfono.'],
    });
  });

  test("fields the member does not own are ignored: email, uid, another member's uid", async () => {
    const a = await registerMember(t, 'localhost');
    const b = await registerMember(t, 'localhost');
    const res = await t.patch(
      '/api/v5/me/',
      { uid: b.user.uid, email: 'hijack@example.com', email_verified: true, last_name: 'Nuevo' },
      { headers: a.auth },
    );
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.uid, a.user.uid);
    assert.equal(res.data.email, a.body.email);
    assert.equal(res.data.email_verified, false);
    const bMe = await t.get('/api/v5/me/', { headers: b.auth });
    assert.equal(bMe.data.last_name, 'Quispe');
  });

  test('without a session: 401 before the body is read', async () => {
    assert.equal((await t.patch('/api/v5/me/', { first_name: 123 })).statusCode, 401);
    assert.equal((await t.get('/api/v5/me/')).statusCode, 401);
  });
});

describe('POST v5/me/change-password/', () => {
  test('needs the current password; ends other sessions, keeps this one', async () => {
    const m = await registerMember(t, 'localhost');
    const other = await t.post('/api/v5/login/', {
      email: m.body.email,
      password: m.body.password,
    });
    const wrong = await t.post(
      '/api/v5/me/change-password/',
      {
        old_password: 'nope nope',
        password: 'Nueva clave 9',
        password_confirmation: 'Nueva clave 9',
      },
      { headers: m.auth },
    );
    assert.deepEqual(wrong.data, { old_password: ['La contraseña actual no es correcta.'] });
    const mismatch = await t.post(
      '/api/v5/me/change-password/',
      {
        old_password: m.body.password,
        password: 'Nueva clave 9',
        password_confirmation: 'Nueva clave 8',
      },
      { headers: m.auth },
    );
    assert.deepEqual(mismatch.data, { non_field_errors: ['Las contraseñas no coinciden.'] });
    const weak = await t.post(
      '/api/v5/me/change-password/',
      { old_password: m.body.password, password: '99999999', password_confirmation: '99999999' },
      { headers: m.auth },
    );
    assert.deepEqual(weak.data, { password: ['La contraseña no puede tener solo números.'] });
    const ok = await t.post(
      '/api/v5/me/change-password/',
      {
        old_password: m.body.password,
        password: 'Nueva clave 9',
        password_confirmation: 'Nueva clave 9',
      },
      { headers: m.auth },
    );
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.data.detail, 'Tu contraseña fue cambiada.');
    assert.equal((await t.get('/api/v5/me/', { headers: m.auth })).statusCode, 200);
    assert.equal(
      (await t.get('/api/v5/me/', { headers: { authorization: `Token ${other.data.token}` } }))
        .statusCode,
      401,
    );
    assert.equal(
      (await t.post('/api/v5/login/', { email: m.body.email, password: 'Nueva clave 9' }))
        .statusCode,
      200,
    );
  });

  test('missing fields are required', async () => {
    const m = await registerMember(t, 'localhost');
    const res = await t.post('/api/v5/me/change-password/', {}, { headers: m.auth });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(res.data).sort(), [
      'old_password',
      'password',
      'password_confirmation',
    ]);
  });
});
