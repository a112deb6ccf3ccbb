import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { cacheClock } from '../../lib/cache-clock';
import type { Clock } from '../../scope/scope';

/**
 * A place's search answers (the exact count and the ranked page), remembered per tenant, place,
 * filters, words and page for a few seconds (SEARCH_CACHE_SECONDS), and asked of the database
 * once however many shoppers ask at the same moment: a broad word ("cafe" over 100,000 products)
 * ranks thousands of matches, and ten shoppers typing it at once queued ten such rankings behind
 * each other (bench/RESULTS.md, 2026-12-03). Unlike the public micro-cache it serves members of
 * private stores too: the answer depends on the store, never on who asks. A listed stock may be
 * as old as the lifetime; an order always checks stock in its own transaction.
 */
export type SearchCache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops the tenant's answers (keys start with its uid), a search under way included. */
  forget(appUid: string): void;
};

const caches = new WeakMap<Database, SearchCache>();

/** Turns the search cache on for `db`'s searches (buildApp, from AppOptions.searchCacheSeconds). */
export function useSearchCache(
  db: Database,
  seconds: number,
  options: { maxEntries?: number; clock?: Clock } = {},
) {
  if (seconds <= 0) {
    caches.delete(db);
    return;
  }
  const entries = new LRUCache<string, Promise<unknown>>({
    max: options.maxEntries ?? 1000,
    ttl: seconds * 1000,
    ...cacheClock(options.clock),
  });
  caches.set(db, {
    get<T>(key: string, load: () => Promise<T>) {
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        entry = load();
        entries.set(key, entry);
        // A failed search is asked again by the next shopper, not served as a failure.
        entry.catch(() => entries.delete(key));
      }
      return entry;
    },
    forget(appUid: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(`${appUid}\n`)) entries.delete(key);
    },
  });
}

/**
 * Forgets a tenant's searches after a write of its staff or back office (the public cache's
 * forget, plugins/public-cache.ts, calls it, in every process of a cluster): a hidden product
 * leaves the search answers at once, as it leaves the lists.
 */
export function forgetSearches(db: Database, appUid: string) {
  caches.get(db)?.forget(appUid);
}

/** `load()` through `db`'s search cache, or straight when it has none. */
export function cachedSearch<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(key, load) : load();
}
