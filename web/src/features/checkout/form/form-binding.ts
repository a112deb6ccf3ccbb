/** Moved to lib/ (the card form shares it with a promotion bought by card). */
export * from '../../../lib/form-binding';
