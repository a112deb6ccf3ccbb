import fp from 'fastify-plugin';
import { runEvery } from '../../lib/run-every';
import { mailLowStock } from './low-stock';

/**
 * Looks every `seconds` for the owners' daily low-stock mail. Every process of a cluster may run
 * it: each day's mail has a fixed outbox uid, so it is written once.
 */
export const lowStockMailPlugin = fp<{ seconds: number }>(
  async (app, { seconds }) =>
    runEvery(app, seconds, 'low stock mail run', () =>
      mailLowStock(app.db, app.mailer, app.publicUrl, new Date()),
    ),
  { name: 'low-stock-mail-scheduler', dependencies: ['database', 'mail'] },
);
