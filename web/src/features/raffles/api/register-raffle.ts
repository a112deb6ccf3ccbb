import type { Raffle } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import type { MutationConfig } from '../../../lib/react-query';
import { useRaffleMutation } from './raffle-mutation';

/** `POST .../raffles/{uid}/register/` (empty body): 201 registered now, 200 already registered. */
export function registerRaffle(programUid: string, raffleUid: string): Promise<Raffle> {
  return api.post<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/register/`, {});
}

export function useRegisterRaffle(
  programUid: string,
  raffleUid: string,
  config?: MutationConfig<Raffle>,
) {
  return useRaffleMutation(() => registerRaffle(programUid, raffleUid), config);
}
