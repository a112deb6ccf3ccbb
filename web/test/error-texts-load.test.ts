import { test } from 'node:test';
import assert from 'node:assert/strict';
import i18next from 'i18next';
import { haveErrorTexts, loadErrorTexts, subscribeErrorTexts } from '../src/i18n';
import { es } from '../src/i18n/es';

test('the error texts arrive without the store event that re-renders every translating component', async () => {
  await i18next.init({ resources: { es: { translation: es } }, lng: 'es', initAsync: false });
  // react-i18next re-renders each component that translates on this event (bindI18nStore 'added').
  let storeEvents = 0;
  i18next.store.on('added', () => (storeEvents += 1));
  let told = 0;
  const unsubscribe = subscribeErrorTexts(() => (told += 1));

  assert.equal(haveErrorTexts(), false);
  await loadErrorTexts();
  unsubscribe();

  assert.equal(
    storeEvents,
    0,
    'no store event: the page is not re-rendered for texts it does not show',
  );
  assert.equal(told, 1, 'the components that show messages are told once');
  assert.equal(haveErrorTexts(), true);
  assert.equal(
    i18next.t('errors.auth.invalid_credentials'),
    'No puedes iniciar sesión con las credenciales proporcionadas.',
  );
  assert.equal(
    i18next.t('errors.auth.invalid_credentials', { lng: 'en' }),
    'Unable to log in with the provided credentials.',
  );
  // Merged beside the catalogue's own texts, not over them.
  assert.equal(i18next.t('menu.login'), 'Iniciar sesión');
});
