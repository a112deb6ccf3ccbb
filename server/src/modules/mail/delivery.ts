import type { OutboxDelivery } from '../../lib/outbox-poller';

/**
 * How the mail outbox is worked off (AccountsConfig.mailDelivery): MAIL_POLL_MS, MAIL_RETRY_BASE_MS,
 * MAIL_MAX_ATTEMPTS and MAIL_LEASE_SECONDS (the lease longer than the SMTP timeouts).
 */
export type MailDelivery = OutboxDelivery;

export const defaultMailDelivery: MailDelivery = {
  pollMs: 1000,
  retryBaseMs: 30_000,
  maxAttempts: 8,
  leaseSeconds: 120,
};
