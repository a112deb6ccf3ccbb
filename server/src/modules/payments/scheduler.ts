import fp from 'fastify-plugin';
import { runEvery } from '../../lib/run-every';
import { reconcilePayments } from './updates';

/**
 * Re-reads undecided card payments (a notification may never come), releases expired
 * reservations and retries failed refunds every `seconds`. Every process of a cluster may run
 * it: each change is a conditional update, and refunds carry their own idempotency key.
 */
export const paymentReconciliationPlugin = fp<{ seconds: number }>(
  async (app, { seconds }) =>
    runEvery(app, seconds, 'payment reconciliation run', () =>
      reconcilePayments(app.db, new Date(), app.log, {
        mailer: app.mailer,
        publicUrl: app.publicUrl,
      }),
    ),
  { name: 'payment-reconciliation-scheduler', dependencies: ['database', 'mail'] },
);
