import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Raffle } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import { engagementKeys } from '../../../api/query-keys/engagement';
import type { MutationConfig } from '../../../lib/react-query';

/** `POST .../raffles/{uid}/register/` (empty body): 201 registered now, 200 already registered. */
export function registerRaffle(programUid: string, raffleUid: string): Promise<Raffle> {
  return api.post<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/register/`, {});
}

/** Success or not, every raffle read (lists, details, the footer count) is asked again. */
export function useRegisterRaffle(
  programUid: string,
  raffleUid: string,
  { onSettled, ...config }: MutationConfig<Raffle> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => registerRaffle(programUid, raffleUid),
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.raffles() });
      return onSettled?.(...args);
    },
  });
}
