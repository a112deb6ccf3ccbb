import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberQr } from '@store/contract/loyalty/programs';
import { api } from '../../../api/client';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';
import type { QueryConfig } from '../../../lib/react-query';

/** `POST v5/me/programs/{uid}/qr/`: the member QR, signed and valid a few minutes. */
export function getMemberQr(programUid: string): Promise<MemberQr> {
  return api.post<MemberQr>(`v5/me/programs/${programUid}/qr/`);
}

/** Read as a query, renewed before it expires; never kept once off screen. */
export const memberQrQuery = (programUid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.memberQr(programUid),
    queryFn: () => getMemberQr(programUid),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

export function useMemberQr(programUid: string, config?: QueryConfig<typeof memberQrQuery>) {
  return useQuery({ ...memberQrQuery(programUid), ...config });
}
