import { queryOptions, useQuery } from '@tanstack/react-query';
import { DELETION_LIST_PAGE_SIZE } from '@store/contract/auth/schemas';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../api/client';
import { authKeys } from '../../../api/query-keys/auth';

export type MemberProgram = { name: string; coins: number; total_points: number };

export const deletionPageSize = DELETION_LIST_PAGE_SIZE;

/** `GET .../list-members-programs/?page=`: what the member loses (pages of 25). */
export function getDeletionPrograms(
  base: string,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<MemberProgram>> {
  return api.get<Paged<MemberProgram>>(`${base}list-members-programs/`, {
    query: { page },
    signal,
  });
}

export const deletionProgramsQuery = (base: string, page: number) =>
  queryOptions({
    queryKey: authKeys.deletionPrograms(base, page),
    queryFn: ({ signal }) => getDeletionPrograms(base, page, signal),
  });

export function useMemberPrograms(base: string, page: number, enabled: boolean) {
  return useQuery({
    ...deletionProgramsQuery(base, page),
    enabled,
    placeholderData: (previous) => previous,
  });
}
