import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentMethod, AdminYapeInput } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/money/payment-methods/yape/`: Yape through the store's Mercado Pago account. */
export function addYape(body: AdminYapeInput) {
  return api.post<AdminPaymentMethod>('v5/admin/money/payment-methods/yape/', body);
}

export function useAddYape() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addYape,
    onSettled: () => client.invalidateQueries({ queryKey: adminPaymentKeys.methods() }),
  });
}
