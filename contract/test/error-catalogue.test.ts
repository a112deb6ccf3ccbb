import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminMessages,
  authMessages,
  catalogMessages,
  coinOrderMessages,
  couponMessages,
  engagementMessages,
  errorCatalogue,
  errorMessages,
  formMessages,
  loyaltyMessages,
  messageText,
  orderMessages,
  staffMessages,
  subscriptionMessages,
  formatMessage,
  type CatalogueEntry,
} from '../src';
import { splitMessageRef } from '../src/errors/ref-parts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every code has a Spanish and an English text naming the same parameters', () => {
  const entries = Object.entries(errorCatalogue) as [string, CatalogueEntry][];
  assert.ok(entries.length > 150);
  for (const [code, entry] of entries) {
    assert.match(code, /^[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*$/, code);
    assert.ok(entry.es.trim(), `${code} has no Spanish text`);
    assert.ok(entry.en.trim(), `${code} has no English text`);
    assert.deepEqual(placeholders(entry.es), placeholders(entry.en), code);
    assert.ok(!/\{\{/.test(entry.es + entry.en), `${code}: placeholders are {name}, not {{name}}`);
  }
});

test("each area's message object names codes of the catalogue", () => {
  const areas = {
    adminMessages,
    authMessages,
    catalogMessages,
    coinOrderMessages,
    couponMessages,
    engagementMessages,
    errorMessages,
    formMessages,
    loyaltyMessages,
    orderMessages,
    staffMessages,
    subscriptionMessages,
  };
  for (const [name, messages] of Object.entries(areas))
    for (const [key, code] of Object.entries(messages))
      assert.ok(Object.hasOwn(errorCatalogue, code), `${name}.${key} = ${code}`);
  assert.equal(orderMessages.outOfStock, 'orders.out_of_stock');
});

test("the API's detail keeps the spec's words; screens read the reader's language", () => {
  const ref = formatMessage(orderMessages.outOfStock, { product: 'Latte' });
  assert.equal(messageText(ref), 'Out of stock: Latte');
  assert.equal(messageText(ref, 'es'), 'Sin stock: Latte');
  assert.equal(messageText(ref, 'en'), 'Out of stock: Latte');
  assert.equal(
    messageText(authMessages.invalidCredentials),
    messageText(authMessages.invalidCredentials, 'es'),
  );
  const refused = formatMessage(orderMessages.transitionRefused, {
    from: 'DELIVERED',
    to: 'ACCEPTED',
  });
  assert.equal(
    messageText(refused),
    'El pedido ya está «Entregado» y no puede pasar a «Aceptado».',
  );
  assert.equal(
    messageText(refused, 'en'),
    'The order is already “Delivered” and cannot move to “Accepted”.',
  );
});

test('every code is shaped like a ref, so the web app reads refs without the catalogue', () => {
  for (const code of Object.keys(errorCatalogue)) {
    assert.deepEqual(splitMessageRef(code), { code }, code);
    assert.deepEqual(splitMessageRef(`${code}?a=1`), { code, params: { a: '1' } }, code);
  }
  for (const text of ['Otro mensaje.', '¿Seguro?', 'a.b c', 'Error: x.y', '']) {
    assert.equal(splitMessageRef(text), undefined, text);
  }
});
