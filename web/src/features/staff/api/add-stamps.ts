import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffStampsInput, StaffLedgerResult } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { refreshClient } from './refresh-client';

/** `POST v5/staff/stamps/`: stamps on the client's card. */
export function addStamps(body: StaffStampsInput): Promise<StaffLedgerResult> {
  return api.post<StaffLedgerResult>('v5/staff/stamps/', body);
}

export function useStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStamps,
    onSuccess: () => refreshClient(queryClient),
  });
}
