import fp from 'fastify-plugin';
import { runEvery } from '../../lib/run-every';
import { runSubscriptionOrders } from './runner';

/**
 * Runs the subscription orders every `seconds` inside the server. Every
 * process of a cluster may run it: the day's claim row keeps each
 * subscription to one order a day. `clock` (tests) says what time each run
 * believes it is.
 */
export const subscriptionSchedulerPlugin = fp<{ seconds: number; clock?: () => Date }>(
  async (app, { seconds, clock }) =>
    runEvery(app, seconds, 'subscription run', () =>
      runSubscriptionOrders(app.db, {
        mailer: app.mailer,
        publicUrl: app.publicUrl,
        log: app.log,
        now: clock?.(),
      }),
    ),
  { name: 'subscription-scheduler', dependencies: ['database'] },
);
