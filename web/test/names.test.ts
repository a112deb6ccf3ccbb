import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareNames } from '../src/lib/names';

test('names sort in Spanish order: accents ignored, case ignored, ñ after n', () => {
  const names = [
    'Ñaña',
    'zona sur',
    'Ávila',
    'Nazca',
    'avenida',
    'Barranco',
    'Miraflores',
    'ñuñoa',
  ];
  assert.deepEqual([...names].sort(compareNames), [
    'avenida',
    'Ávila',
    'Barranco',
    'Miraflores',
    'Nazca',
    'Ñaña',
    'ñuñoa',
    'zona sur',
  ]);
  // The same order as ICU's Spanish collation for these names.
  assert.deepEqual([...names].sort(compareNames), [...names].sort(new Intl.Collator('es').compare));
  assert.equal(compareNames('Café', 'cafe'), 0);
});
