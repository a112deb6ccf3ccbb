import type { Raffle } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import type { MutationConfig } from '../../../lib/react-query';
import { useRaffleMutation } from './raffle-mutation';

/** `POST .../raffles/{uid}/dismiss/` (empty body): the raffle leaves the member's list. */
export function dismissRaffle(programUid: string, raffleUid: string): Promise<Raffle> {
  return api.post<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/dismiss/`, {});
}

export function useDismissRaffle(
  programUid: string,
  raffleUid: string,
  config?: MutationConfig<Raffle>,
) {
  return useRaffleMutation(() => dismissRaffle(programUid, raffleUid), config);
}
