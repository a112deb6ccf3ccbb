import { useQuery } from '@tanstack/react-query';
import type { AdminStockMovement } from '@store/contract/admin/selling';
import { api } from '../../../../api/client';
import { adminSellingKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/products/{uid}/stock-movements/`: the latest 100, newest first. */
export function useStockMovements(uid: string) {
  return useQuery({
    queryKey: adminSellingKeys.movements(uid),
    queryFn: ({ signal }) =>
      api.get<AdminStockMovement[]>(`v5/admin/products/${uid}/stock-movements/`, { signal }),
  });
}
