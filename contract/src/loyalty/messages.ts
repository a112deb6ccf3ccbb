/** Texts of programs, promotions and redemptions; the English ones are the spec's words. */
export const loyaltyMessages = {
  limitExceeded: 'You have exceeded the redemption limit for this promotion',
  stockExhausted: 'The stock for this promotion is exhausted',
  alreadyUsed: 'The promotion has already been used',
  noLongerUsable: 'The promotion can no longer be used',
  notEnoughCoins: 'You do not have enough coins',
  amountExceedsMaximum: 'The amount exceeds the maximum',
  featureDisabled: 'The benefits program does not have this functionality enabled',
  notEnoughStamps: 'No tiene suficientes sellos para esta promoción.',
  notMember: 'Únase al programa para usar sus promociones.',
  alreadyMember: 'Ya es miembro de este programa.',
  programNotFound: 'Este programa no existe.',
  joinClosed: 'Este programa no admite inscripciones en línea.',
  promotionNotFound: 'Esta promoción no existe.',
  notForSale: 'Esta promoción no se compra con monedas.',
} as const;
