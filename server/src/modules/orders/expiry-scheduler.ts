import fp from 'fastify-plugin';
import { expireUnacceptedOrders } from './expiry';

/**
 * Expires the orders stores never accepted every `seconds` inside the server
 * (0: off, as in the API tests). Every process of a cluster may run it: each
 * order is claimed by a conditional update, so it expires once. A run never
 * overlaps the previous one, and closing the server waits for it.
 */
export const orderExpirySchedulerPlugin = fp<{ seconds: number }>(
  async (app, { seconds }) => {
    if (!seconds) return;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = expireUnacceptedOrders(app.db, new Date(), app.log)
        .catch((err) => app.log.error({ err }, 'order expiry run failed'))
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
  { name: 'order-expiry-scheduler', dependencies: ['database'] },
);
