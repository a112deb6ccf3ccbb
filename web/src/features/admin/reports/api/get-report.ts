import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminReport, AdminReportQuery } from '@store/contract/admin/selling';
import { api } from '../../../../api/client';
import { adminSellingKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/reports/`: every breakdown of a range of store days, with the previous period. */
export function useReport(query: AdminReportQuery) {
  return useQuery({
    queryKey: adminSellingKeys.report(query),
    queryFn: ({ signal }) => api.get<AdminReport>('v5/admin/reports/', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
