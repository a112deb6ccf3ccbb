import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Raffle } from '@store/contract/loyalty/engagement';
import { engagementKeys } from '../../../api/query-keys/engagement';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * A member's step on a raffle (`send`): success or not, every raffle read (lists, details, the
 * footer count) is asked again.
 */
export function useRaffleMutation(
  send: () => Promise<Raffle>,
  { onSettled, ...config }: MutationConfig<Raffle> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: send,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.raffles() });
      return onSettled?.(...args);
    },
  });
}
