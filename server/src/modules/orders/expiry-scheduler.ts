import fp from 'fastify-plugin';
import { runEvery } from '../../lib/run-every';
import { expireUnacceptedOrders } from './expiry';

/**
 * Expires the orders stores never accepted every `seconds` inside the server.
 * Every process of a cluster may run it: each order is claimed by a
 * conditional update, so it expires once.
 */
export const orderExpirySchedulerPlugin = fp<{ seconds: number }>(
  async (app, { seconds }) =>
    runEvery(app, seconds, 'order expiry run', () =>
      expireUnacceptedOrders(app.db, new Date(), app.log, {
        mailer: app.mailer,
        publicUrl: app.publicUrl,
      }),
    ),
  { name: 'order-expiry-scheduler', dependencies: ['database', 'mail'] },
);
