import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { accountKeys } from '../src/api/query-keys/account';
import { engagementKeys } from '../src/api/query-keys/engagement';
import { loyaltyKeys } from '../src/api/query-keys/loyalty';
import { orderKeys } from '../src/api/query-keys/orders';
import { staffKeys } from '../src/api/query-keys/staff';
import { subscriptionKeys } from '../src/api/query-keys/subscriptions';
import { refreshAfterTake } from '../src/features/programs/api/refresh-after-take';
import { refreshClient } from '../src/features/staff/api/refresh-client';

// What a mutation refreshes is decided by key prefixes: these prove each prefix reaches the
// reads it must refresh and leaves the others alone, with react-query's own matching.

function cacheWith(keys: QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const stale = (client: QueryClient, key: QueryKey) =>
  client.getQueryState(key)?.isInvalidated ?? false;

async function invalidated(keys: QueryKey[], prefix: QueryKey): Promise<boolean[]> {
  const client = cacheWith(keys);
  await client.invalidateQueries({ queryKey: prefix });
  return keys.map((key) => stale(client, key));
}

test("an order placed or cancelled refreshes every page and filter of the member's orders, not another order", async () => {
  const keys = [
    orderKeys.myList({ page: 2 }),
    orderKeys.myList({ payment_method: 'COINS' }),
    orderKeys.myOrder('o-1'),
  ];
  assert.deepEqual(await invalidated(keys, orderKeys.mine()), [true, true, false]);
});

test("a cancelled subscription refreshes every page of the member's subscriptions", async () => {
  const keys = [subscriptionKeys.myPage(1), subscriptionKeys.myPage(3)];
  assert.deepEqual(await invalidated(keys, subscriptionKeys.mine()), [true, true]);
});

test('a raffle registration refreshes the lists and details of raffles, not the polls', async () => {
  const keys = [
    engagementKeys.programRaffles('p-1'),
    engagementKeys.raffle('p-1', 'r-1'),
    engagementKeys.programPolls('p-1', false),
  ];
  assert.deepEqual(await invalidated(keys, engagementKeys.raffles()), [true, true, false]);
});

test('an answered poll refreshes the pending and answered lists and the details', async () => {
  const keys = [
    engagementKeys.programPolls('p-1', false),
    engagementKeys.programPolls('p-1', true),
    engagementKeys.poll('p-1', 'q-1'),
    engagementKeys.events('c-1'),
  ];
  assert.deepEqual(await invalidated(keys, engagementKeys.polls()), [true, true, true, false]);
});

test("a promotion taken refreshes the program's promotions, balances and redemptions, not its QR nor another program", () => {
  const refreshed = [
    loyaltyKeys.promotion('p-1', 'pr-1'),
    loyaltyKeys.promotions('p-1', { tagged: true }),
    loyaltyKeys.memberProgram('p-1'),
    loyaltyKeys.redemptions('p-1', { status: 'ACTIVE' }),
    loyaltyKeys.usedRedemptions('p-1', 'pr-1'),
    loyaltyKeys.relatedPromotions('p-1', 'pr-1'),
    loyaltyKeys.coinRedemptions('p-1'),
  ];
  const kept = [
    loyaltyKeys.promotionQr('p-1', 'pr-1'),
    loyaltyKeys.programBlocks('p-1', 'ads'),
    loyaltyKeys.memberProgram('p-2'),
    loyaltyKeys.promotions('p-2', {}),
  ];
  const client = cacheWith([...refreshed, ...kept]);
  refreshAfterTake(client, 'p-1');
  assert.deepEqual(
    refreshed.map((key) => stale(client, key)),
    refreshed.map(() => true),
  );
  assert.deepEqual(
    kept.map((key) => stale(client, key)),
    kept.map(() => false),
  );
});

test("a counter action refreshes the client's card, promotions and products, not the orders board", () => {
  const refreshed = [
    staffKeys.client({ mobile_phone: '987654321' }),
    staffKeys.clientPromotions('u-1'),
    staffKeys.clientProducts('u-1', 'pl-1'),
  ];
  const kept = [staffKeys.orders({ page: 1 }), staffKeys.members()];
  const client = cacheWith([...refreshed, ...kept]);
  refreshClient(client);
  assert.deepEqual(
    [...refreshed, ...kept].map((key) => stale(client, key)),
    [true, true, true, false, false],
  );
});

test('the staff role is kept per session: another token is another key, all of them refreshed together', async () => {
  assert.notDeepEqual(accountKeys.staffRole('A'), accountKeys.staffRole('B'));
  const keys = [accountKeys.staffRole('A'), accountKeys.staffRole('B'), accountKeys.me()];
  assert.deepEqual(await invalidated(keys, accountKeys.staffRoles()), [true, true, false]);
});

test("an event published or taken back in the back office refreshes the store's event lists and pages, not raffles or polls", async () => {
  const keys = [
    engagementKeys.events('company-1'),
    engagementKeys.event('e-1'),
    engagementKeys.programRaffles('p-1'),
    engagementKeys.programPolls('p-1', false),
  ];
  assert.deepEqual(await invalidated(keys, engagementKeys.allEvents()), [true, true, false, false]);
});
