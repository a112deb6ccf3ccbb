import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageCount } from '@store/contract/http/pages';
import { orderStatuses } from '@store/contract/orders/status';
import { cancelReasonCode } from '@store/contract/orders/cancel-reasons';
import { promotionKind, promotionState } from '@store/contract/loyalty/promotions';
import {
  recordKind,
  staffActionsFor,
  staffOrderAction,
  staffRole,
} from '@store/contract/staff/schemas';
import {
  BOARD_FILTERS,
  csvFilename,
  exceedsMaximum,
  lookupFromSearch,
  lookupOfClient,
  lookupToSearch,
  qrCodeFromText,
  recordFiltersFromSearch,
  recordFiltersToSearch,
  recordsQueryOf,
} from '../src/features/staff/logic';
import { staffEs } from '../src/features/staff/i18n/es';
import { staffEn } from '../src/features/staff/i18n/en';

test('a look-up survives the address: document or phone, and nothing else', () => {
  const byDoc = { document_type: 'NATIONAL_ID', document_number: '45678912' };
  assert.deepEqual(lookupFromSearch(lookupToSearch(byDoc)), byDoc);
  assert.deepEqual(lookupFromSearch(lookupToSearch({ mobile_phone: '+51987650001' })), {
    mobile_phone: '+51987650001',
  });
  assert.equal(lookupFromSearch(new URLSearchParams('document_type=NATIONAL_ID')), null);
  assert.equal(lookupFromSearch(new URLSearchParams('')), null);
});

test('a found client is read again by document first, phone second', () => {
  assert.deepEqual(
    lookupOfClient({ document_type: 'PASSPORT', document_number: 'AB123', mobile_phone: '+51999' }),
    {
      document_type: 'PASSPORT',
      document_number: 'AB123',
    },
  );
  assert.deepEqual(
    lookupOfClient({ document_type: null, document_number: null, mobile_phone: '+51999' }),
    { mobile_phone: '+51999' },
  );
  assert.equal(
    lookupOfClient({ document_type: null, document_number: null, mobile_phone: null }),
    null,
  );
});

test('a pasted QR is the code itself or the code parameter of a pasted link', () => {
  assert.equal(qrCodeFromText('  m1.abc.def  '), 'm1.abc.def');
  assert.equal(qrCodeFromText('https://localhost/qr?code=m1.xyz'), 'm1.xyz');
  assert.equal(qrCodeFromText('https://localhost/qr?qr=m1.q'), 'm1.q');
  assert.equal(qrCodeFromText('https://localhost/qr'), 'https://localhost/qr');
});

test('report filters: unknown kinds, bad days and bad pages are dropped before they reach the server', () => {
  const filters = recordFiltersFromSearch(
    new URLSearchParams('kind=refunds&date_from=2026-13&date_to=2026-11-30&page=-3&place_uid=p1'),
  );
  assert.deepEqual(filters, {
    kind: '',
    date_from: '',
    date_to: '2026-11-30',
    place_uid: 'p1',
    page: 1,
  });
  assert.equal(recordFiltersFromSearch(new URLSearchParams('kind=stamps&page=4')).kind, 'stamps');
  assert.equal(recordFiltersFromSearch(new URLSearchParams('page=4')).page, 4);
  assert.deepEqual(recordsQueryOf(filters), {
    kind: undefined,
    date_from: undefined,
    date_to: '2026-11-30',
    place_uid: 'p1',
    page: 1,
  });
});

test('report filters in the address leave out empty values and page 1', () => {
  assert.equal(
    recordFiltersToSearch({
      kind: 'points',
      date_from: '',
      date_to: '2026-11-30',
      place_uid: '',
      page: 1,
    }).toString(),
    'kind=points&date_to=2026-11-30',
  );
  assert.equal(recordFiltersToSearch({ kind: '', page: 3 }).toString(), 'page=3');
});

test('the CSV gets a readable name when the server suggests none', () => {
  const today = new Date('2026-11-22T10:00:00Z');
  assert.equal(
    csvFilename({ kind: 'orders', date_from: '2026-11-01' }, today),
    'registros-orders-2026-11-01-2026-11-22.csv',
  );
  assert.equal(csvFilename({}, today), 'registros-todos-2026-11-22.csv');
});

test('the amount is checked against the maximum only when there is one', () => {
  assert.equal(exceedsMaximum('60.00', '60.00'), false);
  assert.equal(exceedsMaximum('60.01', '60.00'), true);
  assert.equal(exceedsMaximum('1000', null), false);
  assert.equal(exceedsMaximum('', '10.00'), false);
});

test('pages of a paged list', () => {
  assert.equal(pageCount(0, 20), 1);
  assert.equal(pageCount(20, 20), 1);
  assert.equal(pageCount(21, 20), 2);
});

test('the board offers only the moves of the contract state machine', () => {
  assert.deepEqual(staffActionsFor('RECEIVED', 'pickup'), ['accept', 'cancel']);
  assert.deepEqual(staffActionsFor('ACCEPTED', 'pickup'), ['cancel', 'deliver', 'ready']);
  // Ready once: a pickup order marked ready stays ACCEPTED and offers no second mark.
  assert.deepEqual(staffActionsFor('ACCEPTED', 'pickup', '2026-12-03T13:00:00.000Z'), [
    'cancel',
    'deliver',
  ]);
  assert.deepEqual(staffActionsFor('ACCEPTED', 'delivery'), ['cancel', 'ship']);
  assert.deepEqual(staffActionsFor('SHIPPED', 'delivery'), ['deliver']);
  assert.deepEqual(staffActionsFor('DELIVERED', 'delivery'), []);
  assert.deepEqual(staffActionsFor('CANCELED_BY_USER', 'pickup'), []);
  assert.deepEqual([...BOARD_FILTERS].slice(1).sort(), [...orderStatuses].sort());
});

test('both languages name every status, action, kind, state, role and staff message', () => {
  for (const catalogue of [staffEs, staffEn] as Record<string, unknown>[]) {
    const keys = [
      ...orderStatuses.map((s) => `status_${s}`),
      ...staffOrderAction.options.map((a) => `action_${a}`),
      ...promotionKind.options.map((k) => `kind_${k}`),
      ...promotionState.options.map((s) => `promoState_${s}`),
      ...recordKind.options.map((k) => `recordKind_${k}`),
      ...staffRole.options.map((r) => `role_${r}`),
      ...cancelReasonCode.options.map((r) => `reason_${r}`),
    ];
    for (const key of keys) assert.equal(typeof catalogue[key], 'string', key);
  }
});
