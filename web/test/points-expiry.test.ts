import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatExpiryDate } from '../src/lib/points-expiry';

test('the expiry day is the server calendar day, whatever the time zone', () => {
  const saved = process.env.TZ;
  try {
    for (const tz of ['UTC', 'America/Lima', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      assert.match(formatExpiryDate('2026-12-01', 'es'), /^1 de diciembre de 2026$/);
      assert.equal(formatExpiryDate('2026-12-01', 'en'), 'December 1, 2026');
    }
  } finally {
    process.env.TZ = saved;
  }
});

test('an unexpected value is shown as it came', () => {
  assert.equal(formatExpiryDate('soon', 'es'), 'soon');
});
