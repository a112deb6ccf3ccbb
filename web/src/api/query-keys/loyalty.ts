/** Query keys of the loyalty area; why keys live here: see ./account.ts. */

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
