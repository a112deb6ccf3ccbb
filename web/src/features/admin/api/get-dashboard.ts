import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard, DashboardPeriod } from '@store/contract/admin/schemas';
import { api } from '../../../api/client';
import { adminKeys } from '../../../api/query-keys/admin';
import type { QueryConfig } from '../../../lib/react-query';

export type DashboardFilters = { period: DashboardPeriod; place?: string };

/** `GET v5/admin/dashboard/`: the figures of a period, for every place or one. */
export function getDashboard(filters: DashboardFilters, signal?: AbortSignal) {
  return api.get<AdminDashboard>('v5/admin/dashboard/', { query: filters, signal });
}

export const dashboardQuery = (filters: DashboardFilters) =>
  queryOptions({
    queryKey: adminKeys.dashboard(filters),
    queryFn: ({ signal }) => getDashboard(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useDashboard(
  filters: DashboardFilters,
  config?: QueryConfig<typeof dashboardQuery>,
) {
  return useQuery({ ...dashboardQuery(filters), ...config });
}
