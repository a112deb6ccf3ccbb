import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyEvent } from '@store/contract/loyalty/events';
import { allPagesOf100 } from '../../../api/paging';
import { engagementKeys } from '../../../api/query-keys/engagement';

/** `GET v5/companies/{uid}/events/`: ordered by start_date,start_time (the server's default). */
export function getCompanyEvents(
  companyUid: string,
  signal?: AbortSignal,
): Promise<CompanyEvent[]> {
  return allPagesOf100<CompanyEvent>(
    `v5/companies/${companyUid}/events/`,
    { ordering: 'start_date,start_time' },
    signal,
  ).then((page) => page.results);
}

export const companyEventsQuery = (companyUid: string) =>
  queryOptions({
    queryKey: engagementKeys.events(companyUid),
    queryFn: ({ signal }) => getCompanyEvents(companyUid, signal),
    staleTime: 60_000,
  });

export function useCompanyEvents(companyUid: string) {
  return useQuery(companyEventsQuery(companyUid));
}
