import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPoll, AdminPollCreate, AdminPollInput } from '@store/contract/admin/polls';
import { api } from '../../../../api/client';
import { adminPollKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/polls/` or `PUT v5/admin/polls/{uid}/` (the whole poll, with the version read). */
export function useSavePoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: (AdminPollCreate | AdminPollInput) & { uid?: string }) =>
      uid
        ? api.put<AdminPoll>(`v5/admin/polls/${uid}/`, body)
        : api.post<AdminPoll>('v5/admin/polls/', body),
    onSettled: () => client.invalidateQueries({ queryKey: adminPollKeys.all() }),
  });
}

/** `DELETE v5/admin/polls/{uid}/?version=`: only a poll nobody answered. */
export function useDeletePoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, version }: { uid: string; version: number }) =>
      api.delete<null>(`v5/admin/polls/${uid}/`, { query: { version } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminPollKeys.all() }),
  });
}
