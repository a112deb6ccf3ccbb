import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  StaffProductRedemptionInput,
  StaffProductRedemptionResult,
} from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { refreshClient } from './refresh-client';

/** `POST v5/staff/product-redemptions/`: redeemable products paid with the client's coins. */
export function redeemProduct(
  body: StaffProductRedemptionInput,
): Promise<StaffProductRedemptionResult> {
  return api.post<StaffProductRedemptionResult>('v5/staff/product-redemptions/', body);
}

export function useRedeemProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemProduct,
    onSuccess: () => refreshClient(queryClient),
  });
}
