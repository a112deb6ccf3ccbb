/** Query keys of the staff area; why keys live here: see ./account.ts. */

export const staffKeys = {
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
  /** The new orders of the last minutes (apart from the board's lists). */
  recentOrders: () => ['staff-orders-recent'] as const,
  records: (filters: object) => ['staff-records', filters] as const,
  skippedDays: (filters: object) => ['staff-skipped-days', filters] as const,
  dueSubscriptions: (filters: object) => ['staff-due-subscriptions', filters] as const,
  members: () => ['staff-members'] as const,
  invitations: () => ['staff-invitations'] as const,
  invitationOffer: (uid: string, token: string) => ['staff-invitation-offer', uid, token] as const,
};
