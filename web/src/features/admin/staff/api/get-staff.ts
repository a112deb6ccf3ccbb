import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@store/contract/staff/schemas';
import { api } from '../../../../api/client';
import { adminStaffKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/staff/members/`: the company's staff with roles and places, owners first. */
export function getStaff(signal?: AbortSignal) {
  return api.get<StaffMember[]>('v5/admin/staff/members/', { signal });
}

export const staffQuery = () =>
  queryOptions({ queryKey: adminStaffKeys.members(), queryFn: ({ signal }) => getStaff(signal) });

export function useStaffMembers() {
  return useQuery(staffQuery());
}
