import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLanding } from '@store/contract/admin/landing';
import { api } from '../../../../api/client';
import { adminLandingKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/landing/`: the store's landing (type, every section) with its version. */
export const adminLandingQuery = () =>
  queryOptions({
    queryKey: adminLandingKeys.landing(),
    queryFn: ({ signal }) => api.get<AdminLanding>('v5/admin/landing/', { signal }),
    // The editor holds a draft: a refetch on focus must not look like someone else's save.
    refetchOnWindowFocus: false,
  });

export function useAdminLanding() {
  return useQuery(adminLandingQuery());
}
