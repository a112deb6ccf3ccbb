import fp from 'fastify-plugin';
import { expirePoints } from './expiry';

/**
 * Runs the points expiry every `seconds` inside the server (0: off, as in the
 * API tests). Every process of a cluster may run it: each member is decided
 * under their row lock, so concurrent runs expire points once. A run never
 * overlaps the previous one, and closing the server waits for it.
 */
export const pointsExpirySchedulerPlugin = fp<{ seconds: number }>(
  async (app, { seconds }) => {
    if (!seconds) return;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = expirePoints(app.db, new Date(), app.log)
        .catch((err) => app.log.error({ err }, 'points expiry run failed'))
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
  { name: 'points-expiry-scheduler', dependencies: ['database'] },
);
