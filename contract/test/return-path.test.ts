import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerBody, returnPath } from '../src/auth/schemas';

test('a verification link returns only to a plain page of the store (issue 36 row 12)', () => {
  assert.equal(returnPath('/crear-tienda'), '/crear-tienda');
  assert.equal(returnPath('/c/abc-1/products'), '/c/abc-1/products');
  for (const bad of [
    null,
    undefined,
    '',
    'crear-tienda',
    '//evil.example',
    'https://evil.example',
    '/a?b=c',
    '/x\\y',
    '/login',
    '/register/',
    '/complete-info',
    '/verification-email/a/b/c',
  ])
    assert.equal(returnPath(bad), null, String(bad));
  assert.ok(registerBody.safeParse({ return_to: '/crear-tienda' }).success);
  assert.ok(!registerBody.safeParse({ return_to: '//evil.example' }).success);
});
