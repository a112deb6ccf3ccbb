import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminElectronicReceipt } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/money/receipts/{uid}/retry/`: a REJECTED or FAILED receipt sent again. */
export function retryReceipt(uid: string) {
  return api.post<AdminElectronicReceipt>(`v5/admin/money/receipts/${uid}/retry/`);
}

export function useRetryReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryReceipt,
    onSettled: () => client.invalidateQueries({ queryKey: adminPaymentKeys.receipts() }),
  });
}
