import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPollSummary } from '@store/contract/admin/polls';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminPollKeys } from '../../../../api/query-keys/admin';

export type PollFilters = { page: number; page_size?: number; q?: string };

/** `GET v5/admin/polls/`: a page of the company's polls with their state and responses. */
export function getPolls(filters: PollFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminPollSummary>>('v5/admin/polls/', { query: filters, signal });
}

export function usePolls(filters: PollFilters) {
  return useQuery(
    queryOptions({
      queryKey: adminPollKeys.list(filters),
      queryFn: ({ signal }) => getPolls(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET v5/admin/polls/programs/`: the programs a poll may belong to. */
export function usePollPrograms() {
  return useQuery({
    queryKey: adminPollKeys.programs(),
    queryFn: ({ signal }) =>
      api.get<{ uid: string; name: string }[]>('v5/admin/polls/programs/', { signal }),
  });
}
