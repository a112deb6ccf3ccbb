import type { ReceiptProvider } from './provider';

/**
 * How the receipts outbox is worked, apart from the worker: the configuration reads these
 * defaults, and the worker imports the database (an import circle through config otherwise).
 */
export type ReceiptDelivery = {
  /** Milliseconds between looks at the outbox (RECEIPTS_POLL_MS). */
  pollMs: number;
  /** The first retry's wait; each further one twice as long, at most an hour (RECEIPTS_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Attempts while the provider is unreachable before the receipt is FAILED and shown (RECEIPTS_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Seconds a claimed receipt is left to its worker. */
  leaseSeconds: number;
};

export const defaultReceiptDelivery: ReceiptDelivery = {
  pollMs: 5000,
  retryBaseMs: 60_000,
  maxAttempts: 10,
  leaseSeconds: 120,
};

/** What the app is given for receipts: the provider (none: receipts wait) and the outbox pace. */
export type ReceiptIssuingOptions = {
  provider?: ReceiptProvider;
  delivery?: Partial<ReceiptDelivery>;
};
