import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loyaltyMessages, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { clubStore, newProgramMember } from './support/loyalty';

/**
 * Real concurrency: many requests in flight at once against one database. On
 * PostgreSQL they run in parallel transactions on a pool and queue on the row
 * locks; on PGlite the driver serialises them. Either way exactly the allowed
 * number succeed.
 */
let t: TestApp;
const club = clubStore('races', 'Races');
const { host, program, promotion } = club;
let appUid: string;

before(async () => {
  t = await startTestApp({ seedDemo: false });
  appUid = await club.create(t, [
    { key: 'last-unit', name: 'Last unit', kind: 'GIFT', stock: 1 },
    { key: 'twice', name: 'Twice per member', kind: 'GIFT', limit_per_member: 2 },
    { key: 'coins', name: 'Costs 50 coins', kind: 'GIFT', coin_price: 50 },
    { key: 'coins-b', name: 'Also costs 50 coins', kind: 'GIFT', coin_price: 50 },
    { key: 'coins-c', name: 'Costs 50 coins too', kind: 'GIFT', coin_price: 50 },
  ]);
});
after(() => t?.close());

const member = (coins = 0) => newProgramMember(t, { host, appUid, program }, { coins });
const redeem = (auth: Record<string, string>, uid: string) =>
  t.post('/api/v5/redemption-by-user/', { program_promotion: uid }, { host, headers: auth });
const messages = (results: { statusCode: number; data: { non_field_errors?: string[] } }[]) =>
  results
    .filter((r) => r.statusCode !== 201)
    .map((r) => `${r.statusCode} ${r.data.non_field_errors?.[0]}`);

describe('races', () => {
  test('ten members redeem the last unit at once: exactly one gets it', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => member()));
    const results = await Promise.all(members.map((m) => redeem(m.auth, promotion('last-unit'))));
    assert.equal(results.filter((r) => r.statusCode === 201).length, 1);
    assert.deepEqual(
      messages(results),
      Array(9).fill(`400 ${messageText(loyaltyMessages.stockExhausted)}`),
    );
    const detail = await t.get(
      `/api/v5/me/programs/${program}/promotions/${promotion('last-unit')}/`,
      { host, headers: members[0].auth },
    );
    assert.equal(detail.data.stock, 0);
  });

  test("ten concurrent uses of a member's last allowed use: exactly one", async () => {
    const m = await member();
    assert.equal((await redeem(m.auth, promotion('twice'))).statusCode, 201);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => redeem(m.auth, promotion('twice'))),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 1);
    assert.deepEqual(
      messages(results),
      Array(9).fill(`400 ${messageText(loyaltyMessages.limitExceeded)}`),
    );
    const list = await t.get(`/api/v5/me/programs/${program}/redemptions/`, {
      host,
      headers: m.auth,
    });
    assert.equal(list.data.count, 2);
  });

  test('ten concurrent purchases with coins for one: exactly one, the balance never negative', async () => {
    const m = await member(60);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post(
          `/api/v5/me/programs/${program}/promotions/${promotion('coins')}/purchase/`,
          {},
          { host, headers: m.auth },
        ),
      ),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 1);
    assert.deepEqual(
      messages(results),
      Array(9).fill(`400 ${messageText(loyaltyMessages.notEnoughCoins)}`),
    );
    const view = await t.get(`/api/v5/me/programs/${program}/`, { host, headers: m.auth });
    assert.equal(view.data.balances.coins, 10);
  });

  test('concurrent purchases of different promotions share the member lock: coins never go negative', async () => {
    const m = await member(100);
    const keys = ['coins', 'coins-b', 'coins-c', 'coins', 'coins-b', 'coins-c'];
    const results = await Promise.all(
      keys.map((key) =>
        t.post(
          `/api/v5/me/programs/${program}/promotions/${promotion(key)}/purchase/`,
          {},
          { host, headers: m.auth },
        ),
      ),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 2);
    assert.deepEqual(
      messages(results),
      Array(4).fill(`400 ${messageText(loyaltyMessages.notEnoughCoins)}`),
    );
    const view = await t.get(`/api/v5/me/programs/${program}/`, { host, headers: m.auth });
    assert.equal(view.data.balances.coins, 0);
  });
});
