import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdminProduct } from '@store/contract/admin/catalogue';
import {
  formPath,
  newGroup,
  productResolver,
  toBody,
  valuesOf,
} from '../src/features/admin/catalogue/product-form-values';

const places = [
  { uid: '11111111-1111-4111-8111-111111111111', name: 'Barranco' },
  { uid: '22222222-2222-4222-8222-222222222222', name: 'Miraflores' },
];

const resolve = (values: ReturnType<typeof valuesOf>) =>
  // The resolver's context and options are not read.
  productResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

test('a new product is sold at every place; the body lists only ticked places, tags split', () => {
  const values = valuesOf(undefined, places);
  assert.deepEqual(
    values.places.map((p) => p.listed),
    [true, true],
  );
  values.title = 'Tarta';
  values.price = '12.00';
  values.tags = ' postre, , frutal ';
  values.places[0].listed = false;
  values.places[1].price = '13.00';
  values.places[1].stock = '4';
  const body = toBody(values);
  assert.deepEqual(body.tags, ['postre', 'frutal']);
  assert.deepEqual(body.places, [
    { place: places[1].uid, is_active: true, stock: 4, price: '13.00' },
  ]);
  assert.equal(body.coin_price, null, 'no coin price unless redeemable');
});

test("the contract's rules land on the form's fields, places mapped back to their row", async () => {
  const values = valuesOf(undefined, places);
  values.title = '';
  values.price = 'quince';
  values.places[0].listed = false;
  values.places[1].stock = '-2';
  const group = newGroup();
  group.minimum_to_select = 3;
  group.maximum_to_select = 1;
  group.options[0].price = 'x';
  values.option_groups = [group];
  const { errors } = await resolve(values);
  const e = errors as Record<string, any>;
  assert.equal(e.title.message, 'form.required');
  assert.ok(e.price.message);
  // Body row 0 is the form's row 1: the only ticked place.
  assert.ok(e.places[1].stock.message);
  assert.equal(e.places[0], undefined);
  assert.ok(e.option_groups[0].options[0].price.message);
  assert.equal(formPath('places.0.price', values), 'places.1.price');
  assert.equal(formPath('option_groups.0.name', values), 'option_groups.0.name');
});

test('an edited product keeps its uids and place rows in the form', () => {
  const product = {
    uid: 'p',
    title: 'Café',
    short_description: '',
    description: '',
    price: '6.50',
    image: null,
    category: null,
    brand: null,
    sku: null,
    is_active: true,
    is_redeemable: false,
    coin_price: null,
    subscription_available: false,
    tags: ['caliente'],
    option_groups: [
      {
        uid: 'g',
        name: 'Tamaño',
        description: '',
        minimum_to_select: 1,
        maximum_to_select: 1,
        is_active: true,
        options: [{ uid: 'o', name: 'Grande', description: '', price: '2.00', is_active: true }],
      },
    ],
    places: [
      {
        place: { uid: places[1].uid, name: 'Miraflores' },
        is_active: false,
        stock: 3,
        low_stock_threshold: null,
        price: null,
      },
    ],
    version: 4,
  } satisfies AdminProduct;
  const values = valuesOf(product, places);
  assert.deepEqual(
    values.places.map((p) => [p.listed, p.is_active, p.stock]),
    [
      [false, true, ''],
      [true, false, '3'],
    ],
  );
  const body = toBody(values);
  assert.equal(body.option_groups?.[0].uid, 'g');
  assert.equal(body.option_groups?.[0].options[0].uid, 'o');
  assert.equal(body.subscription_available, false);
  assert.deepEqual(body.tags, ['caliente']);
});
