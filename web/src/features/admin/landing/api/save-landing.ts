import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLanding, AdminLandingInput } from '@store/contract/admin/landing';
import { api } from '../../../../api/client';
import { adminLandingKeys } from '../../../../api/query-keys/admin';
import { tenancyKeys } from '../../../../api/query-keys/tenancy';

/** `PUT v5/admin/landing/` (versioned: a 409 carries the landing as it is now). */
export function useSaveLanding(appUid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminLandingInput) => api.put<AdminLanding>('v5/admin/landing/', input),
    onSuccess: (saved) => {
      client.setQueryData(adminLandingKeys.landing(), saved);
      // The store's /landing in this tab shows the saved sections at once.
      void client.invalidateQueries({ queryKey: tenancyKeys.landing(appUid) });
    },
  });
}
