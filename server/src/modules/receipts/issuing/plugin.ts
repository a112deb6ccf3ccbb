import fp from 'fastify-plugin';
// Their decorations (app.db, app.mailer).
import type {} from '../../../plugins/database';
import type {} from '../../mail/plugin';
import type { ReceiptIssuingOptions } from './delivery';
import { defaultAccountOrigins, defaultReceiptDelivery } from './delivery';
import { NubefactProvider } from './nubefact';
import { ReceiptWorker } from './worker';

/** What the owner's account settings need to know (admin/money/receipt-account.ts). */
export type ReceiptAccountRules = {
  /** Where an owner's route URL may point (its origin, e.g. https://api.nubefact.com). */
  origins: string[];
  /** The deployment's account issues for companies without their own. */
  deploymentIssues: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The electronic-receipt outbox's worker; null when no account can issue (receipts wait). */
    receiptIssuer: ReceiptWorker | null;
    receiptAccountRules: ReceiptAccountRules;
  }
}

export type { ReceiptIssuingOptions } from './delivery';

/**
 * Runs the receipts outbox worker once the app is ready, given the deployment's provider
 * (NUBEFACT_URL and NUBEFACT_TOKEN, main.ts) or the companies' own accounts (always, in main.ts).
 * Without either, receipts are still queued and numbered with every sale and wait, PENDING, for a
 * process that can send them.
 */
export const receiptIssuingPlugin = fp<ReceiptIssuingOptions>(
  async (app, options) => {
    const accounts = options.companyAccounts;
    const worker =
      options.provider || accounts
        ? new ReceiptWorker(
            app.db,
            options.provider,
            accounts?.provider ?? ((url, token) => new NubefactProvider(url, token)),
            app.log,
            app.mailer,
            { ...defaultReceiptDelivery, ...options.delivery },
          )
        : null;
    app.decorate('receiptIssuer', worker);
    app.decorate('receiptAccountRules', {
      origins: accounts?.origins ?? defaultAccountOrigins,
      deploymentIssues: Boolean(options.provider),
    });
    if (worker) {
      app.addHook('onReady', () => worker.start());
      app.addHook('onClose', () => worker.stop());
    }
  },
  { name: 'receipt-issuing', dependencies: ['database', 'mail'] },
);
