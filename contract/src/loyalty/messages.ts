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

/** Raffles and polls. */
export const engagementMessages = {
  raffleNotFound: 'Este sorteo no existe.',
  raffleClosed: 'Este sorteo ya no admite inscripciones.',
  pollNotFound: 'Esta encuesta no existe.',
  pollClosed: 'Esta encuesta ya no admite respuestas.',
  pollAnswered: 'Ya respondió esta encuesta.',
  notAQuestion: 'Esta pregunta no pertenece a la encuesta.',
  duplicateAnswer: 'Esta pregunta ya fue respondida.',
  notAnOption: 'Esta opción no pertenece a la pregunta.',
  chooseOne: 'Elegir una sola opción.',
  noActiveUnit: 'No tiene esta promoción activa: adquiérala primero.',
} as const;
