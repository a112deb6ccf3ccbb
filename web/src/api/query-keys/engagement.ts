/** Query keys of the engagement area; why keys live here: see ./account.ts. */

export const engagementKeys = {
  /** Every raffle read: lists, details and the footer count. */
  raffles: () => ['raffles'] as const,
  programRaffles: (programUid: string) => ['raffles', 'list', programUid] as const,
  raffle: (programUid: string, raffleUid: string) =>
    ['raffles', 'detail', programUid, raffleUid] as const,
  /** Every poll read: pending and answered lists, details. */
  polls: () => ['polls'] as const,
  programPolls: (programUid: string, resolved: boolean) =>
    ['polls', 'list', programUid, resolved] as const,
  poll: (programUid: string, pollUid: string) => ['polls', 'detail', programUid, pollUid] as const,
  /** Every event read: lists and details (the back office refreshes them when it publishes). */
  allEvents: () => ['events'] as const,
  events: (companyUid: string) => ['events', 'list', companyUid] as const,
  event: (eventUid: string) => ['events', 'detail', eventUid] as const,
};
