import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlace, AdminPlacePatch } from '@store/contract/admin/places';
import { api } from '../../../../api/client';
import { adminPlaceKeys } from '../../../../api/query-keys/admin';

/** `PATCH v5/admin/places/{uid}/` with the version the place was read at. */
export function updatePlace({ uid, ...body }: AdminPlacePatch & { uid: string }) {
  return api.patch<AdminPlace>(`v5/admin/places/${uid}/`, body);
}

export function useUpdatePlace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePlace,
    onSettled: () => client.invalidateQueries({ queryKey: adminPlaceKeys.places() }),
  });
}
