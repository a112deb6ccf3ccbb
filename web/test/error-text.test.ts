import { test } from 'node:test';
import assert from 'node:assert/strict';
import i18next from 'i18next';
import {
  errorCatalogue,
  formatMessage,
  orderMessages,
  staffMessages,
  subscriptionMessages,
} from '@store/contract';
import { errorText } from '../src/lib/error-text';
import { ApiError } from '../src/api/client';
import { es } from '../src/i18n/es';
import { en } from '../src/i18n/en';
import { errorResources } from '../src/i18n/errors';

async function i18n(lng: 'es' | 'en') {
  const t = i18next.createInstance();
  await t.init({
    // As the app has them once the error texts are loaded (i18n/index.ts loadErrorTexts).
    resources: {
      es: { translation: { ...es, errors: errorResources('es') } },
      en: { translation: { ...en, errors: errorResources('en') } },
    },
    lng,
    interpolation: { escapeValue: false },
  });
  return (message: string) => errorText(t.t, lng, message);
}

test('a code with its parameters reads in the reader language; other texts pass through', async () => {
  const outOfStock = formatMessage(orderMessages.outOfStock, { product: 'Torta' });
  const unpaid = formatMessage(orderMessages.tooManyUnpaid, { max: 3 });
  const active = formatMessage(subscriptionMessages.tooManyActive, { max: 2 });
  const inEs = await i18n('es');
  assert.equal(inEs(outOfStock), 'Sin stock: Torta');
  assert.equal(inEs(orderMessages.cardDeclined), 'Tu tarjeta no pudo ser procesada correctamente');
  assert.equal(inEs(orderMessages.noOrders), 'No se encontraron pedidos');
  assert.match(inEs(unpaid), /^Ya tienes 3 pedidos sin pagar/);
  assert.equal(inEs('Otro mensaje.'), 'Otro mensaje.');
  assert.equal(inEs('¿Seguro? Sí.'), '¿Seguro? Sí.');
  assert.equal(inEs('orders.no_such_code?x=1'), 'orders.no_such_code?x=1');
  const inEn = await i18n('en');
  assert.equal(inEn(outOfStock), 'Out of stock: Torta');
  assert.match(inEn(unpaid), /^You already have 3 unpaid orders/);
  assert.match(inEn(active), /^You already have 2 active subscriptions/);
  assert.equal(
    inEn(staffMessages.duplicatePhone),
    'More than one user was found with this phone number, enter the document number',
  );
});

test('an order move refused names both statuses in the reader words', async () => {
  const refused = formatMessage(orderMessages.transitionRefused, {
    from: 'CANCELED_BY_USER',
    to: 'ACCEPTED',
  });
  assert.equal(
    (await i18n('es'))(refused),
    'El pedido ya está «Cancelado por el cliente» y no puede pasar a «Aceptado».',
  );
  assert.equal(
    (await i18n('en'))(refused),
    'The order is already “Canceled by the client” and cannot move to “Accepted”.',
  );
});

test('every code of the catalogue has a text in both web catalogues', async () => {
  const inEs = await i18n('es');
  const inEn = await i18n('en');
  for (const [code, entry] of Object.entries(errorCatalogue)) {
    if (entry.es.includes('{')) continue;
    assert.equal(inEs(code), entry.es, code);
    assert.equal(inEn(code), entry.en, code);
  }
});

test("an API error exposes its code, params and the fields' codes as refs", () => {
  const detail = new ApiError(404, {
    code: 'coupons.not_found',
    detail: 'Este código no existe',
  });
  assert.equal(detail.code, 'coupons.not_found');
  assert.equal(detail.detailMessage, 'coupons.not_found');
  const field = new ApiError(400, {
    non_field_errors: ['Out of stock: Torta'],
    code: ['El código QR no es válido.'],
    codes: {
      non_field_errors: [{ code: 'orders.out_of_stock', params: { product: 'Torta' } }],
      code: [{ code: 'staff.qr_invalid' }],
    },
  });
  assert.equal(field.code, undefined, 'a field named code is no error code');
  assert.deepEqual(field.fieldCodes.code, [{ code: 'staff.qr_invalid' }]);
  assert.deepEqual(field.fieldErrors, {
    non_field_errors: ['orders.out_of_stock?product=Torta'],
    code: ['staff.qr_invalid'],
  });
  // Without codes (an older server), the texts as they came.
  assert.deepEqual(new ApiError(400, { email: ['x'] }).fieldErrors, { email: ['x'] });
});
