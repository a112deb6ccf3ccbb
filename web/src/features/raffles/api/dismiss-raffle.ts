import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Raffle } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import { engagementKeys } from '../../../api/query-keys/engagement';
import type { MutationConfig } from '../../../lib/react-query';

/** `POST .../raffles/{uid}/dismiss/` (empty body): the raffle leaves the member's list. */
export function dismissRaffle(programUid: string, raffleUid: string): Promise<Raffle> {
  return api.post<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/dismiss/`, {});
}

/** Success or not, every raffle read (lists, details, the footer count) is asked again. */
export function useDismissRaffle(
  programUid: string,
  raffleUid: string,
  { onSettled, ...config }: MutationConfig<Raffle> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => dismissRaffle(programUid, raffleUid),
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.raffles() });
      return onSettled?.(...args);
    },
  });
}
