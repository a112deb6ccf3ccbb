import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAdminRole, opensBackOffice, staffRole } from '../src';

test('the light back-office role check agrees with the admin areas for every staff role', () => {
  for (const role of staffRole.options)
    assert.equal(opensBackOffice(role), isAdminRole(role), role);
  assert.equal(opensBackOffice('OWNER'), true);
  assert.equal(opensBackOffice('STAFF'), false);
});
