import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffPointsInput, StaffLedgerResult } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { refreshClient } from './refresh-client';

/** `POST v5/staff/points/`: points for the client. */
export function addPoints(body: StaffPointsInput): Promise<StaffLedgerResult> {
  return api.post<StaffLedgerResult>('v5/staff/points/', body);
}

export function useAddPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPoints,
    onSuccess: () => refreshClient(queryClient),
  });
}
