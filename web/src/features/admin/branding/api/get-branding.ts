import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBranding } from '@store/contract/admin/media';
import { api } from '../../../../api/client';
import { adminKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/branding/`: the store's look and legal texts with their version. */
export const brandingQuery = () =>
  queryOptions({
    queryKey: adminKeys.branding(),
    queryFn: ({ signal }) => api.get<AdminBranding>('v5/admin/branding/', { signal }),
  });

export function useBranding() {
  return useQuery(brandingQuery());
}
