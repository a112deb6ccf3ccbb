import { queryOptions } from '@tanstack/react-query';
import type { Poll } from '@store/contract/loyalty/engagement';
import { allPagesOf100, type Paged } from '../../../api/paging';
import { engagementKeys } from '../../../api/query-keys/engagement';

/** `GET v5/me/programs/{uid}/polls/`: pending polls, or with `is_resolved=true` the answered ones. */
export function getProgramPolls(
  programUid: string,
  resolved: boolean,
  signal?: AbortSignal,
): Promise<Paged<Poll>> {
  return allPagesOf100<Poll>(
    `v5/me/programs/${programUid}/polls/`,
    { is_resolved: resolved ? 'true' : undefined },
    signal,
  );
}

/** Read for every program at once (`useQueries`) by the polls page. */
export const programPollsQuery = (programUid: string, resolved: boolean) =>
  queryOptions({
    queryKey: engagementKeys.programPolls(programUid, resolved),
    queryFn: ({ signal }) => getProgramPolls(programUid, resolved, signal),
  });
