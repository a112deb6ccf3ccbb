import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mustCompleteProfile } from '../src/lib/profile-completion';

const incomplete = { profile_complete: false, limited_session: false };

test('an incomplete profile is sent to /complete-info from any page of the main area', () => {
  for (const path of ['/', '/products', '/cart', '/orders', '/profile', '/staff'])
    assert.equal(mustCompleteProfile(incomplete, false, path), true, path);
});

test('not when complete, skipped, limited, unknown yet, or on the deletion and invitation pages', () => {
  assert.equal(mustCompleteProfile({ ...incomplete, profile_complete: true }, false, '/'), false);
  assert.equal(mustCompleteProfile(incomplete, true, '/products'), false);
  assert.equal(mustCompleteProfile({ ...incomplete, limited_session: true }, false, '/'), false);
  assert.equal(mustCompleteProfile(undefined, false, '/'), false);
  assert.equal(mustCompleteProfile(incomplete, false, '/delete'), false);
  assert.equal(mustCompleteProfile(incomplete, false, '/staff/invitation/u1/t1'), false);
});
