import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffClient, StaffClientQuery } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

export type ClientLookup =
  { document_type: string; document_number: string } | { mobile_phone: string };

/** `GET v5/staff/clients/` by document (type and number) or by mobile phone. */
export function findClient(lookup: ClientLookup, signal?: AbortSignal): Promise<StaffClient> {
  return api.get<StaffClient>('v5/staff/clients/', { query: lookup as StaffClientQuery, signal });
}

/** The client on the card, read again after every action by its document (or phone). */
export const clientQuery = (lookup: ClientLookup | null) =>
  queryOptions({
    queryKey: staffKeys.client(lookup),
    queryFn: ({ signal }) => findClient(lookup!, signal),
    enabled: !!lookup,
    staleTime: 0,
  });

export function useClient(lookup: ClientLookup | null) {
  return useQuery(clientQuery(lookup));
}

/** The look-up form's search: the answer is cached, so the card it opens shows at once. */
export function useFindClient() {
  const queryClient = useQueryClient();
  return (lookup: ClientLookup) => queryClient.fetchQuery(clientQuery(lookup));
}
