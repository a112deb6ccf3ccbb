import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loyaltyMessages } from '@store/contract/loyalty/messages';
import {
  blockedMessage,
  blockLinkKind,
  consumptionAmount,
  consumptionError,
  errorMessagesOf,
  levelProgress,
  promotionActions,
  promotionValue,
  qrRefreshDelay,
  qrRenewsAt,
} from '../src/lib/loyalty';
import { redemptionNeedsPresence } from '@store/contract/loyalty/promotions';
import { ApiError } from '../src/api/client';

const levels = {
  bronce: { name: 'Bronce', min_points: 0 },
  plata: { name: 'Plata', min_points: 500 },
  oro: { name: 'Oro', min_points: 1500 },
};

test('error answers: non-field errors first, then field errors, as codes; detail of 404 and 406', () => {
  const field = new ApiError(400, {
    amount: ['The amount exceeds the maximum'],
    non_field_errors: ['X'],
    codes: {
      amount: [{ code: 'loyalty.amount_exceeds_maximum' }],
      non_field_errors: [{ code: 'common.untranslated', params: { text: 'X' } }],
    },
  });
  assert.deepEqual(errorMessagesOf(field), [
    'common.untranslated?text=X',
    loyaltyMessages.amountExceedsMaximum,
  ]);
  const stock = new ApiError(406, {
    code: 'loyalty.stock_exhausted',
    detail: 'The stock for this promotion is exhausted',
  });
  assert.deepEqual(errorMessagesOf(stock), [loyaltyMessages.stockExhausted]);
  // An answer without codes (an older server) still shows its words.
  assert.deepEqual(errorMessagesOf(new ApiError(404, { detail: 'Esta promoción no existe.' })), [
    'Esta promoción no existe.',
  ]);
  assert.deepEqual(errorMessagesOf(new ApiError(500, { error: 'boom' })), []);
  assert.deepEqual(errorMessagesOf(new ApiError(0, null)), []);
  assert.deepEqual(errorMessagesOf(new ApiError(400, 'text')), []);
});

test('level bar: share of the way from the current level to the next', () => {
  assert.equal(
    levelProgress({ current: levels.bronce, next: levels.plata, points_to_next: 250 }, 250),
    50,
  );
  assert.equal(
    levelProgress({ current: levels.plata, next: levels.oro, points_to_next: 870 }, 630),
    13,
  );
  assert.equal(levelProgress({ current: levels.oro, next: null, points_to_next: null }, 4000), 100);
  // Below the first level the bar starts at 0 points.
  assert.equal(
    levelProgress(
      { current: null, next: { name: 'Plata', min_points: 200 }, points_to_next: 150 },
      50,
    ),
    25,
  );
  // A negative balance (a reversal) does not draw a negative bar.
  assert.equal(levelProgress({ current: null, next: levels.plata, points_to_next: 600 }, -100), 0);
});

test('QR refresh: 30 s before it expires, never in a tight loop, never later than 10 minutes', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  assert.equal(qrRefreshDelay('2026-11-22T10:05:00Z', now), 270_000);
  assert.equal(qrRefreshDelay('2026-11-22T10:00:20Z', now), 10_000);
  assert.equal(qrRefreshDelay('2026-11-22T09:00:00Z', now), 10_000);
  assert.equal(qrRefreshDelay('2026-11-22T12:00:00Z', now), 600_000);
  assert.equal(qrRefreshDelay('not a date', now), 10_000);
});

test('the shown step counts down to the renewal: 30 s before a 2-minute QR expires', () => {
  const fetched = Date.parse('2026-11-22T10:00:00Z');
  assert.equal(qrRenewsAt('2026-11-22T10:02:00Z', fetched) - fetched, 90_000);
});

test('staff need the client present to use up what the client owns or is limited to', () => {
  const free = {
    coin_price: 0,
    kind: 'DISCOUNT_RATE' as const,
    limit_per_member: null,
    price: null,
    state: 'not_acquired' as const,
  };
  assert.equal(redemptionNeedsPresence(free), false, 'a free discount anyone may use');
  assert.equal(redemptionNeedsPresence({ ...free, coin_price: 30 }), true, 'coins');
  assert.equal(redemptionNeedsPresence({ ...free, kind: 'STAMPS' }), true, 'stamps');
  assert.equal(redemptionNeedsPresence({ ...free, limit_per_member: 1 }), true, 'a limited use');
  assert.equal(redemptionNeedsPresence({ ...free, price: '15.00' }), true, 'bought by card');
  assert.equal(redemptionNeedsPresence({ ...free, state: 'active' }), true, 'a unit they hold');
});

const base = {
  kind: 'DISCOUNT_RATE' as const,
  rate_discount: 20,
  fixed_discount: null,
  special_price: null,
  gift_card_amount: null,
  stamps_required: null,
};

test('promotion value by kind', () => {
  assert.deepEqual(promotionValue(base), { key: 'rate', value: 20 });
  assert.deepEqual(promotionValue({ ...base, kind: 'FIXED_DISCOUNT', fixed_discount: '5.00' }), {
    key: 'fixed',
    value: '5.00',
  });
  assert.deepEqual(promotionValue({ ...base, kind: 'SPECIAL_PRICE', special_price: '12.00' }), {
    key: 'special',
    value: '12.00',
  });
  assert.deepEqual(promotionValue({ ...base, kind: 'GIFT_CARD', gift_card_amount: '50.00' }), {
    key: 'giftCard',
    value: '50.00',
  });
  assert.deepEqual(promotionValue({ ...base, kind: 'STAMPS', stamps_required: 10 }), {
    key: 'stamps',
    value: 10,
  });
  assert.deepEqual(promotionValue({ ...base, kind: 'GIFT' }), { key: 'gift' });
});

test('actions: coins buy a unit, free ones give a code, missing coins block everything', () => {
  const balances = { points: 630, coins: 120, stamps: 4 };
  const torta = {
    state: 'not_acquired' as const,
    coin_price: 30,
    kind: 'FIXED_DISCOUNT' as const,
    stamps_required: null,
  };
  assert.deepEqual(promotionActions(torta, balances, true), {
    purchase: true,
    buyByCard: false,
    getCode: false,
    activate: true,
    coinsMissing: 0,
    stampsMissing: 0,
  });
  const giftCard = { ...torta, coin_price: 130 };
  assert.deepEqual(promotionActions(giftCard, balances, true), {
    purchase: false,
    buyByCard: false,
    getCode: false,
    activate: false,
    coinsMissing: 10,
    stampsMissing: 0,
  });
  const free = { ...torta, coin_price: 0 };
  assert.deepEqual(promotionActions(free, balances, true), {
    purchase: false,
    buyByCard: false,
    getCode: true,
    activate: true,
    coinsMissing: 0,
    stampsMissing: 0,
  });
  const stamps = {
    state: 'not_acquired' as const,
    coin_price: 0,
    kind: 'STAMPS' as const,
    stamps_required: 10,
  };
  assert.equal(promotionActions(stamps, balances, true).stampsMissing, 6);
  assert.equal(promotionActions(stamps, balances, true).activate, false);
  // A held unit is used at the venue, whatever the balance now.
  assert.deepEqual(promotionActions({ ...giftCard, state: 'active' }, balances, true), {
    purchase: false,
    buyByCard: false,
    getCode: false,
    activate: true,
    coinsMissing: 0,
    stampsMissing: 0,
  });
  // A money price is only bought by card: no code, no taking it at the venue unpaid.
  const spa = { ...torta, coin_price: 0, kind: 'GIFT' as const, price: '25.00' };
  assert.deepEqual(promotionActions(spa, balances, true), {
    purchase: false,
    buyByCard: true,
    getCode: false,
    activate: false,
    coinsMissing: 0,
    stampsMissing: 0,
  });
  assert.equal(promotionActions({ ...spa, state: 'active' }, balances, true).activate, true);
  assert.equal(
    promotionActions({ ...spa, state: 'payment_in_process' }, balances, true).buyByCard,
    false,
  );
  // Non-members and blocked states can do nothing.
  assert.equal(promotionActions(torta, balances, false).activate, false);
  for (const state of [
    'already_used',
    'limit_exceeded',
    'out_of_stock',
    'no_longer_usable',
  ] as const) {
    assert.equal(promotionActions({ ...torta, state }, balances, true).activate, false, state);
  }
});

test('blocked states explain themselves with the catalogue message', () => {
  assert.equal(blockedMessage('already_used'), loyaltyMessages.alreadyUsed);
  assert.equal(blockedMessage('limit_exceeded'), loyaltyMessages.limitExceeded);
  assert.equal(blockedMessage('out_of_stock'), loyaltyMessages.stockExhausted);
  assert.equal(blockedMessage('no_longer_usable'), loyaltyMessages.noLongerUsable);
  assert.equal(blockedMessage('not_acquired'), undefined);
  assert.equal(blockedMessage('active'), undefined);
});

test('consumption amount: optional, a number with 2 decimals, not above the maximum', () => {
  assert.equal(consumptionError('', '60.00'), null);
  assert.equal(consumptionError('45.5', '60.00'), null);
  assert.equal(consumptionError('60', '60.00'), null);
  assert.equal(consumptionError('60.01', '60.00'), 'amountExceedsMaximum');
  assert.equal(consumptionError('1000', null), null);
  assert.equal(consumptionError('12,50', '60.00'), null);
  assert.equal(consumptionError('-3', '60.00'), 'invalid');
  assert.equal(consumptionError('1.234', null), 'invalid');
  assert.equal(consumptionError('abc', null), 'invalid');
  assert.equal(consumptionAmount(' 12,50 '), '12.50');
  assert.equal(consumptionAmount('  '), undefined);
});

test('section and ad links: app paths stay in the app, only http(s) leaves it', () => {
  assert.equal(blockLinkKind('/raffles'), 'internal');
  assert.equal(blockLinkKind('#promociones'), 'anchor');
  assert.equal(blockLinkKind('https://example.com/x'), 'external');
  assert.equal(blockLinkKind('//evil.example'), 'none');
  assert.equal(blockLinkKind('javascript:alert(1)'), 'none');
  assert.equal(blockLinkKind(null), 'none');
});

test('a child company is a store of its own: its flags, hidden sections, currency and prefix', async () => {
  const { companyFor } = await import('../src/lib/current-company');
  const child = {
    uid: 'child',
    name: 'Cevichería',
    logo: null,
    ecommerce_enabled: true,
    subscription_enabled: true,
    benefit_programs_enabled: true,
    gamification_system: 'COINS',
    hidden_for_members: [{ name: 'program' }],
    currency: { code: 'USD', symbol: 'US$' },
    is_main: false,
    opens_soon: false,
  };
  const other = {
    ...child,
    uid: 'other',
    name: 'Juguería',
    subscription_enabled: false,
    benefit_programs_enabled: false,
    gamification_system: null,
    hidden_for_members: [],
    currency: { code: 'PEN', symbol: 'S/' },
    opens_soon: true,
  };
  const app = {
    multisite: true,
    company: {
      uid: 'main',
      name: 'Mercado',
      logo: '/main.svg',
      is_main: true,
      subscription_enabled: false,
      benefit_programs_enabled: false,
      gamification_system: null,
      hidden_for_members: [],
      currency: { code: 'PEN', symbol: 'S/' },
    },
    allowed_companies: [child, other],
    allowed_programs: [],
  } as unknown as Parameters<typeof companyFor>[0];
  const cevicheria = companyFor(app, 'child');
  assert.equal(cevicheria.prefix, '/c/child');
  assert.equal(cevicheria.isMain, false);
  assert.equal(cevicheria.subscription_enabled, true);
  assert.equal(cevicheria.benefit_programs_enabled, true);
  assert.equal(cevicheria.gamification_system, 'COINS');
  assert.deepEqual(cevicheria.hidden_for_members, [{ name: 'program' }]);
  assert.equal(cevicheria.currency.symbol, 'US$');
  assert.equal(cevicheria.logo, '/main.svg', "the main company's logo when the child has none");
  assert.equal(cevicheria.opensSoon, false);
  const jugueria = companyFor(app, 'other');
  assert.equal(jugueria.opensSoon, true);
  assert.equal(jugueria.gamification_system, null);
  assert.equal(companyFor(app, 'unknown').isMain, true);
  assert.equal(companyFor(app, 'unknown').opensSoon, false);
});
