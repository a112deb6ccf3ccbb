import fp from 'fastify-plugin';
import { runSubscriptionOrders } from './runner';

/**
 * Runs the subscription orders every `seconds` inside the server (0: off, as
 * in the API tests). Every process of a cluster may run it: the day's claim
 * row keeps each subscription to one order a day. A run never overlaps the
 * previous one, and closing the server waits for the run on its way. `clock`
 * (tests) says what time each run believes it is.
 */
export const subscriptionSchedulerPlugin = fp<{ seconds: number; clock?: () => Date }>(
  async (app, { seconds, clock }) => {
    if (!seconds) return;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = runSubscriptionOrders(app.db, { mailer: app.mailer, log: app.log, now: clock?.() })
        .catch((err) => app.log.error({ err }, 'subscription run failed'))
        .finally(() => {
          running = null;
        });
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(tick, seconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'subscription-scheduler', dependencies: ['database'] },
);
