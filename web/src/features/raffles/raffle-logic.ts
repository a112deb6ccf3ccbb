import type { Raffle } from '@store/contract/loyalty/engagement';

/** What a member can do with a raffle and how it is labelled. */
export type RaffleStatus = 'registered' | 'open' | 'closed';

export function raffleStatus(raffle: Pick<Raffle, 'registered' | 'is_open'>): RaffleStatus {
  if (raffle.registered) return 'registered';
  return raffle.is_open ? 'open' : 'closed';
}

/** The raffles of every program of the company, open ones first, each program's own order kept. */
export function mergeRaffles(lists: Raffle[][]): Raffle[] {
  const all = lists.flat();
  return all
    .map((raffle, index) => ({ raffle, index }))
    .sort((a, b) => Number(b.raffle.is_open) - Number(a.raffle.is_open) || a.index - b.index)
    .map(({ raffle }) => raffle);
}
