import { queryOptions } from '@tanstack/react-query';
import type { Poll, PollResponseInput, Raffle } from '@store/contract/loyalty/engagement';
import type { CompanyEvent } from '@store/contract/loyalty/events';
import type { MemberProgram } from '@store/contract/loyalty/programs';
import type { Redemption } from '@store/contract/loyalty/promotions';
import { api } from './client';
import { pathFromNext, type Paged } from './catalog';

/** Raffles and polls of a program are short lists: every page is read. */
async function allPages<T>(
  path: string,
  query: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<Paged<T>> {
  let page = await api.get<Paged<T>>(path, { query: { ...query, page_size: 100 }, signal });
  const results = [...page.results];
  while (page.next) {
    page = await api.get<Paged<T>>(pathFromNext(page.next), { signal });
    results.push(...page.results);
  }
  return { count: page.count, next: null, previous: null, results };
}

/** Every raffle query starts with this key, so a register or dismiss refreshes lists, details and the footer count. */
export const RAFFLES_KEY = 'raffles';
export const POLLS_KEY = 'polls';

/** `GET v5/me/programs/{uid}/raffles/`: the program's raffles the member has not dismissed. */
export const programRafflesQuery = (programUid: string) =>
  queryOptions({
    queryKey: [RAFFLES_KEY, 'list', programUid],
    queryFn: ({ signal }) => allPages<Raffle>(`v5/me/programs/${programUid}/raffles/`, {}, signal),
    staleTime: 30_000,
  });

/** `GET v5/me/programs/{p}/raffles/{uid}/`: 404 is the not-found state. */
export const raffleQuery = (programUid: string, raffleUid: string) =>
  queryOptions({
    queryKey: [RAFFLES_KEY, 'detail', programUid, raffleUid],
    queryFn: ({ signal }) =>
      api.get<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/`, { signal }),
  });

/** `POST .../raffles/{uid}/register/` (empty body): 201 registered now, 200 already registered. */
export function registerRaffle(programUid: string, raffleUid: string): Promise<Raffle> {
  return api.post<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/register/`, {});
}

/** `POST .../raffles/{uid}/dismiss/` (empty body): the raffle leaves the member's list. */
export function dismissRaffle(programUid: string, raffleUid: string): Promise<Raffle> {
  return api.post<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/dismiss/`, {});
}

/** `GET v5/me/programs/{uid}/polls/`: pending polls, or with `is_resolved=true` the answered ones. */
export const programPollsQuery = (programUid: string, resolved: boolean) =>
  queryOptions({
    queryKey: [POLLS_KEY, 'list', programUid, resolved],
    queryFn: ({ signal }) =>
      allPages<Poll>(
        `v5/me/programs/${programUid}/polls/`,
        { is_resolved: resolved ? 'true' : undefined },
        signal,
      ),
  });

/** `GET v5/me/programs/{uid}/polls/{poll_uid}/`. */
export const pollQuery = (programUid: string, pollUid: string) =>
  queryOptions({
    queryKey: [POLLS_KEY, 'detail', programUid, pollUid],
    queryFn: ({ signal }) =>
      api.get<Poll>(`v5/me/programs/${programUid}/polls/${pollUid}/`, { signal }),
  });

/** `POST v5/me/polls/{uid}/responses/`: one answer per question; 400 errors keyed `answers.{n}`. */
export function answerPoll(
  pollUid: string,
  body: PollResponseInput,
): Promise<{ uid: string; poll: string; created_at: string }> {
  return api.post(`v5/me/polls/${pollUid}/responses/`, body);
}

/** `GET v5/companies/{uid}/events/`: ordered by start_date,start_time (the server's default). */
export const companyEventsQuery = (companyUid: string) =>
  queryOptions({
    queryKey: ['events', 'list', companyUid],
    queryFn: ({ signal }) =>
      allPages<CompanyEvent>(
        `v5/companies/${companyUid}/events/`,
        { ordering: 'start_date,start_time' },
        signal,
      ).then((page) => page.results),
    staleTime: 60_000,
  });

/** `GET v5/events/{uid}/`. */
export const eventQuery = (eventUid: string) =>
  queryOptions({
    queryKey: ['events', 'detail', eventUid],
    queryFn: ({ signal }) => api.get<CompanyEvent>(`v5/events/${eventUid}/`, { signal }),
  });

/** `GET v5/me/programs/{uid}/`: the program with the member's balances. */
export const memberProgramQuery = (programUid: string) =>
  queryOptions({
    queryKey: ['member-program', programUid],
    queryFn: ({ signal }) => api.get<MemberProgram>(`v5/me/programs/${programUid}/`, { signal }),
  });

/** `GET v5/me/programs/{uid}/redemptions/`: every unit the member took in the program, newest first. */
export const programRedemptionsQuery = (programUid: string) =>
  queryOptions({
    queryKey: ['coin-redemptions', programUid],
    queryFn: ({ signal }) =>
      allPages<Redemption>(`v5/me/programs/${programUid}/redemptions/`, {}, signal).then(
        (page) => page.results,
      ),
  });
