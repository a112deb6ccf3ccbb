import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Ad } from '@store/contract';
import { api } from './client';
import type { Paged } from './paging';
import { tenancyKeys } from './query-keys/tenancy';

/** A strip of banners shows at most this many; the first page is enough. */
const ADS_SHOWN = 10;

/** `GET v5/companies/{uid}/ads`: the company's active ads, by position. */
export function getCompanyAds(companyUid: string, signal?: AbortSignal): Promise<Paged<Ad>> {
  return api.get<Paged<Ad>>(`v5/companies/${companyUid}/ads`, {
    query: { page_size: ADS_SHOWN },
    signal,
  });
}

export const companyAdsQuery = (companyUid: string) =>
  queryOptions({
    queryKey: tenancyKeys.companyAds(companyUid),
    queryFn: ({ signal }) => getCompanyAds(companyUid, signal),
    staleTime: 5 * 60_000,
  });

export function useCompanyAds(companyUid: string) {
  return useQuery(companyAdsQuery(companyUid));
}

/**
 * Starts loading the ads without subscribing to them, so a page can ask for them as it opens
 * while only the strip (`useCompanyAds`) renders their answer. React Query's `usePrefetchQuery`
 * with an `enabled` it lacks: the subscription screen shows no strip and asks for none.
 */
export function usePrefetchCompanyAds(companyUid: string, enabled: boolean) {
  const client = useQueryClient();
  const query = companyAdsQuery(companyUid);
  if (enabled && !client.getQueryState(query.queryKey)) void client.prefetchQuery(query);
}
