import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countries } from '@store/contract/countries';
import { pageCount } from '@store/contract/http/pages';
import { pageItems } from '../src/features/auth/lib/pagination';
import { tidyName } from '../src/lib/names';
import { dialCodeOptions, splitDialCode, withDialCode } from '../src/lib/phone';
import { birthYears, composeBirthdate, splitBirthdate } from '../src/lib/birthdate';
import {
  afterSignInTarget,
  wantedPath,
  appleClientId,
  facebookAppId,
  googleClientId,
  hasProviderSignIn,
  isProfileComplete,
  loginTabs,
} from '../src/features/auth/lib/signin';

test('pagination shows every page when there are 9 or fewer', () => {
  assert.deepEqual(pageItems(1, 1), [1]);
  assert.deepEqual(pageItems(4, 9), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(pageItems(1, 0), []);
});

test('pagination groups the left-out pages with an ellipsis at the end, the start, or both', () => {
  assert.deepEqual(pageItems(1, 20), [1, 2, 3, 4, 5, 6, 7, 'end-ellipsis', 20]);
  assert.deepEqual(pageItems(20, 20), [1, 'start-ellipsis', 14, 15, 16, 17, 18, 19, 20]);
  assert.deepEqual(pageItems(6, 20), [1, 'start-ellipsis', 4, 5, 6, 7, 8, 'end-ellipsis', 20]);
  assert.deepEqual(pageItems(10, 20), [1, 'start-ellipsis', 8, 9, 10, 11, 12, 'end-ellipsis', 20]);
  assert.deepEqual(pageItems(5, 10), [1, 2, 3, 4, 5, 6, 7, 'end-ellipsis', 10]);
  // Always the current page, the first and the last; never more than 9 items.
  for (let total = 10; total <= 40; total += 1) {
    for (let page = 1; page <= total; page += 1) {
      const items = pageItems(page, total);
      assert.ok(items.length <= 9, `${page}/${total}`);
      assert.ok(
        items.includes(page) && items[0] === 1 && items.at(-1) === total,
        `${page}/${total}`,
      );
    }
  }
});

test('pages of 25: 0 to 25 items is one page, 26 is two', () => {
  assert.equal(pageCount(0, 25), 1);
  assert.equal(pageCount(25, 25), 1);
  assert.equal(pageCount(26, 25), 2);
});

test('whole names are sent, spaces tidied', () => {
  assert.equal(tidyName('  Lucía   María '), 'Lucía María');
  assert.equal(tidyName('Quispe\tHuamán'), 'Quispe Huamán');
  assert.equal(tidyName(''), '');
  assert.equal(tidyName(null), '');
});

test('the mobile number is sent as dial code plus number, +51 by default', () => {
  assert.equal(withDialCode('+51', '987 654 321'), '+51987654321');
  assert.equal(withDialCode('+57', '300-123-4567'), '+573001234567');
  assert.equal(withDialCode('', '987654321'), '+51987654321');
  assert.equal(withDialCode('+51', ''), '');
  assert.equal(withDialCode('+51', '+34600111222'), '+34600111222');
});

test('a stored number splits into its longest known dial code and the rest', () => {
  assert.deepEqual(splitDialCode('+51987654321', countries), {
    dialCode: '+51',
    number: '987654321',
  });
  assert.deepEqual(splitDialCode('+593991234567', countries), {
    dialCode: '+593',
    number: '991234567',
  });
  assert.deepEqual(splitDialCode(null, countries), { dialCode: '+51', number: '' });
  const options = dialCodeOptions(countries, 'es');
  const values = options.map((o) => o.value);
  assert.equal(new Set(values).size, values.length, 'each dial code once');
  assert.ok(countries.length > 240, 'every ISO country');
  assert.deepEqual(
    options.find((o) => o.value === '+51'),
    { value: '+51', label: '+51 Perú' },
  );
  assert.equal(options.find((o) => o.value === '+1')?.label.endsWith('…'), true);
  assert.equal(
    dialCodeOptions(countries, 'en').find((o) => o.value === '+49')?.label,
    '+49 Germany',
  );
  assert.ok(Number(values[0].slice(1)) < Number(values.at(-1)!.slice(1)), 'numeric order');
});

test('birthdate selects compose YYYY-MM-DD; years run from this year down to 1900, so older customers can register', () => {
  assert.equal(composeBirthdate('4', '5', '1990'), '1990-05-04');
  assert.equal(composeBirthdate('', '', ''), '');
  assert.match(composeBirthdate('4', '', '1990'), /^1990-00-04$/);
  assert.deepEqual(splitBirthdate('1990-05-04'), { day: '4', month: '5', year: '1990' });
  const years = birthYears(new Date(2026, 0, 1));
  assert.equal(years[0], 2026);
  assert.equal(years.at(-1), 1900);
  assert.ok(years.includes(1948));
});

test('login tabs follow the sign-in methods; the profile is complete only with the five fields', () => {
  const method = (type: string) => ({ type: type as 'EMAIL', settings: {} });
  assert.deepEqual(loginTabs({ signin_methods: [method('ONLY_DOCUMENT'), method('EMAIL')] }), [
    'email',
    'document',
  ]);
  assert.deepEqual(loginTabs({ signin_methods: [method('MOBILE_NUMBER')] }), ['mobile']);
  const full = {
    first_name: 'Ana',
    last_name: 'Quispe',
    birthdate: '1990-05-14',
    document_number: '45678912',
    gender: 'f',
  };
  assert.equal(isProfileComplete(full), true);
  for (const key of Object.keys(full))
    assert.equal(isProfileComplete({ ...full, [key]: '' }), false, key);
});

test('the Google button needs a GOOGLE method with a client id; it is no login tab', () => {
  const google = (settings: Record<string, unknown>) => ({
    signin_methods: [
      { type: 'EMAIL' as const, settings: {} },
      { type: 'GOOGLE' as const, settings },
    ],
  });
  assert.equal(googleClientId(google({ client_id: ' id-1.apps ' })), 'id-1.apps');
  assert.equal(googleClientId(google({})), null);
  assert.equal(googleClientId(google({ client_id: '  ' })), null);
  assert.equal(googleClientId(google({ client_id: 42 })), null);
  assert.equal(googleClientId({ signin_methods: [{ type: 'EMAIL', settings: {} }] }), null);
  assert.deepEqual(loginTabs(google({ client_id: 'id-1' })), ['email']);
});

test("Facebook's app id and Apple's client id come from their methods; no id, no button", () => {
  const app = (...methods: { type: string; settings: Record<string, unknown> }[]) => ({
    signin_methods: methods as { type: never; settings: Record<string, unknown> }[],
  });
  const facebook = app({ type: 'FACEBOOK', settings: { app_id: ' 1001 ' } });
  const apple = app({ type: 'IOS', settings: { client_id: 'pe.tienda.web' } });
  assert.equal(facebookAppId(facebook), '1001');
  assert.equal(facebookAppId(app({ type: 'FACEBOOK', settings: {} })), null);
  assert.equal(facebookAppId(apple), null);
  assert.equal(appleClientId(apple), 'pe.tienda.web');
  assert.equal(appleClientId(app({ type: 'IOS', settings: { client_id: 7 } })), null);
  assert.equal(hasProviderSignIn(facebook), true);
  assert.equal(hasProviderSignIn(apple), true);
  assert.equal(hasProviderSignIn(app({ type: 'FACEBOOK', settings: {} })), false);
  assert.equal(hasProviderSignIn(app({ type: 'EMAIL', settings: {} })), false);
  assert.deepEqual(loginTabs(facebook), []);
});

test('after signing in: the wanted page of ours, else /complete-info unless skipped, else /', () => {
  const incomplete = { first_name: 'Gina', last_name: 'Gómez' };
  const complete = {
    ...incomplete,
    birthdate: '1990-05-14',
    document_number: '45678912',
    gender: 'f',
  };
  assert.equal(afterSignInTarget(incomplete, '/profile', false), '/profile');
  assert.equal(afterSignInTarget(incomplete, undefined, false), '/complete-info');
  assert.equal(afterSignInTarget(incomplete, undefined, true), '/');
  // A limited session (document number alone) cannot change the profile: never sent to complete it.
  assert.equal(afterSignInTarget({ ...incomplete, limited_session: true }, undefined, false), '/');
  assert.equal(afterSignInTarget(complete, undefined, false), '/');
  for (const wanted of ['//evil.example', 'https://evil.example/', '/login', ''])
    assert.equal(afterSignInTarget(complete, wanted, false), '/', wanted);
});

test('a wanted page is one of ours that does not send the member round again', () => {
  assert.equal(wantedPath('/checkout'), '/checkout');
  assert.equal(wantedPath('/c/abc/checkout?x=1'), '/c/abc/checkout?x=1');
  assert.equal(wantedPath('/registered-things'), '/registered-things');
  for (const wanted of [
    '//evil.example',
    'https://evil.example/',
    '/login',
    '/register/',
    '/complete-info',
    '',
    undefined,
    null,
  ])
    assert.equal(wantedPath(wanted), null, String(wanted));
});
