import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBranding, AdminBrandingInput } from '@store/contract/admin/media';
import { api } from '../../../../api/client';
import { adminKeys } from '../../../../api/query-keys/admin';

/** `PATCH v5/admin/branding/` (versioned: a 409 carries the values as they are now). */
export function useUpdateBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminBrandingInput) =>
      api.patch<AdminBranding>('v5/admin/branding/', input),
    onSuccess: (saved) => client.setQueryData(adminKeys.branding(), saved),
  });
}
