import { test } from 'node:test';
import assert from 'node:assert/strict';
import { subscriptionSkipReason } from '@store/contract/staff/schemas';
import { recordFiltersFromSearch, skippedDaysQueryOf } from '../src/features/staff/logic';
import { skippedDaysEs } from '../src/features/staff/i18n/skipped-days-es';
import { skippedDaysEn } from '../src/features/staff/i18n/skipped-days-en';

test('skipped subscription days: the filters the address holds, without a kind, empty ones left out', () => {
  const filters = recordFiltersFromSearch(
    new URLSearchParams('kind=stamps&date_from=2026-11-01&date_to=bad&page=2&place_uid=p1'),
  );
  assert.deepEqual(skippedDaysQueryOf(filters), {
    date_from: '2026-11-01',
    date_to: undefined,
    place_uid: 'p1',
    page: 2,
  });
});

test('skipped subscription days: every reason kind the server sends has words in both languages', () => {
  for (const catalogue of [skippedDaysEs, skippedDaysEn])
    for (const reason of subscriptionSkipReason.options)
      assert.ok(catalogue.reasons[reason]?.trim(), `${reason} has no words`);
  assert.equal(skippedDaysEs.reasons.out_of_stock, 'Sin stock');
});
