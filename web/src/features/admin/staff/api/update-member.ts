import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStaffMemberPatch } from '@store/contract/admin/staff';
import type { StaffMember } from '@store/contract/staff/schemas';
import { api } from '../../../../api/client';
import { adminStaffKeys } from '../../../../api/query-keys/admin';

/** `PATCH v5/admin/staff/members/{user_uid}/`: a new role or places for someone on the staff. */
export function updateMember({ uid, ...body }: AdminStaffMemberPatch & { uid: string }) {
  return api.patch<StaffMember>(`v5/admin/staff/members/${uid}/`, body);
}

export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSettled: () => client.invalidateQueries({ queryKey: adminStaffKeys.members() }),
  });
}
