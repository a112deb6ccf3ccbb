import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged, product } from '@store/contract';
import { schemaSerializerCompiler } from '../src/lib/schema-serializer';

const route = (schema: z.ZodType, httpStatus = '200') => ({
  schema,
  method: 'GET',
  url: '/products/',
  httpStatus,
});

const item = (i: number) => ({
  uid: `00000000-0000-4000-8000-00000000000${i}`,
  id: i,
  title: `Café "de la casa" ${i}`,
  name: `Café "de la casa" ${i}`,
  short_description: 'línea 1\nlínea 2 \u2028 <b>',
  description: '',
  image: i % 2 ? null : 'https://img.example/a.png',
  image_reverse: null,
  unit_price: '12.50',
  coin_price: i % 2 ? 30 : null,
  stock: i % 3 ? null : 0,
  quantity: 0,
  direct_purchase: false,
  is_redeemable: i % 2 === 1,
  brand: null,
  sku: 'SKU-1',
  category: i % 2 ? null : { uid: 'c', name: 'Bebidas', image: null, color: '#fff' },
  option_groups: [
    {
      uid: 'g',
      name: 'Tamaño',
      description: '',
      minimum_to_select: 0,
      maximum_to_select: 1,
      is_active: true,
      options: [{ uid: 'o', name: 'Grande', description: '', price: '1.00', is_active: true }],
    },
  ],
  // Not in the contract: neither serializer may write it.
  internal: 'secret',
});

describe('answers written by their schema', () => {
  test('a product page is written exactly as the zod serializer writes it', () => {
    const schema = paged(product);
    const page = {
      count: 2,
      next: 'http://localhost/api/v7/products/?page=2',
      previous: null,
      results: [item(0), item(1), item(2)],
    };
    const fast = schemaSerializerCompiler(route(schema));
    const zod = serializerCompiler(route(schema));
    assert.equal(fast(page), zod(page));
    assert.ok(!fast(page).includes('secret'));
  });

  test('a missing field still fails the answer instead of leaving it out', () => {
    const fast = schemaSerializerCompiler(route(paged(product)));
    const { title: _title, ...untitled } = item(0);
    assert.throws(() => fast({ count: 1, next: null, previous: null, results: [untitled] }));
  });

  test('error answers and schemas JSON Schema cannot express keep the zod serializer', () => {
    const transformed = z.object({ at: z.date().transform((d) => d.toISOString()) });
    const fast = schemaSerializerCompiler(route(transformed));
    assert.throws(() => fast({ at: 'not a date' }));
    const error = z.object({ detail: z.string() });
    assert.throws(() => schemaSerializerCompiler(route(error, '404'))({ detail: 1 }));
  });
});
