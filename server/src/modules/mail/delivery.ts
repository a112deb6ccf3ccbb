/** How the outbox is worked off (AccountsConfig.mailDelivery). */
export type MailDelivery = {
  /** Milliseconds between looks at the outbox (MAIL_POLL_MS); a new mail also wakes the worker. */
  pollMs: number;
  /** The first retry's wait; each further one waits twice as long, at most an hour (MAIL_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Attempts before a mail counts as failed and is shown to the owner (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Seconds a claimed mail is left to its worker; longer than the SMTP timeouts (MAIL_LEASE_SECONDS). */
  leaseSeconds: number;
};

export const defaultMailDelivery: MailDelivery = {
  pollMs: 1000,
  retryBaseMs: 30_000,
  maxAttempts: 8,
  leaseSeconds: 120,
};
