import type { Coupon } from '@store/contract/orders/schemas';
import { api } from '../../../api/client';

/**
 * `GET v5/companies/{uid}/validate-code/{code}/`: 404 'Este código no existe'. Checked on demand
 * and kept in the coupon store (local storage), not in the query cache.
 */
export function validateCode(companyOrPlaceUid: string, code: string): Promise<Coupon> {
  return api.get<Coupon>(
    `v5/companies/${companyOrPlaceUid}/validate-code/${encodeURIComponent(code)}/`,
  );
}
