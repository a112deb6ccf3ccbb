import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Poll } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import { engagementKeys } from '../../../api/query-keys/engagement';

/** `GET v5/me/programs/{uid}/polls/{poll_uid}/`. */
export function getPoll(programUid: string, pollUid: string, signal?: AbortSignal): Promise<Poll> {
  return api.get<Poll>(`v5/me/programs/${programUid}/polls/${pollUid}/`, { signal });
}

export const pollQuery = (programUid: string, pollUid: string) =>
  queryOptions({
    queryKey: engagementKeys.poll(programUid, pollUid),
    queryFn: ({ signal }) => getPoll(programUid, pollUid, signal),
  });

export function usePoll(programUid: string, pollUid: string) {
  return useQuery(pollQuery(programUid, pollUid));
}
