import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageCount, pageOffset } from '../src/http/pages';
import { pageQuery } from '../src/http/paged';
import { ordersQuery } from '../src/orders/schemas';
import { staffRecordsQuery } from '../src/staff/schemas';

test('page arithmetic: an empty list still has its first page', () => {
  assert.equal(pageCount(0, 20), 1);
  assert.equal(pageCount(20, 20), 1);
  assert.equal(pageCount(21, 20), 2);
  assert.equal(pageOffset(1, 20), 0);
  assert.equal(pageOffset(3, 25), 50);
});

test('every list query reads page and page_size alike', () => {
  for (const schema of [pageQuery, ordersQuery, staffRecordsQuery]) {
    assert.deepEqual(schema.parse({}), { page: 1 });
    assert.deepEqual(schema.parse({ page: '2', page_size: '50' }), { page: 2, page_size: 50 });
    assert.equal(schema.safeParse({ page: '0' }).success, false);
    assert.equal(schema.safeParse({ page_size: String(MAX_PAGE_SIZE + 1) }).success, false);
    assert.equal(schema.safeParse({ page: 'abc' }).success, false);
  }
  assert.equal(DEFAULT_PAGE_SIZE, 20);
});
