import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formRules, firstError, formMessages, messageText, type FormRuleName } from '../src';

/** Each rule with values it must accept and values it must refuse. */
const cases: Record<FormRuleName, { ok: unknown[]; bad: unknown[]; message: string }> = {
  required: {
    ok: ['a', 0, ' x ', true],
    bad: ['', '   ', null, undefined, false],
    message: 'Este campo es requerido',
  },
  business: {
    ok: ['Bodega', 1],
    bad: ['', ' ', null, undefined],
    message: 'Este campo es requerido',
  },
  checked: { ok: [true, '', null, undefined], bad: [false], message: 'Este campo es requerido' },
  email: {
    ok: ['ana@example.com', 'a.b+c@sub.example.pe', ''],
    bad: ['ana', 'ana@', 'ana@example', '@example.com', 'ana example@x.com', 'ana@@example.com'],
    message: 'Ingresar un email correcto',
  },
  numeric: {
    ok: ['1', '-1', '+1', '1.5', '-0.25', '.5', '10.', ''],
    bad: ['a', '1,5', '1.2.3', '--1', '+', '1e5'],
    message: 'Ingresar un número',
  },
  positiveNumber: {
    ok: ['1', '+1', '1.5', '.5', ''],
    bad: ['-1', 'a', '1,5', '+-1'],
    message: 'Ingresar un número válido',
  },
  dni: {
    ok: ['12345678', '123456789', ''],
    bad: ['1234567', '1234567890', '1234567a', 'abcdefgh'],
    message: 'Ingresar un dni correcto.',
  },
  telephone: {
    ok: ['987654321', '+51987654321', '+593987654321', ''],
    bad: ['98765432', '9876543210', '+', '+51 98', 'abc', '+-5'],
    message: 'Ingresar el código de país antes del número, por ejemplo: +51, +52, +57, +593',
  },
  dateSlash: {
    ok: ['01/01/2000', '29/02/2024', '31/12/1999', ''],
    bad: ['29/02/2023', '31/04/2020', '2020-01-01', '1/1/2000', '00/01/2000', '01/13/2000'],
    message: 'Ingresar una fecha correcta',
  },
  time: {
    ok: ['00:00', '23:59', '12:30:15', ''],
    bad: ['24:00', '12:60', '7:00', 'noon'],
    message: 'Ingresar una hora correcta',
  },
  url: {
    ok: [
      'http://example.com',
      'https://sub.example.pe/path?x=1',
      'ftp://files.example.org',
      'http://localhost:3000',
      '',
    ],
    bad: [
      'example.com',
      'mailto:a@b.com',
      'http://',
      'https://exa mple.com',
      'javascript:alert(1)',
      'http://-bad-.com',
    ],
    message: 'Ingresar una URL correcta',
  },
};

describe('generic form rules', () => {
  for (const [name, { ok, bad, message }] of Object.entries(cases)) {
    test(`${name} accepts valid values and refuses others with '${message}'`, () => {
      const check = formRules[name as FormRuleName];
      for (const value of ok)
        assert.equal(
          check(value as string),
          undefined,
          `${name} should accept ${JSON.stringify(value)}`,
        );
      for (const value of bad)
        assert.equal(
          messageText(check(value as string) ?? ''),
          message,
          `${name} should refuse ${JSON.stringify(value)}`,
        );
    });
  }

  test('empty values pass every rule except required and business', () => {
    for (const [name, check] of Object.entries(formRules)) {
      const result = check('');
      if (name === 'required' || name === 'business') assert.equal(result, formMessages.required);
      else assert.equal(result, undefined, name);
    }
  });

  test('firstError answers the first broken rule in order', () => {
    assert.equal(firstError('', formRules.required, formRules.email), formMessages.required);
    assert.equal(firstError('ana', formRules.required, formRules.email), formMessages.email);
    assert.equal(firstError('ana@example.com', formRules.required, formRules.email), undefined);
  });

  test('values are trimmed before they are judged', () => {
    assert.equal(formRules.dni(' 12345678 '), undefined);
    assert.equal(formRules.email(' ana@example.com '), undefined);
  });
});
