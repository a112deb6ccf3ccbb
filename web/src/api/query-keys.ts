/**
 * Every query key of the web app comes from these factories, one per area, so a mutation
 * refreshes exactly what it changes and no screen spells a key. They live in shared code because
 * a write of one feature refreshes another's reads (an order placed at checkout, the orders list).
 *
 * A key holds every input that changes the answer. The host is implied (one tenant per origin).
 * Member data is separated by session the way it always was: `accountKeys.me()` is removed on
 * sign-out, deleting the account clears the whole cache, and the staff role is keyed by the token.
 */

export const accountKeys = {
  me: () => ['me'] as const,
};

export const tenancyKeys = {
  appByDomain: (domain: string) => ['apps', 'by-domain', domain] as const,
  categories: (appUid: string, search: string) => ['categories', appUid, { search }] as const,
  allowedCompanies: (appUid: string, category: string) =>
    ['allowed-companies', appUid, { category }] as const,
  landing: (appUid: string) => ['landing', appUid] as const,
};

export const authKeys = {
  deletionLink: (base: string) => ['deletion-link', base] as const,
  deletionPrograms: (base: string, page: number) =>
    ['deletion-link', base, 'programs', page] as const,
};

export const catalogKeys = {
  areas: (company: string) => ['areas', company] as const,
  places: (company: string, area?: string | null) => ['places', company, area ?? null] as const,
  placeCategories: (placeUid: string) => ['place-categories', placeUid] as const,
  companyCategories: (companyUid: string) => ['company-categories', companyUid] as const,
  placeProducts: (placeUid: string, filters: object) =>
    ['place-products', placeUid, filters] as const,
  companyProducts: (company: string, filters: object) => ['products', company, filters] as const,
  product: (placeUid: string, productUid: string) => ['product', placeUid, productUid] as const,
};

export const checkoutKeys = {
  options: (placeUid: string) => ['checkout-options', placeUid] as const,
  pickupSchedule: (placeUid: string, days: number) => ['pickup-schedule', placeUid, days] as const,
  fareEstimate: (placeUid: string | null | undefined, latitude: string, longitude: string) =>
    ['fare-estimate', placeUid, latitude, longitude] as const,
  quote: (placeUid: string | null | undefined, body: object | null) =>
    ['order-quote', placeUid, body] as const,
};

export const orderKeys = {
  /** Every page and filter of the member's orders. */
  mine: () => ['my-orders'] as const,
  myList: (filters: object) => ['my-orders', filters] as const,
  myOrder: (orderUid: string) => ['my-order', orderUid] as const,
};

export const subscriptionKeys = {
  /** Every page of the member's subscriptions. */
  mine: () => ['my-subscriptions'] as const,
  myPage: (page: number) => ['my-subscriptions', page] as const,
};

export const loyaltyKeys = {
  programs: (company?: string) => ['programs', company ?? null] as const,
  memberProgram: (programUid: string) => ['member-program', programUid] as const,
  programBlocks: (programUid: string, which: 'sections' | 'ads') =>
    ['program-blocks', programUid, which] as const,
  /** Every promotions list of a program (filters, featured). */
  promotionLists: (programUid: string) => ['promotions', programUid] as const,
  promotions: (programUid: string, filters: object) => ['promotions', programUid, filters] as const,
  /** Every promotion detail of a program. */
  promotionDetails: (programUid: string) => ['promotion', programUid] as const,
  promotion: (programUid: string, uid: string) => ['promotion', programUid, uid] as const,
  promotionPlaces: (uid: string) => ['promotion-places', uid] as const,
  relatedPromotionLists: (programUid: string) => ['related-promotions', programUid] as const,
  relatedPromotions: (programUid: string, uid: string) =>
    ['related-promotions', programUid, uid] as const,
  /** Every redemptions read of a program (lists and the used-unit watch). */
  redemptionReads: (programUid: string) => ['redemptions', programUid] as const,
  redemptions: (programUid: string, filters: object) =>
    ['redemptions', programUid, filters] as const,
  usedRedemptions: (programUid: string, promotionUid: string) =>
    ['redemptions', programUid, 'used-count', promotionUid] as const,
  coinRedemptions: (programUid: string) => ['coin-redemptions', programUid] as const,
  promotionQr: (programUid: string, uid: string) => ['promotion-qr', programUid, uid] as const,
  memberQr: (programUid: string) => ['member-qr', programUid] as const,
};

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
  events: (companyUid: string) => ['events', 'list', companyUid] as const,
  event: (eventUid: string) => ['events', 'detail', eventUid] as const,
};

export const staffKeys = {
  /** The user's staff role, keyed by the session so another sign-in never reuses the answer. */
  role: (token: string) => ['staff-me', token] as const,
  roles: () => ['staff-me'] as const,
  clients: () => ['staff-client'] as const,
  client: (lookup: object | null) => ['staff-client', lookup] as const,
  clientPromotionLists: () => ['staff-client-promotions'] as const,
  clientPromotions: (clientUid: string, programUid?: string) =>
    ['staff-client-promotions', clientUid, programUid ?? null] as const,
  clientProductLists: () => ['staff-client-products'] as const,
  clientProducts: (clientUid: string, placeUid: string | null) =>
    ['staff-client-products', clientUid, placeUid] as const,
  orderLists: () => ['staff-orders'] as const,
  orders: (filters: object) => ['staff-orders', filters] as const,
  records: (filters: object) => ['staff-records', filters] as const,
  skippedDays: (filters: object) => ['staff-skipped-days', filters] as const,
  members: () => ['staff-members'] as const,
  invitations: () => ['staff-invitations'] as const,
  invitationOffer: (uid: string, token: string) => ['staff-invitation-offer', uid, token] as const,
};
