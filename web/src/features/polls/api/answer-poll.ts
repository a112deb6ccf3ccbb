import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PollResponseInput } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import { engagementKeys } from '../../../api/query-keys/engagement';
import type { MutationConfig } from '../../../lib/react-query';

export type PollAnswer = { uid: string; poll: string; created_at: string };

/** `POST v5/me/polls/{uid}/responses/`: one answer per question; 400 errors keyed `answers.{n}`. */
export function answerPoll(pollUid: string, body: PollResponseInput): Promise<PollAnswer> {
  return api.post(`v5/me/polls/${pollUid}/responses/`, body);
}

/** The poll moves from pending to answered: every poll read is asked again before the screen goes on. */
export function useAnswerPoll(
  pollUid: string,
  { onSuccess, ...config }: MutationConfig<PollAnswer, PollResponseInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (body: PollResponseInput) => answerPoll(pollUid, body),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: engagementKeys.polls() });
      return onSuccess?.(...args);
    },
  });
}
