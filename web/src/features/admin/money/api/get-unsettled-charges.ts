import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUnsettledCharge } from '@store/contract/admin/money';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/money/unsettled-charges/`: card charges being given back, newest first. */
export function getUnsettledCharges(page: number, signal?: AbortSignal) {
  return api.get<Paged<AdminUnsettledCharge>>('v5/admin/money/unsettled-charges/', {
    query: { page },
    signal,
  });
}

export const unsettledChargesQuery = (page: number) =>
  queryOptions({
    queryKey: adminPaymentKeys.unsettled(page),
    queryFn: ({ signal }) => getUnsettledCharges(page, signal),
    placeholderData: keepPreviousData,
  });

export function useUnsettledCharges(page: number) {
  return useQuery(unsettledChargesQuery(page));
}
