import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminLowStock } from '@store/contract/admin/selling';
import { api } from '../../../../api/client';
import { adminSellingKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/stock/low/`: low and sold-out products, sold out first (at most 50 rows). */
export function useLowStock(place?: string) {
  return useQuery({
    queryKey: adminSellingKeys.lowStock(place ?? ''),
    queryFn: ({ signal }) =>
      api.get<AdminLowStock>('v5/admin/stock/low/', {
        query: place ? { place } : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
