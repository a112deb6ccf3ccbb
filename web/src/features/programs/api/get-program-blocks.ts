import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramBlock } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import type { Paged } from '../../../api/paging';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';

/** `GET v5/me/programs/{uid}/sections/` and `.../ads/`: blocks of the program page, by position. */
export function getProgramBlocks(
  programUid: string,
  which: 'sections' | 'ads',
  signal?: AbortSignal,
): Promise<Paged<ProgramBlock>> {
  return api.get<Paged<ProgramBlock>>(`v5/me/programs/${programUid}/${which}/`, {
    query: { page_size: 50 },
    signal,
  });
}

export const programBlocksQuery = (programUid: string, which: 'sections' | 'ads') =>
  queryOptions({
    queryKey: loyaltyKeys.programBlocks(programUid, which),
    queryFn: ({ signal }) => getProgramBlocks(programUid, which, signal),
    staleTime: 5 * 60_000,
  });

export function useProgramBlocks(programUid: string, which: 'sections' | 'ads') {
  return useQuery(programBlocksQuery(programUid, which));
}
