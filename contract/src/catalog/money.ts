import { z } from 'zod';

export { centsToMoney, moneyToCents } from './cents';

/** Money travels as a decimal string with two decimals ("12.50"), as Django REST framework sends it. */
export const money = z.string().regex(/^-?\d+\.\d{2}$/);
