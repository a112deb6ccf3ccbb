import type { OutboxDelivery } from '../../../lib/outbox-poller';
import type { ReceiptProvider } from './provider';

/**
 * How the receipts outbox is worked, apart from the worker: the configuration reads these
 * defaults, and the worker imports the database (an import circle through config otherwise).
 * RECEIPTS_POLL_MS, RECEIPTS_RETRY_BASE_MS, RECEIPTS_MAX_ATTEMPTS (attempts while the provider is
 * unreachable before the receipt is FAILED and shown).
 */
export type ReceiptDelivery = OutboxDelivery;

export const defaultReceiptDelivery: ReceiptDelivery = {
  pollMs: 5000,
  retryBaseMs: 60_000,
  maxAttempts: 10,
  leaseSeconds: 120,
};

/** The start of every Nubefact route URL (an account's "RUTA"). */
export const defaultAccountOrigins = ['https://api.nubefact.com'];

/**
 * What the app is given for receipts: the deployment's provider (NUBEFACT_URL and NUBEFACT_TOKEN;
 * none: a company without its own account waits), the companies' own accounts, and the outbox
 * pace.
 */
export type ReceiptIssuingOptions = {
  provider?: ReceiptProvider;
  /**
   * Companies' own accounts (company_receipt_accounts, set by each owner) issue their receipts,
   * so the worker runs even without the deployment's provider. `origins`: where an owner's URL
   * may point (NUBEFACT_ACCOUNT_ORIGINS; the server posts the company's sales there, so never
   * anywhere an owner types). `provider` makes one account's provider (Nubefact's by default).
   */
  companyAccounts?: {
    origins?: string[];
    provider?: (url: string, token: string) => ReceiptProvider;
  };
  delivery?: Partial<ReceiptDelivery>;
};
