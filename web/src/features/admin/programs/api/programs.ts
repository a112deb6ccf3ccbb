import { useQuery } from '@tanstack/react-query';
import type {
  AdminProgram,
  AdminProgramCreate,
  AdminProgramInput,
  AdminProgramSummary,
} from '@store/contract/admin/programs';
import { api } from '../../../../api/client';
import { adminProgramKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';
import { useDeleteRecord, useSaveRecord } from '../../shell/api/save-record';

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
export const useSaveProgram = () =>
  useSaveRecord<AdminProgram, AdminProgramCreate, AdminProgramInput>(
    'v5/admin/programs/',
    'patch',
    adminProgramKeys.all(),
  );

/** `DELETE v5/admin/programs/{uid}/?version=`: only a program nobody joined. */
export const useDeleteProgram = () => useDeleteRecord('v5/admin/programs/', adminProgramKeys.all());
