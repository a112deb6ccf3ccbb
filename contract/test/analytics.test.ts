import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyticsMeasurementId, firebaseConfigured } from '../src/tenancy/analytics';

const full = {
  apiKey: 'key',
  authDomain: 'store.firebaseapp.com',
  databaseURL: 'https://store.firebaseio.com',
  projectId: 'store',
  storageBucket: 'store.appspot.com',
  messagingSenderId: '123',
  appId: '1:123:web:abc',
  measurementId: 'G-ABC123XYZ',
};

test('a Firebase configuration counts only with more than 5 of its 8 fields set', () => {
  assert.equal(firebaseConfigured(full), true);
  assert.equal(firebaseConfigured(null), false);
  assert.equal(firebaseConfigured({}), false);
  const six = { ...full, apiKey: '', databaseURL: ' ' };
  assert.equal(firebaseConfigured(six), true);
  const five = { ...six, storageBucket: undefined };
  assert.equal(firebaseConfigured(five), false);
});

test('the measurement id is used only when the configuration counts and the id is a GA4 id', () => {
  assert.equal(analyticsMeasurementId({ firebase_settings: full }), 'G-ABC123XYZ');
  assert.equal(
    analyticsMeasurementId({
      firebase_settings: { ...full, apiKey: '', authDomain: '', databaseURL: '' },
    }),
    null,
  );
  assert.equal(analyticsMeasurementId({ firebase_settings: { ...full, measurementId: '' } }), null);
  assert.equal(
    analyticsMeasurementId({ firebase_settings: { ...full, measurementId: 'G-1"><script>' } }),
    null,
  );
  assert.equal(analyticsMeasurementId({ firebase_settings: null }), null);
});
