import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberProgram } from '@store/contract/loyalty/programs';
import { api } from '../../../api/client';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';
import type { MutationConfig } from '../../../lib/react-query';

/** `POST v5/me/programs/`: joins (201, 200 when already a member). */
export function joinProgram(programUid: string): Promise<MemberProgram> {
  return api.post<MemberProgram>('v5/me/programs/', { program: programUid });
}

/**
 * The program shows the answer (now a member) at once; the member's state of every promotion
 * (and the featured ones) changes with membership, so the lists are asked again.
 */
export function useJoinProgram(
  programUid: string,
  { onSuccess, ...config }: MutationConfig<MemberProgram> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => joinProgram(programUid),
    onSuccess: (joined, ...rest) => {
      queryClient.setQueryData(loyaltyKeys.memberProgram(programUid), joined);
      void queryClient.invalidateQueries({ queryKey: loyaltyKeys.promotionLists(programUid) });
      return onSuccess?.(joined, ...rest);
    },
  });
}
