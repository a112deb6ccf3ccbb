import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProgram } from '@store/contract/loyalty/programs';
import type { QueryConfig } from '../lib/react-query';
import { api } from './client';
import { loyaltyKeys } from './query-keys/loyalty';

/** `GET v5/me/programs/{uid}/`: the program with the member's balances and level (also for non-members). */
export function getMemberProgram(programUid: string, signal?: AbortSignal): Promise<MemberProgram> {
  return api.get<MemberProgram>(`v5/me/programs/${programUid}/`, { signal });
}

export const memberProgramQuery = (programUid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.memberProgram(programUid),
    queryFn: ({ signal }) => getMemberProgram(programUid, signal),
  });

export function useMemberProgram(
  programUid: string,
  config?: QueryConfig<typeof memberProgramQuery>,
) {
  return useQuery({ ...memberProgramQuery(programUid), ...config });
}
