import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { OrderInput } from '@store/contract';
import { users } from '../src/db/schema';
import { findAppRowByDomain } from '../src/modules/tenancy/service';
import { findPlace } from '../src/modules/places/service';
import { runSteps, type Step } from '../src/modules/orders/checkout/run-steps';
import { priceStep } from '../src/modules/orders/checkout/price';
import { reserveStep } from '../src/modules/orders/checkout/reserve';
import { chargeStep } from '../src/modules/orders/checkout/charge';
import type { CheckoutState } from '../src/modules/orders/checkout/state';
import { startTestApp, type TestApp } from './support/test-app';
import {
  billing,
  firstSlot,
  goodCard,
  makeShop,
  ordersCount,
  stockOf,
  type Shop,
} from './support/orders';

/**
 * The step runner's contract. The checkout's own failure paths through HTTP
 * are covered elsewhere: a declined card (charge fails after reserve) leaves
 * no order, no stock taken and no coupon use in orders.test.ts ('a declined
 * card leaves no order...'); a short coins balance or stock writes nothing in
 * coin-orders.test.ts and orders.test.ts.
 */
describe('runSteps', () => {
  const recording = (log: string[], name: string, fail = false): Step<null> => ({
    name,
    async run() {
      log.push(`run ${name}`);
      if (fail) throw new Error(`${name} failed`);
    },
    async compensate() {
      log.push(`undo ${name}`);
    },
  });

  test('a step failing after two done undoes both, newest first, and throws its own error', async () => {
    const log: string[] = [];
    await assert.rejects(
      runSteps(
        [recording(log, 'a'), recording(log, 'b'), recording(log, 'c', true), recording(log, 'd')],
        null,
      ),
      { message: 'c failed' },
    );
    assert.deepEqual(log, ['run a', 'run b', 'run c', 'undo b', 'undo a']);
  });

  test('steps without a compensation are passed over; nothing is undone when all succeed', async () => {
    const log: string[] = [];
    const plain: Step<null> = { name: 'plain', run: async () => void log.push('run plain') };
    await assert.rejects(runSteps([recording(log, 'a'), plain, recording(log, 'c', true)], null));
    assert.deepEqual(log, ['run a', 'run plain', 'run c', 'undo a']);
    const ok: string[] = [];
    await runSteps([recording(ok, 'a'), recording(ok, 'b')], null);
    assert.deepEqual(ok, ['run a', 'run b']);
  });

  test('a compensation that fails stops the unwinding with its own error', async () => {
    const log: string[] = [];
    const stuck: Step<null> = {
      name: 'stuck',
      run: async () => void log.push('run stuck'),
      compensate: async () => {
        log.push('undo stuck');
        throw new Error('cannot undo');
      },
    };
    await assert.rejects(runSteps([recording(log, 'a'), stuck, recording(log, 'c', true)], null), {
      message: 'cannot undo',
    });
    assert.deepEqual(log, ['run a', 'run stuck', 'run c', 'undo stuck']);
  });
});

describe('the real checkout steps', () => {
  let t: TestApp;
  let s: Shop;
  before(async () => {
    t = await startTestApp();
    s = await makeShop(t, 'checkout-steps', {
      stock: 3,
      coupons: [{ key: 'c', code: 'ONE', kind: 'AMOUNT', value: '1.00', max_uses: 1 }],
    });
  });
  after(async () => t?.close());

  test('a step failing after reserve and charge refunds the card, then releases the order: stock and coupon back', async () => {
    const member = await s.member();
    const app = (await findAppRowByDomain(t.db, s.host))!;
    const [user] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.appId, app.uid), eq(users.uid, member.user.uid)));
    const input = {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, s),
      products: [s.cakeLine(3)],
      coupon: 'one',
      expected_total: '29.00',
      payment_method: s.online,
      card: goodCard,
      billing,
    } as OrderInput;
    const state: CheckoutState = {
      scope: {
        db: t.db,
        app,
        log: t.app.log,
        clock: () => new Date(),
        user,
        sessionMethod: 'password',
        limitedSession: false,
        mailer: t.app.mailer,
      },
      place: await findPlace(t.db, app, s.place),
      input,
      idempotencyKey: undefined,
      orderUid: crypto.randomUUID(),
    };
    const events: string[] = [];
    const failing: Step<CheckoutState> = {
      name: 'fails after the charge',
      async run(st) {
        assert.equal(await ordersCount(t, s), 1, 'reserved');
        assert.equal(await stockOf(t, s, s.cake.uid), 0, 'stock taken');
        const real = st.payment!.provider;
        st.payment = {
          ...st.payment!,
          provider: {
            name: real.name,
            createPayment: (r) => real.createPayment(r),
            getPayment: (id) => real.getPayment(id),
            async refund(id, cents, key) {
              events.push(`refund ${cents ?? 'all'} with ${await ordersCount(t, s)} order`);
              return real.refund(id, cents, key);
            },
          },
        };
        throw new Error('confirm failed');
      },
    };
    await assert.rejects(runSteps([priceStep, reserveStep, chargeStep, failing], state), {
      message: 'confirm failed',
    });
    assert.deepEqual(events, ['refund all with 1 order'], 'refunded before the release');
    assert.equal(await ordersCount(t, s), 0, 'released');
    assert.equal(await stockOf(t, s, s.cake.uid), 3);
    assert.equal(
      (await t.get(`/api/v5/companies/${s.place}/validate-code/ONE/`, { host: s.host })).statusCode,
      200,
      'the coupon use is back',
    );
  });
});
