import { useQuery } from '@tanstack/react-query';
import type { AdminPollSummary } from '@store/contract/admin/polls';
import { api } from '../../../../api/client';
import { adminPollKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type PollFilters = { page: number; page_size?: number; q?: string };

/** `GET v5/admin/polls/`: a page of the company's polls with their state and responses. */
export function usePolls(filters: PollFilters) {
  return usePagedList<AdminPollSummary>('v5/admin/polls/', adminPollKeys.list(filters), filters);
}

/** `GET v5/admin/polls/programs/`: the programs a poll may belong to. */
export function usePollPrograms() {
  return useQuery({
    queryKey: adminPollKeys.programs(),
    queryFn: ({ signal }) =>
      api.get<{ uid: string; name: string }[]>('v5/admin/polls/programs/', { signal }),
  });
}
