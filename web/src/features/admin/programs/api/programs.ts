import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProgram,
  AdminProgramCreate,
  AdminProgramInput,
  AdminProgramSummary,
} from '@store/contract/admin/programs';
import { api } from '../../../../api/client';
import { adminProgramKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type ProgramFilters = { page: number; page_size?: number; q?: string; active?: string };

/** `GET v5/admin/programs/`: the company's programs, with their members count. */
export function usePrograms(filters: ProgramFilters) {
  return usePagedList<AdminProgramSummary>(
    'v5/admin/programs/',
    adminProgramKeys.list(filters),
    filters,
  );
}

/** `GET v5/admin/programs/{uid}/`: one program with its levels, sections, ads and version. */
export function useProgram(uid: string) {
  return useQuery({
    queryKey: adminProgramKeys.one(uid),
    queryFn: ({ signal }) => api.get<AdminProgram>(`v5/admin/programs/${uid}/`, { signal }),
  });
}

/** `POST v5/admin/programs/` or `PATCH v5/admin/programs/{uid}/` (with the version read). */
export function useSaveProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: (AdminProgramCreate | AdminProgramInput) & { uid?: string }) =>
      uid
        ? api.patch<AdminProgram>(`v5/admin/programs/${uid}/`, body)
        : api.post<AdminProgram>('v5/admin/programs/', body),
    onSettled: () => client.invalidateQueries({ queryKey: adminProgramKeys.all() }),
  });
}

/** `DELETE v5/admin/programs/{uid}/?version=`: only a program nobody joined. */
export function useDeleteProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, version }: { uid: string; version: number }) =>
      api.delete<null>(`v5/admin/programs/${uid}/`, { query: { version } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminProgramKeys.all() }),
  });
}
