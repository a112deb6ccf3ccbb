import type { PromotionKind } from '@store/contract/loyalty/promotions';
import { useStaffMe } from '../../../api/get-staff-me';

export const KINDS: PromotionKind[] = [
  'DISCOUNT_RATE',
  'FIXED_DISCOUNT',
  'GIFT',
  'SPECIAL_PRICE',
  'GIFT_CARD',
  'STAMPS',
];

/** The company's programs, from the staff role answer the back office already asked for. */
export function useCompanyPrograms() {
  const me = useStaffMe();
  return me.data?.programs ?? [];
}
