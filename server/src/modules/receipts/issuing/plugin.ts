import fp from 'fastify-plugin';
// Their decorations (app.db, app.mailer).
import type {} from '../../../plugins/database';
import type {} from '../../mail/plugin';
import type { ReceiptIssuingOptions } from './delivery';
import { defaultReceiptDelivery } from './delivery';
import { ReceiptWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The electronic-receipt outbox's worker; null when no provider is configured (receipts wait). */
    receiptIssuer: ReceiptWorker | null;
  }
}

export type { ReceiptIssuingOptions } from './delivery';

/**
 * Runs the receipts outbox worker once the app is ready, given a provider (NUBEFACT_URL and
 * NUBEFACT_TOKEN, main.ts). Without one, receipts are still queued and numbered with every sale
 * and wait, PENDING, for a process that has one.
 */
export const receiptIssuingPlugin = fp<ReceiptIssuingOptions>(
  async (app, options) => {
    const worker = options.provider
      ? new ReceiptWorker(app.db, options.provider, app.log, app.mailer, {
          ...defaultReceiptDelivery,
          ...options.delivery,
        })
      : null;
    app.decorate('receiptIssuer', worker);
    if (worker) {
      app.addHook('onReady', () => worker.start());
      app.addHook('onClose', () => worker.stop());
    }
  },
  { name: 'receipt-issuing', dependencies: ['database', 'mail'] },
);
