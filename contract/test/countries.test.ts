import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countries, countryByCode, mobileNumberError, normaliseMobileNumber } from '../src';

test('the country catalogue holds every ISO country with both names and its dial code', () => {
  assert.ok(countries.length > 240, `${countries.length} countries`);
  assert.equal(new Set(countries.map((c) => c.code)).size, countries.length, 'codes are unique');
  for (const c of countries) {
    assert.match(c.code, /^[A-Z]{2}$/);
    assert.match(c.dial_code, /^\+\d{1,4}$/);
    assert.ok(c.name_es && c.name_en, c.code);
  }
  assert.deepEqual(countryByCode('pe'), {
    code: 'PE',
    name_en: 'Peru',
    name_es: 'Perú',
    dial_code: '+51',
  });
  assert.equal(countryByCode('DE')?.name_es, 'Alemania');
  const names = countries.map((c) => c.name_es);
  assert.deepEqual(names, [...names].sort(new Intl.Collator('es').compare), 'by Spanish name');
});

test('mobile numbers are checked against their country: length and ranges, not just digits', () => {
  assert.equal(mobileNumberError(normaliseMobileNumber('987 654 321')), undefined);
  assert.equal(mobileNumberError('+573001234567'), undefined);
  assert.equal(mobileNumberError('+525598765000'), undefined);
  assert.ok(mobileNumberError('+52987650001'), 'Mexico has ten digits after +52');
  assert.ok(mobileNumberError('+51123456789'), 'no Peruvian number starts with 1');
  assert.ok(mobileNumberError('+5198765432'), 'one digit short');
});
