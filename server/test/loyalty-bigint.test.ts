import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { appendLedger, balancesOf } from '../src/modules/programs/ledger';
import { deletionPrograms } from '../src/modules/programs/service';
import { bigintToNumber } from '../src/lib/sum';

/**
 * Ledger lines are int4, but a balance is the sum of many: past 2^31 the old
 * `sum(...)::int` cast failed (a 500 on every balance read). Sums are bigint
 * now, read back as exact JS numbers.
 */
let t: TestApp;
let appUid: string;
let club: string;

before(async () => {
  t = await startTestApp();
  appUid = (await t.appOf('localhost')).uid;
  club = (await t.get('/api/v5/programs/')).data.results[0].uid;
});
after(async () => t?.close());

const INT4_MAX = 2 ** 31 - 1;

describe('balances summed as bigint', () => {
  test('a balance beyond 2^31 reads back exactly (API, staff helpers, account deletion list)', async () => {
    const m = await registerMember(t, 'localhost');
    assert.equal(
      (await t.post('/api/v5/me/programs/', { program: club }, { headers: m.auth })).statusCode,
      201,
    );
    const line = (currency: 'POINTS' | 'COINS') => ({
      appId: appUid,
      programUid: club,
      userUid: m.user.uid,
      currency,
      amount: INT4_MAX,
      kind: 'earn' as const,
      reason: 'test',
    });
    await appendLedger(t.db, [line('POINTS'), line('POINTS'), line('POINTS'), line('COINS')]);
    await appendLedger(t.db, [{ ...line('COINS'), amount: 5 }]);
    const expectedPoints = 3 * INT4_MAX;
    const expectedCoins = INT4_MAX + 5;

    const balances = await balancesOf(t.db, appUid, club, m.user.uid);
    assert.deepEqual(balances, { points: expectedPoints, coins: expectedCoins, stamps: 0 });

    const answer = await t.get(`/api/v5/me/programs/${club}/`, { headers: m.auth });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.data.balances.points, expectedPoints);
    assert.equal(answer.data.balances.coins, expectedCoins);
    assert.equal(typeof answer.data.balances.points, 'number');

    const listed = await deletionPrograms(t.db, appUid, m.user.uid, {
      limit: 10,
      offset: 0,
      page: 1,
      pageSize: 10,
    });
    assert.equal(listed.results[0].total_points, expectedPoints);
    assert.equal(listed.results[0].coins, expectedCoins);
  });

  test('a sum beyond the safe integer range is refused rather than rounded', () => {
    assert.equal(bigintToNumber('4294967294'), 4294967294);
    assert.equal(bigintToNumber(4294967294n), 4294967294);
    assert.equal(bigintToNumber(null), 0);
    assert.throws(() => bigintToNumber('9007199254740993'), RangeError);
    assert.throws(() => bigintToNumber(2n ** 60n), RangeError);
  });
});
