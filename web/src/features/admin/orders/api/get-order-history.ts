import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@store/contract/admin/schemas';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminOrderKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/audit/?entity=order&entity_uid=`: what the back office did to the order, and who. */
export function getOrderHistory(uid: string, signal?: AbortSignal) {
  return api.get<Paged<AuditEntry>>('v5/admin/audit/', {
    query: { entity: 'order', entity_uid: uid },
    signal,
  });
}

export const orderHistoryQuery = (uid: string) =>
  queryOptions({
    queryKey: adminOrderKeys.history(uid),
    queryFn: ({ signal }) => getOrderHistory(uid, signal),
  });

export function useOrderHistory(uid: string) {
  return useQuery(orderHistoryQuery(uid));
}
