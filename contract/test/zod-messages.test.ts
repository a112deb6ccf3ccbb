import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  emailField,
  isoDate,
  requiredText,
  ruleString,
  formRules,
  formatMessage,
  messageText,
  parseMessageRef,
} from '../src';

const messages = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => messageText(i.message));
};

test('zod checks without a message of their own answer in Spanish', () => {
  const schema = z.object({ name: z.string().max(3), age: z.number(), kind: z.enum(['a', 'b']) });
  const result = schema.safeParse({ name: 'abcd', age: 'x', kind: 'c' });
  assert.equal(result.success, false);
  const byPath = Object.fromEntries(
    result.error!.issues.map((i) => [i.path.join('.'), messageText(i.message)]),
  );
  assert.deepEqual(byPath, {
    name: 'Asegúrate de que este campo no tenga más de 3 caracteres',
    age: 'Ingresar un número',
    kind: 'Elige una opción válida: a, b',
  });
  assert.deepEqual(messages(z.object({ name: z.string() }), {}), ['Este campo es requerido']);
});

test('requiredText trims and refuses blank text', () => {
  assert.deepEqual(messages(requiredText(), '   '), ['Este campo es requerido']);
  assert.equal(requiredText().parse('  Ana '), 'Ana');
  assert.deepEqual(messages(requiredText(5), 'abcdefg'), [
    'Asegúrate de que este campo no tenga más de 5 caracteres',
  ]);
});

test('emailField lower-cases and checks the pattern', () => {
  assert.equal(emailField().parse(' Ana@Example.COM '), 'ana@example.com');
  assert.deepEqual(messages(emailField(), 'ana@'), ['Ingresar un email correcto']);
  assert.deepEqual(messages(emailField(), ''), ['Este campo es requerido']);
});

test('isoDate accepts real YYYY-MM-DD days only', () => {
  assert.equal(isoDate().parse('2000-02-29'), '2000-02-29');
  for (const bad of ['2001-02-29', '2000-13-01', '01/01/2000', '2000-1-1']) {
    assert.deepEqual(messages(isoDate(), bad), ['Ingresar una fecha correcta'], bad);
  }
});

test('ruleString applies the generic rules with their messages', () => {
  const dni = ruleString(formRules.required, formRules.dni);
  assert.deepEqual(messages(dni, ''), ['Este campo es requerido']);
  assert.deepEqual(messages(dni, '123'), ['Ingresar un dni correcto.']);
  assert.deepEqual(messages(dni, '12345678'), []);
});

test('formatMessage carries the code and its parameters; messageText fills them', () => {
  const ref = formatMessage('orders.out_of_stock', { product: 'Café & Té?' });
  assert.deepEqual(parseMessageRef(ref), {
    code: 'orders.out_of_stock',
    params: { product: 'Café & Té?' },
  });
  assert.equal(messageText(ref), 'Out of stock: Café & Té?');
  assert.equal(messageText(ref, 'es'), 'Sin stock: Café & Té?');
  assert.equal(messageText('not a code'), 'not a code');
});
