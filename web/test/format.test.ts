import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatDay, formatInstant, formatMoney, formatNumber, localeOf } from '../src/lib/format';

test("dates follow the app's language, not the machine's", () => {
  assert.equal(localeOf('es'), 'es-PE');
  assert.equal(localeOf('en'), 'en-US');
  const options = { weekday: 'long', day: 'numeric', month: 'long' } as const;
  assert.equal(formatDay('2026-11-24', 'es', options), 'martes, 24 de noviembre');
  assert.equal(formatDay('2026-11-24', 'en', options), 'Tuesday, November 24');
});

test('a store day stays that day and an instant reads the store clock, whatever the time zone', () => {
  const saved = process.env.TZ;
  try {
    for (const tz of ['UTC', 'America/Lima', 'Pacific/Kiritimati', 'Asia/Tokyo']) {
      process.env.TZ = tz;
      assert.equal(formatDay('2026-12-01', 'es'), '1 de diciembre de 2026');
      // 03:30 UTC on the 2nd is 22:30 on the 1st in Lima.
      const at = formatInstant('2026-12-02T03:30:00Z', 'en', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      assert.equal(at, 'Dec 1, 22:30');
    }
  } finally {
    process.env.TZ = saved;
  }
});

test('numbers and prices group digits and keep two decimals', () => {
  assert.equal(formatNumber(1234567, 'es'), '1,234,567');
  assert.equal(formatNumber(1234567, 'en'), '1,234,567');
  assert.equal(formatMoney('1234.5', 'es'), 'S/ 1,234.50');
  assert.equal(formatMoney(12, 'en', '$'), '$ 12.00');
  assert.equal(formatMoney('x', 'es'), 'S/ 0.00');
});

test('an unreadable value is shown as it came', () => {
  assert.equal(formatDay('soon', 'es'), 'soon');
  assert.equal(formatInstant('never', 'es'), 'never');
});

test('prices and counts are written as Intl writes them in both languages, rounding included', () => {
  const intl = (locale: string, fractionDigits: 2 | null) =>
    new Intl.NumberFormat(
      locale,
      fractionDigits === null
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
  const values = fc.oneof(
    fc.double({ min: -1e14, max: 1e14, noNaN: true }),
    // Prices as the API sends them, and the half-cent cases where float arithmetic would round wrong.
    fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n / 100 + 0.005),
    fc.constantFrom(0, -0, 1.005, 0.005, 0.015, 999.995, 1e-7, -1e-7, 12345678901234.5, Infinity),
  );
  fc.assert(
    fc.property(values, (value) => {
      for (const [language, locale] of [
        ['es', 'es-PE'],
        ['en', 'en-US'],
      ]) {
        assert.equal(formatNumber(value, language), intl(locale, null).format(value), `${value}`);
        assert.equal(
          formatMoney(value, language, '$'),
          // A price that is not a number is shown as 0.00, as before.
          `$ ${intl(locale, 2).format(Number.isFinite(value) ? value : 0)}`,
          `${value}`,
        );
      }
    }),
    { numRuns: 5000 },
  );
});
