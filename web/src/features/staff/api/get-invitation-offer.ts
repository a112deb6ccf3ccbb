import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInvitationOffer } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `GET v5/invitations/{uid}/{token}/`: what the mailed link offers. */
export function getInvitationOffer(uid: string, token: string, signal?: AbortSignal) {
  return api.get<StaffInvitationOffer>(`v5/invitations/${uid}/${token}/`, { signal });
}

export const invitationOfferQuery = (uid: string, token: string) =>
  queryOptions({
    queryKey: staffKeys.invitationOffer(uid, token),
    queryFn: ({ signal }) => getInvitationOffer(uid, token, signal),
    retry: false,
  });

export function useInvitationOffer(uid: string, token: string) {
  return useQuery(invitationOfferQuery(uid, token));
}
