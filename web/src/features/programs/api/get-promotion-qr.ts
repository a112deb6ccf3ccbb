import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';
import type { QueryConfig } from '../../../lib/react-query';

export type PromotionQr = {
  qr: string;
  expires_at: string;
  redemption: string | null;
  code: string | null;
  /** The one-time code staff type instead of scanning (null: a document-only session). */
  counter_code: string | null;
  /** False where only staff mark the unit used: the member's own confirmation is refused. */
  member_confirms: boolean;
};

/** `POST .../promotions/{uid}/qrcode/`: the promotion QR to show at the venue (empty body). */
export function getPromotionQr(programUid: string, uid: string): Promise<PromotionQr> {
  return api.post<PromotionQr>(`v5/me/programs/${programUid}/promotions/${uid}/qrcode/`, {});
}

/** Read as a query, so it can be renewed before it expires; never kept once off screen. */
export const promotionQrQuery = (programUid: string, uid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.promotionQr(programUid, uid),
    queryFn: () => getPromotionQr(programUid, uid),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

export function usePromotionQr(
  programUid: string,
  uid: string,
  config?: QueryConfig<typeof promotionQrQuery>,
) {
  return useQuery({ ...promotionQrQuery(programUid, uid), ...config });
}
