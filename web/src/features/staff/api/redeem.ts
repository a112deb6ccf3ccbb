import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRedemptionInput, StaffRedemptionResult } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { refreshClient } from './refresh-client';

/** `POST v5/staff/redemptions/`: redeems a promotion for the client on the card. */
export function redeem(body: StaffRedemptionInput): Promise<StaffRedemptionResult> {
  return api.post<StaffRedemptionResult>('v5/staff/redemptions/', body);
}

export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeem,
    onSuccess: () => refreshClient(queryClient),
  });
}
