import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentMethod } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/money/payment-methods/`: secrets only as whether they are set. */
export function getPaymentMethods(signal?: AbortSignal) {
  return api.get<AdminPaymentMethod[]>('v5/admin/money/payment-methods/', { signal });
}

export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: adminPaymentKeys.methods(),
    queryFn: ({ signal }) => getPaymentMethods(signal),
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery());
}
