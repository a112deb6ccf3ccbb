import type { StaffPromotionLookup } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';

/**
 * `GET v5/staff/promotions/?code=&client_uid=`: a promotion by its coupon code or QR, with its
 * state for the client. Asked on demand by the redeem form; nothing is cached.
 */
export function findPromotion(code: string, clientUid: string): Promise<StaffPromotionLookup> {
  return api.get<StaffPromotionLookup>('v5/staff/promotions/', {
    query: { code, client_uid: clientUid },
  });
}
