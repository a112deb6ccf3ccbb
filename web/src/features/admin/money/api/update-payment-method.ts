import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentMethod, AdminPaymentMethodInput } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `PATCH v5/admin/money/payment-methods/{uid}/`: a secret sent replaces the stored one. */
export function updatePaymentMethod({ uid, ...body }: AdminPaymentMethodInput & { uid: string }) {
  return api.patch<AdminPaymentMethod>(`v5/admin/money/payment-methods/${uid}/`, body);
}

export function useUpdatePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSettled: () => client.invalidateQueries({ queryKey: adminPaymentKeys.methods() }),
  });
}
