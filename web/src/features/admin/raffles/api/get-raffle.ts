import { useQuery } from '@tanstack/react-query';
import type {
  AdminRaffle,
  AdminRaffleDraw,
  AdminRaffleEntry,
  AdminRaffleVerification,
} from '@store/contract/admin/raffles';
import { api } from '../../../../api/client';
import { adminRaffleKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

/** `GET v5/admin/raffles/{uid}/`: one raffle with its version. */
export function useRaffle(uid: string) {
  return useQuery({
    queryKey: adminRaffleKeys.raffle(uid),
    queryFn: ({ signal }) => api.get<AdminRaffle>(`v5/admin/raffles/${uid}/`, { signal }),
  });
}

export type EntryFilters = { page: number; page_size?: number; q?: string };

/** `GET v5/admin/raffles/{uid}/entries/`: the entrants, with each winner's rank. */
export function useRaffleEntries(uid: string, filters: EntryFilters) {
  return usePagedList<AdminRaffleEntry>(
    `v5/admin/raffles/${uid}/entries/`,
    adminRaffleKeys.entries(uid, filters),
    filters,
  );
}

/** `GET v5/admin/raffles/{uid}/draw/`: the draw record (only asked once the raffle is drawn). */
export function useRaffleDraw(uid: string, drawn: boolean) {
  return useQuery({
    queryKey: adminRaffleKeys.draw(uid),
    queryFn: ({ signal }) => api.get<AdminRaffleDraw>(`v5/admin/raffles/${uid}/draw/`, { signal }),
    enabled: drawn,
  });
}

/** `GET v5/admin/raffles/{uid}/draw/verify/`: the draw re-run on the server, on demand. */
export function verifyRaffleDraw(uid: string) {
  return api.get<AdminRaffleVerification>(`v5/admin/raffles/${uid}/draw/verify/`);
}
