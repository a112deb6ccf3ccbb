import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { cacheClock } from '../lib/cache-clock';
import type { Clock } from '../scope/scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds this GET's public answer may be served again to anyone on the same host. */
    publicCache?: boolean;
  }
}

type Entry = { body: string; contentType: string };

/**
 * A micro-cache for public catalogue answers (places, categories, products):
 * the same answer for every visitor of a host, read far more often than it
 * changes. A hit skips tenant resolution and the database entirely. It keeps
 * nothing another process needs: each process has its own copy, and an entry
 * lives `seconds` at most, which bounds how stale a listed stock can be (the
 * order itself always checks stock in its transaction). Keyed by host,
 * API-KEY and URL, so a key another app refuses is never answered from here;
 * answers say `Vary: API-KEY`, so a shared cache in front keeps them apart
 * too. A private store's answers (members only) are never kept here, nor
 * marked public.
 */
export const publicCachePlugin = fp<{ seconds: number; maxEntries?: number; clock?: Clock }>(
  async (app, { seconds, maxEntries = 2000, clock }) => {
    if (seconds <= 0) return;
    const cache = new LRUCache<string, Entry>({
      max: maxEntries,
      ttl: seconds * 1000,
      ...cacheClock(clock),
    });
    const keyOf = (request: { host: string; url: string; headers: Record<string, unknown> }) =>
      `${request.host}\n${String(request.headers['api-key'] ?? '')}\n${request.url}`;

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.publicCache) return;
      const hit = cache.get(keyOf(request));
      if (!hit) return;
      reply
        .header('x-cache', 'hit')
        .header('cache-control', `public, max-age=${seconds}`)
        .header('vary', 'API-KEY')
        .type(hit.contentType);
      return reply.send(hit.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.method !== 'GET' ||
        !request.routeOptions.config.publicCache ||
        reply.getHeader('x-cache')
      )
        return payload;
      if (request.tenant && !request.tenant.allowAnonymousNavigation) return payload;
      if (reply.statusCode === 200 && typeof payload === 'string') {
        cache.set(keyOf(request), {
          body: payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json'),
        });
        reply
          .header('x-cache', 'miss')
          .header('cache-control', `public, max-age=${seconds}`)
          .header('vary', 'API-KEY');
      }
      return payload;
    });
  },
  { name: 'public-cache' },
);
