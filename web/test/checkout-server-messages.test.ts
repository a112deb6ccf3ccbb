import { test } from 'node:test';
import assert from 'node:assert/strict';
import i18next from 'i18next';
import { formatMessage, orderMessages, subscriptionMessages } from '@store/contract';
import { translateServerMessage } from '../src/features/checkout/error-messages';
import { es } from '../src/i18n/es';
import { en } from '../src/i18n/en';

test('the unpaid-orders and subscriptions caps read in Spanish and English; other messages pass through', async () => {
  const t = i18next.createInstance();
  await t.init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
  const unpaid = formatMessage(orderMessages.tooManyUnpaid, { max: 3 });
  const active = formatMessage(subscriptionMessages.tooManyActive, { max: 2 });
  assert.match(translateServerMessage(unpaid, t.t), /^You already have 3 unpaid orders/);
  assert.match(translateServerMessage(active, t.t), /^You already have 2 active subscriptions/);
  await t.changeLanguage('es');
  assert.match(translateServerMessage(unpaid, t.t), /^Ya tienes 3 pedidos sin pagar/);
  assert.equal(translateServerMessage('Otro mensaje.', t.t), 'Otro mensaje.');
});
