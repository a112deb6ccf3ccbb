import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextDeliveryDate } from '@store/contract/orders/opening-hours';
import {
  buildSubscriptionBody,
  openWeekdays,
  parseRememberedOptions,
  rememberedOptions,
  subscriptionCartKeys,
  subscriptionErrors,
  subscriptionSlots,
  toggleWeekday,
  type SubscriptionValues,
  type Timetable,
} from '../src/lib/subscription-logic';

// Aurora Miraflores: weekdays 07:00-21:00, Saturday 08:00-22:00, Sunday 08:00-14:00.
const miraflores: Timetable = {
  monday: { from: '07:00', to: '21:00' },
  saturday: { from: '08:00', to: '22:00' },
  sunday: { from: '08:00', to: '14:00' },
};
// Aurora Barranco: closed on Sunday.
const barranco: Timetable = {
  monday: { from: '08:00', to: '20:00' },
  saturday: { from: '09:00', to: '21:00' },
  sunday: null,
};

const base: SubscriptionValues = {
  weekdays: ['monday'],
  slot: '07:30',
  shipping_type: 'pickup',
  area: '',
  address: '',
  reference: '',
  latitude: '',
  longitude: '',
  payment_method: 'cash-uid',
  comments: '',
};

test('slots are half hours inside the hours of every chosen day', () => {
  const monday = subscriptionSlots(miraflores, ['monday']);
  assert.deepEqual(monday[0], { start: '07:00', end: '07:30' });
  assert.deepEqual(monday.at(-1), { start: '20:30', end: '21:00' });
  assert.equal(monday.length, 28);
  // Monday and Sunday share 08:00-14:00.
  const shared = subscriptionSlots(miraflores, ['monday', 'sunday']);
  assert.deepEqual(shared[0], { start: '08:00', end: '08:30' });
  assert.deepEqual(shared.at(-1), { start: '13:30', end: '14:00' });
  assert.equal(shared.length, 12);
});

test('no day chosen, or a closed day: no slot', () => {
  assert.deepEqual(subscriptionSlots(miraflores, []), []);
  assert.deepEqual(subscriptionSlots(barranco, ['monday', 'sunday']), []);
  assert.deepEqual(openWeekdays(barranco), [
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
  ]);
});

test('a slot must start on a half hour from the opening of every day', () => {
  const odd: Timetable = {
    monday: { from: '07:15', to: '12:00' },
    saturday: { from: '08:00', to: '12:00' },
    sunday: null,
  };
  // 07:15 + k*30 never meets 08:00 + k*30: no common slot.
  assert.deepEqual(subscriptionSlots(odd, ['monday', 'saturday']), []);
  assert.deepEqual(subscriptionSlots(odd, ['monday'])[0], { start: '07:15', end: '07:45' });
});

test('weekdays stay in calendar order, each once', () => {
  assert.deepEqual(toggleWeekday(['friday'], 'monday', true), ['monday', 'friday']);
  assert.deepEqual(toggleWeekday(['monday', 'friday'], 'monday', true), ['monday', 'friday']);
  assert.deepEqual(toggleWeekday(['monday', 'friday'], 'monday', false), ['friday']);
});

test("the spec's validations: at least one weekday, a slot, a payment method", () => {
  assert.deepEqual(subscriptionErrors(base, subscriptionSlots(miraflores, base.weekdays)), {});
  const none = subscriptionErrors({ ...base, weekdays: [], slot: '', payment_method: '' }, []);
  assert.equal(none.weekdays, 'subscriptions.weekday_required');
  assert.equal(none.slot, 'subscriptions.slot_required');
  assert.equal(none.payment_method, 'form.required');
  // A slot the chosen days do not share is not a choice.
  const sunday = { ...base, weekdays: ['sunday' as const], slot: '07:30' };
  assert.equal(
    subscriptionErrors(sunday, subscriptionSlots(miraflores, sunday.weekdays)).slot,
    'subscriptions.slot_required',
  );
});

test('delivery needs an area, an address and coordinates', () => {
  const delivery = { ...base, shipping_type: 'delivery' as const };
  const errors = subscriptionErrors(delivery, subscriptionSlots(miraflores, base.weekdays));
  assert.equal(errors.area, 'form.required');
  assert.equal(errors.address, 'form.required');
  assert.equal(errors.latitude, 'form.required');
  const filled = {
    ...delivery,
    area: 'lima',
    address: ' Av. Pardo 1 ',
    latitude: '-12.13',
    longitude: 'west',
  };
  assert.deepEqual(
    Object.keys(subscriptionErrors(filled, subscriptionSlots(miraflores, base.weekdays))),
    ['longitude'],
  );
});

test('the body: products of the subscription cart, weekdays in order, the half-hour slot, pickup or delivery', () => {
  const products = [
    { id: 'p-0', uid: 'p', quantity: 2, direct_purchase: false, option_groups: [] },
  ];
  assert.deepEqual(
    buildSubscriptionBody(
      { ...base, weekdays: ['friday', 'monday'], comments: ' sin azúcar ' },
      products,
    ),
    {
      products,
      weekdays: ['monday', 'friday'],
      time_slot: { start: '07:30', end: '08:00' },
      payment_method: 'cash-uid',
      shipping_type: 'pickup',
      comments: 'sin azúcar',
    },
  );
  const delivery = buildSubscriptionBody(
    {
      ...base,
      slot: '20:30',
      shipping_type: 'delivery',
      area: 'lima',
      address: ' Av. Pardo 1 ',
      reference: '',
      latitude: '-12.13',
      longitude: '-77.03',
    },
    products,
  );
  assert.deepEqual(delivery.time_slot, { start: '20:30', end: '21:00' });
  assert.deepEqual(delivery.delivery, {
    area: 'lima',
    address: 'Av. Pardo 1',
    reference: '',
    latitude: -12.13,
    longitude: -77.03,
  });
});

test('a successful subscription clears every subscription cart and only those', () => {
  assert.deepEqual(
    subscriptionCartKeys([
      'cartp1',
      'cartSubscriptionp1',
      'cartSubscriptionp2',
      'cartSubscription',
      'typeCart',
      'token',
    ]),
    ['cartSubscriptionp1', 'cartSubscriptionp2'],
  );
});

test('the choices remembered per place come back only when well-formed', () => {
  const values: SubscriptionValues = {
    ...base,
    weekdays: ['friday', 'monday'],
    address: 'Av. Pardo 1',
  };
  const stored = JSON.stringify(rememberedOptions(values));
  assert.ok(!stored.includes('Pardo'), 'no address is kept');
  assert.deepEqual(parseRememberedOptions(stored), {
    weekdays: ['monday', 'friday'],
    slot: '07:30',
    shipping_type: 'pickup',
    payment_method: 'cash-uid',
  });
  assert.deepEqual(
    parseRememberedOptions('{"weekdays":["monday","funday"],"slot":"7:30","shipping_type":"boat"}'),
    { weekdays: ['monday'] },
  );
  assert.deepEqual(parseRememberedOptions('not json'), {});
  assert.deepEqual(parseRememberedOptions(null), {});
});

test('the next delivery: today while its order can still be made, otherwise the next chosen day (Lima time)', () => {
  // Monday 2026-11-23 07:00 in Lima is 12:00 UTC.
  const mondayMorning = new Date('2026-11-23T12:00:00Z');
  assert.equal(nextDeliveryDate(['monday', 'thursday'], '08:00', mondayMorning), '2026-11-23');
  assert.equal(nextDeliveryDate(['monday', 'thursday'], '07:15', mondayMorning), '2026-11-26');
  assert.equal(nextDeliveryDate(['monday'], '07:15', mondayMorning), '2026-11-30');
  // Sunday 23:00 in Lima is already Monday in UTC.
  assert.equal(
    nextDeliveryDate(['sunday', 'monday'], '20:00', new Date('2026-11-23T04:00:00Z')),
    '2026-11-23',
  );
  assert.equal(nextDeliveryDate([], '08:00', mondayMorning), null);
});
