import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Place, Product } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

let t: TestApp;
let miraflores: string;
let barranco: string;
let americano: Product;
let methods: { uid: string; type: string }[];
let member: Awaited<ReturnType<typeof registerMember>>;

before(async () => {
  t = await startTestApp();
  const places: Place[] = (await t.get('/api/v7/places/')).data.results;
  miraflores = places.find((p) => p.name === 'Aurora Miraflores')!.uid;
  barranco = places.find((p) => p.name === 'Aurora Barranco')!.uid;
  const products: Product[] = (await t.get(`/api/v7/places/${miraflores}/products/?page_size=100`))
    .data.results;
  americano = products.find((p) => p.title === 'Americano')!;
  methods = (await t.get(`/api/v5/places/${miraflores}/checkout-options/`)).data.payment_methods;
  member = await registerMember(t, 'localhost');
});
after(() => t?.close());

const method = (type: string) => methods.find((m) => m.type === type)!.uid;
function body(overrides: Record<string, unknown> = {}) {
  const size = americano.option_groups.find((g) => g.minimum_to_select > 0);
  return {
    products: [
      {
        uid: americano.uid,
        quantity: 2,
        option_groups: size ? [{ uid: size.uid, options: [{ uid: size.options[0].uid }] }] : [],
      },
    ],
    weekdays: ['monday', 'wednesday', 'friday'],
    time_slot: { start: '07:30', end: '08:00' },
    payment_method: method('CASH'),
    ...overrides,
  };
}
const subscribe = (b: unknown, place = miraflores, auth = member.auth) =>
  t.post(`/api/v5/places/${place}/subscriptions/`, b, { headers: auth });

describe('subscriptions', () => {
  test('subscribes on weekdays in a slot of the place hours, priced by the server', async () => {
    const res = await subscribe(body({ weekdays: ['friday', 'monday', 'monday'] }));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.status, 'active');
    assert.deepEqual(res.data.weekdays, ['monday', 'friday']);
    assert.deepEqual(res.data.time_slot, { start: '07:30', end: '08:00' });
    assert.equal(res.data.shipping_type, 'pickup');
    assert.equal(res.data.products[0].quantity, 2);
    assert.equal(res.data.subtotal, res.data.products[0].total);
    assert.equal(res.data.payment_method.type, 'CASH');
  });

  test('delivery subscriptions carry the fare of the place', async () => {
    const areas = (await t.get('/api/v7/areas/')).data.results as { uid: string; name: string }[];
    const res = await subscribe(
      body({
        shipping_type: 'delivery',
        delivery: {
          area: areas.find((a) => a.name === 'Lima')!.uid,
          address: 'Av. Pardo 1',
          latitude: -12.1311,
          longitude: -77.0297,
        },
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.notEqual(res.data.delivery_price, '0.00');
    assert.equal(res.data.district, 'Lima');
  });

  test("the spec's validations: a weekday, a slot, a payment method", async () => {
    assert.deepEqual((await subscribe(body({ weekdays: [] }))).data, {
      weekdays: ['Elige al menos un día de la semana.'],
    });
    const noSlot = await subscribe(body({ time_slot: undefined }));
    assert.equal(noSlot.statusCode, 400);
    assert.ok(noSlot.data.time_slot, noSlot.body);
    assert.deepEqual((await subscribe(body({ payment_method: '' }))).data, {
      payment_method: ['Este campo es requerido'],
    });
    assert.deepEqual((await subscribe(body({ payment_method: 'nope' }))).data, {
      payment_method: ['Este método de pago no está disponible.'],
    });
    assert.deepEqual((await subscribe(body({ payment_method: method('ONLINE_CARD') }))).data, {
      payment_method: [
        'Las suscripciones se pagan en cada entrega: elige efectivo o tarjeta contra entrega.',
      ],
    });
    assert.equal((await subscribe(body({ weekdays: ['someday'] }))).statusCode, 400);
  });

  test('the slot must be a half-hour slot within the hours of every chosen day', async () => {
    assert.deepEqual(
      (
        await subscribe(
          body({ weekdays: ['monday', 'sunday'], time_slot: { start: '15:00', end: '15:30' } }),
        )
      ).data,
      {
        time_slot: ['Este horario no está disponible los domingos.'],
      },
    );
    assert.deepEqual(
      (await subscribe(body({ time_slot: { start: '07:10', end: '07:40' } }))).data.time_slot,
      [
        'Este horario no está disponible los lunes.',
        'Este horario no está disponible los miércoles.',
        'Este horario no está disponible los viernes.',
      ],
    );
    assert.equal(
      (await subscribe(body({ time_slot: { start: '25:00', end: '25:30' } }))).statusCode,
      400,
    );
  });

  test('a place without subscriptions refuses them; products are checked as in the cart', async () => {
    assert.deepEqual((await subscribe(body(), barranco)).data, {
      non_field_errors: ['Este local no ofrece suscripciones.'],
    });
    const bad = await subscribe(body({ products: [{ uid: 'nope', quantity: 1 }] }));
    assert.deepEqual(bad.data, { 'products.0.uid': ['Este producto no se vende en este local.'] });
    assert.equal(
      (await t.post(`/api/v5/places/${miraflores}/subscriptions/`, body())).statusCode,
      401,
    );
  });

  test("lists the member's own, filtered and paged; cancels with canceled_by_user only", async () => {
    const m = await registerMember(t, 'localhost');
    const other = await registerMember(t, 'localhost');
    const a = (await subscribe(body(), miraflores, m.auth)).data;
    const b = (
      await subscribe(
        body({ weekdays: ['saturday'], time_slot: { start: '09:00', end: '09:30' } }),
        miraflores,
        m.auth,
      )
    ).data;
    await subscribe(body(), miraflores, other.auth);
    const list = await t.get('/api/v5/subscriptions/', { headers: m.auth });
    assert.equal(list.data.count, 2);
    assert.deepEqual(
      list.data.results.map((s: { uid: string }) => s.uid),
      [b.uid, a.uid],
    );

    assert.deepEqual(
      (await t.patch(`/api/v5/subscriptions/${a.uid}/`, { status: 'active' }, { headers: m.auth }))
        .data,
      {
        status: ['Solo se puede cancelar la suscripción (canceled_by_user).'],
      },
    );
    assert.equal(
      (
        await t.patch(
          `/api/v5/subscriptions/${a.uid}/`,
          { status: 'canceled_by_user' },
          { headers: other.auth },
        )
      ).statusCode,
      404,
    );
    const canceled = await t.patch(
      `/api/v5/subscriptions/${a.uid}/`,
      { status: 'canceled_by_user' },
      { headers: m.auth },
    );
    assert.equal(canceled.statusCode, 200);
    assert.equal(canceled.data.status, 'canceled_by_user');
    assert.ok(canceled.data.canceled_at);
    assert.deepEqual(
      (
        await t.patch(
          `/api/v5/subscriptions/${a.uid}/`,
          { status: 'canceled_by_user' },
          { headers: m.auth },
        )
      ).data,
      {
        status: ['Esta suscripción ya está cancelada.'],
      },
    );

    const active = await t.get('/api/v5/subscriptions/?status=active', { headers: m.auth });
    assert.deepEqual(
      active.data.results.map((s: { uid: string }) => s.uid),
      [b.uid],
    );
    assert.equal(
      (await t.get(`/api/v5/subscriptions/?place=${barranco}`, { headers: m.auth })).data.count,
      0,
    );
    assert.equal(
      (await t.get('/api/v5/subscriptions/?status=paused', { headers: m.auth })).statusCode,
      400,
    );
    assert.equal(
      (await t.get('/api/v5/subscriptions/?page_size=1&page=2', { headers: m.auth })).data.results
        .length,
      1,
    );
    assert.equal(
      (
        await t.patch(
          '/api/v5/subscriptions/nope/',
          { status: 'canceled_by_user' },
          { headers: m.auth },
        )
      ).statusCode,
      404,
    );
  });
});
