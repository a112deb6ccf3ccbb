import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  applyDiscounts,
  discountedUnitPrice,
  type DiscountContext,
  type DiscountLine,
  type DiscountRule,
} from '../src/index';

const rule = (over: Partial<DiscountRule>): DiscountRule => ({
  uid: 'r1',
  name: 'Regla',
  kind: 'PERCENT',
  target: 'ORDER',
  productUids: [],
  categoryUids: [],
  value: 1000,
  buyQuantity: null,
  payQuantity: null,
  minSubtotalCents: 0,
  placeUids: [],
  weekdays: [],
  startMinute: null,
  endMinute: null,
  validFrom: null,
  validUntil: null,
  memberLevels: [],
  stackableWithCoupons: true,
  ...over,
});
// Thursday 2026-12-03 18:30 in Lima (UTC-5).
const ctx: DiscountContext = {
  now: new Date('2026-12-03T23:30:00Z'),
  placeUid: 'place-1',
  memberLevels: [],
  couponApplied: false,
};
const line = (
  productUid: string,
  quantity: number,
  unit: number,
  categoryUid: string | null = null,
) => ({
  productUid,
  categoryUid,
  quantity,
  totalCents: unit * quantity,
});

describe('automatic discounts: what each kind gives', () => {
  test('10 % off a category takes it off that category only', () => {
    const r = applyDiscounts(
      [rule({ target: 'CATEGORIES', categoryUids: ['drinks'] })],
      [line('chicha', 2, 800, 'drinks'), line('sandwich', 1, 1500, 'food')],
      ctx,
    );
    assert.deepEqual(r.lineDiscountCents, [160, 0]);
    assert.deepEqual(r.applied, [{ ruleUid: 'r1', name: 'Regla', amountCents: 160 }]);
  });

  test('an amount off each unit of a product, never below zero', () => {
    const r = applyDiscounts(
      [rule({ kind: 'AMOUNT', target: 'PRODUCTS', productUids: ['a'], value: 300 })],
      [line('a', 3, 1000), line('b', 1, 200)],
      ctx,
    );
    assert.equal(r.totalCents, 900);
    const cheap = applyDiscounts(
      [rule({ kind: 'AMOUNT', target: 'PRODUCTS', productUids: ['b'], value: 300 })],
      [line('b', 2, 200)],
      ctx,
    );
    assert.equal(cheap.totalCents, 400);
  });

  test('2x1: of each two units the cheaper is free; lleva 3 paga 2', () => {
    const twoForOne = rule({
      kind: 'BUY_X_PAY_Y',
      target: 'CATEGORIES',
      categoryUids: ['c'],
      buyQuantity: 2,
      payQuantity: 1,
      value: 0,
    });
    const r = applyDiscounts([twoForOne], [line('a', 1, 1000, 'c'), line('b', 2, 600, 'c')], ctx);
    // Units 1000, 600, 600: the group (1000, 600) frees 600; the last 600 has no pair.
    assert.equal(r.totalCents, 600);
    const threeForTwo = { ...twoForOne, buyQuantity: 3, payQuantity: 2 };
    assert.equal(applyDiscounts([threeForTwo], [line('a', 7, 500, 'c')], ctx).totalCents, 1000);
  });

  test('a combo price: each complete set costs the combo price', () => {
    const combo = rule({
      kind: 'COMBO_PRICE',
      target: 'PRODUCTS',
      productUids: ['burger', 'drink'],
      value: 1500,
    });
    const r = applyDiscounts([combo], [line('burger', 2, 1200), line('drink', 1, 600)], ctx);
    assert.equal(r.totalCents, 300);
    assert.equal(r.lineDiscountCents[0] + r.lineDiscountCents[1], 300);
  });

  test('order rules come after item rules, on what is left, and only the best one', () => {
    const r = applyDiscounts(
      [
        rule({ uid: 'item', target: 'PRODUCTS', productUids: ['a'], value: 5000 }),
        rule({ uid: 'small', kind: 'AMOUNT', value: 100 }),
        rule({ uid: 'big', kind: 'PERCENT', value: 1000 }),
      ],
      [line('a', 1, 2000), line('b', 1, 2000)],
      ctx,
    );
    assert.deepEqual(
      r.applied.map((a) => [a.ruleUid, a.amountCents]),
      [
        ['item', 1000],
        ['big', 300],
      ],
    );
  });

  test('a line takes one item rule: the one that gives the most', () => {
    const r = applyDiscounts(
      [
        rule({ uid: 'cat', target: 'CATEGORIES', categoryUids: ['c'], value: 1000 }),
        rule({ uid: 'prod', target: 'PRODUCTS', productUids: ['a'], value: 2000 }),
      ],
      [line('a', 1, 1000, 'c'), line('b', 1, 1000, 'c')],
      ctx,
    );
    assert.deepEqual(
      r.applied.map((a) => [a.ruleUid, a.amountCents]),
      [
        ['cat', 100],
        ['prod', 200],
      ],
    );
  });
});

describe('automatic discounts: when a rule holds', () => {
  const lines = [line('a', 1, 5000)];
  const gives = (over: Partial<DiscountRule>, c: Partial<DiscountContext> = {}) =>
    applyDiscounts([rule(over)], lines, { ...ctx, ...c }).totalCents > 0;

  test('minimum subtotal', () => {
    assert.equal(gives({ minSubtotalCents: 5000 }), true);
    assert.equal(gives({ minSubtotalCents: 5001 }), false);
  });
  test('place', () => {
    assert.equal(gives({ placeUids: ['place-1'] }), true);
    assert.equal(gives({ placeUids: ['place-2'] }), false);
  });
  test('weekday and happy hour in store time (America/Lima)', () => {
    assert.equal(gives({ weekdays: ['thursday'], startMinute: 18 * 60, endMinute: 20 * 60 }), true);
    assert.equal(gives({ weekdays: ['friday'] }), false);
    assert.equal(gives({ startMinute: 17 * 60, endMinute: 18 * 60 + 30 }), false);
    // 22:00 to 02:00 runs past midnight.
    assert.equal(gives({ startMinute: 22 * 60, endMinute: 2 * 60 }), false);
    assert.equal(
      gives({ startMinute: 22 * 60, endMinute: 2 * 60 }, { now: new Date('2026-12-04T06:00:00Z') }),
      true,
    );
  });
  test('date range: from included, until excluded', () => {
    assert.equal(gives({ validFrom: ctx.now }), true);
    assert.equal(gives({ validUntil: ctx.now }), false);
    assert.equal(gives({ validFrom: new Date('2026-12-04T00:00:00Z') }), false);
  });
  test('member level', () => {
    assert.equal(gives({ memberLevels: ['Oro'] }), false);
    assert.equal(gives({ memberLevels: ['Oro'] }, { memberLevels: ['Oro'] }), true);
  });
  test('a coupon sets aside the rules that do not stack with coupons', () => {
    assert.equal(gives({ stackableWithCoupons: false }, { couponApplied: true }), false);
    assert.equal(gives({ stackableWithCoupons: true }, { couponApplied: true }), true);
  });
});

describe('automatic discounts: crossed-out price', () => {
  test('the best percentage or amount off the product; none with a minimum or on the order', () => {
    const product = { uid: 'a', categoryUid: 'c', unitPriceCents: 1000 };
    assert.deepEqual(
      discountedUnitPrice([rule({ target: 'CATEGORIES', categoryUids: ['c'] })], product, ctx)
        ?.cents,
      900,
    );
    assert.equal(discountedUnitPrice([rule({})], product, ctx), null);
    assert.equal(
      discountedUnitPrice(
        [rule({ target: 'CATEGORIES', categoryUids: ['c'], minSubtotalCents: 1 })],
        product,
        ctx,
      ),
      null,
    );
  });
});

describe('automatic discounts: properties', () => {
  const uids = ['a', 'b', 'c', 'd'];
  const arbLine = fc
    .record({
      productUid: fc.constantFrom(...uids),
      categoryUid: fc.constantFrom('x', 'y', null),
      quantity: fc.integer({ min: 1, max: 6 }),
      unit: fc.integer({ min: 1, max: 20_000 }),
    })
    .map((l): DiscountLine => ({ ...l, totalCents: l.unit * l.quantity }));
  const arbRule = fc
    .record({
      uid: fc.constantFrom('r1', 'r2', 'r3', 'r4'),
      kind: fc.constantFrom('PERCENT', 'AMOUNT', 'BUY_X_PAY_Y', 'COMBO_PRICE' as const),
      target: fc.constantFrom('ORDER', 'PRODUCTS', 'CATEGORIES' as const),
      productUids: fc.subarray(uids),
      categoryUids: fc.subarray(['x', 'y']),
      value: fc.integer({ min: 1, max: 10_000 }),
      buyQuantity: fc.integer({ min: 2, max: 4 }),
      payQuantity: fc.integer({ min: 1, max: 3 }),
      minSubtotalCents: fc.integer({ min: 0, max: 30_000 }),
      stackableWithCoupons: fc.boolean(),
    })
    .map((r) => rule(r as Partial<DiscountRule>));

  test('never more than a line or the order costs; the parts add up; nothing negative', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbRule, { selector: (r) => r.uid, maxLength: 4 }),
        fc.array(arbLine, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (rules, lines, couponApplied) => {
          const r = applyDiscounts(rules, lines, { ...ctx, couponApplied });
          const subtotal = lines.reduce((n, l) => n + l.totalCents, 0);
          assert.ok(r.totalCents >= 0 && r.totalCents <= subtotal);
          r.lineDiscountCents.forEach((o, i) => assert.ok(o >= 0 && o <= lines[i].totalCents));
          for (const a of r.applied) assert.ok(a.amountCents > 0);
          assert.equal(
            r.totalCents,
            r.applied.reduce((n, a) => n + a.amountCents, 0),
          );
          assert.equal(new Set(r.applied.map((a) => a.ruleUid)).size, r.applied.length);
          if (couponApplied)
            for (const a of r.applied)
              assert.ok(rules.some((x) => x.uid === a.ruleUid && x.stackableWithCoupons));
        },
      ),
    );
  });

  test('the order of the rules does not change the result', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbRule, { selector: (r) => r.uid, maxLength: 4 }),
        fc.array(arbLine, { minLength: 1, maxLength: 5 }),
        (rules, lines) => {
          const a = applyDiscounts(rules, lines, ctx);
          const b = applyDiscounts([...rules].reverse(), lines, ctx);
          assert.deepEqual(a, b);
        },
      ),
    );
  });
});
