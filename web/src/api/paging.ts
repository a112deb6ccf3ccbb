import { api } from './client';

export type Paged<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

/**
 * The server's `next` links are absolute URLs; they are followed as given, through this client
 * (so the API key and token go along): only the part after /api/ is kept.
 */
export function pathFromNext(next: string): string {
  const url = new URL(next, window.location.origin);
  return url.pathname.replace(/^\/api\//, '') + url.search;
}

/** Every page of a paged list (places and areas are a handful per company). */
export async function allPages<T>(
  path: string,
  query: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<T[]> {
  const out: T[] = [];
  let page = await api.get<Paged<T>>(path, { query, signal });
  out.push(...page.results);
  while (page.next) {
    page = await api.get<Paged<T>>(pathFromNext(page.next), { signal });
    out.push(...page.results);
  }
  return out;
}

/** A short list of a program (raffles, polls, events, redemptions): every page of 100 is read. */
export async function allPagesOf100<T>(
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
