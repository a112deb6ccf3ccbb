import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRaffle,
  AdminRaffleCreate,
  AdminRaffleDraw,
  AdminRafflePatch,
} from '@store/contract/admin/raffles';
import { api } from '../../../../api/client';
import { adminRaffleKeys } from '../../../../api/query-keys/admin';

type NewRaffle = Partial<AdminRaffleCreate> & Pick<AdminRaffleCreate, 'program' | 'name'>;

/** `POST v5/admin/raffles/`. */
export function useCreateRaffle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRaffle) => api.post<AdminRaffle>('v5/admin/raffles/', body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminRaffleKeys.all() }),
  });
}

/** `PATCH v5/admin/raffles/{uid}/` with the version the raffle was read at. */
export function useUpdateRaffle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: AdminRafflePatch & { uid: string }) =>
      api.patch<AdminRaffle>(`v5/admin/raffles/${uid}/`, body),
    onSettled: () => client.invalidateQueries({ queryKey: adminRaffleKeys.all() }),
  });
}

/** `POST v5/admin/raffles/{uid}/draw/`: the one draw. */
export function useDrawRaffle(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AdminRaffleDraw>(`v5/admin/raffles/${uid}/draw/`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: adminRaffleKeys.all() }),
  });
}
