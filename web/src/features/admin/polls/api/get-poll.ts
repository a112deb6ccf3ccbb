import { useQuery } from '@tanstack/react-query';
import type { AdminPoll, AdminPollResults, AdminPollTextAnswer } from '@store/contract/admin/polls';
import { api, apiDownload } from '../../../../api/client';
import { adminPollKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

/** `GET v5/admin/polls/{uid}/`: one poll with its questions and version. */
export function usePoll(uid: string) {
  return useQuery({
    queryKey: adminPollKeys.poll(uid),
    queryFn: ({ signal }) => api.get<AdminPoll>(`v5/admin/polls/${uid}/`, { signal }),
    // Members answer while the owner looks: each visit reads the poll (and its lock) afresh.
    staleTime: 0,
  });
}

/** `GET v5/admin/polls/{uid}/results/`: responses, and counts per option. */
export function usePollResults(uid: string) {
  return useQuery({
    queryKey: adminPollKeys.results(uid),
    queryFn: ({ signal }) =>
      api.get<AdminPollResults>(`v5/admin/polls/${uid}/results/`, { signal }),
    staleTime: 0,
  });
}

export type AnswerFilters = { page: number; page_size?: number; q?: string };

/** `GET v5/admin/polls/{uid}/questions/{question}/answers/`: a text question's answers. */
export function usePollTextAnswers(uid: string, question: string, filters: AnswerFilters) {
  return usePagedList<AdminPollTextAnswer>(
    `v5/admin/polls/${uid}/questions/${question}/answers/`,
    adminPollKeys.answers(uid, question, filters),
    filters,
  );
}

/** `GET v5/admin/polls/{uid}/responses.csv`: every response as a CSV file (audited). */
export function downloadPollCsv(uid: string) {
  return apiDownload(`v5/admin/polls/${uid}/responses.csv`);
}
