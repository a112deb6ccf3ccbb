import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { errorMessages } from '@store/contract';
import { findAppRowByApiKey, findAppRowByDomain, type AppRow } from '../modules/tenancy/service';
import { ForbiddenError, NotFoundError } from '../lib/http-errors';
import { cacheClock } from '../lib/cache-clock';
import type { Clock } from '../scope/scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request speaks to, from its host name or its API-KEY; null when neither names one. */
    tenant: AppRow | null;
    /** The tenant, or a 404 when the request names none. */
    requireTenant(): AppRow;
  }
}

/**
 * Resolves the tenant of every API request. The host name wins (a storefront
 * always calls its own host); an API-KEY must then belong to that same app,
 * else 403. Without a known host (server-to-server calls) the API-KEY alone
 * names the app.
 */
export const tenantPlugin = fp<{ cacheSeconds?: number; clock?: Clock }>(
  async (app, { cacheSeconds = 0, clock }) => {
    // Every API call names its tenant, and the apps row changes only when a tenant file is imported:
    // a few seconds of per-process memory save a query per request. It keeps nothing another process
    // needs (a request only reads its tenant), and an import shows up everywhere within `cacheSeconds`.
    // Misses are remembered too, so a flood of unknown hosts or keys costs one query each per lifetime.
    const cache =
      cacheSeconds > 0
        ? new LRUCache<string, { row: AppRow | null }>({
            max: 1000,
            ttl: cacheSeconds * 1000,
            ...cacheClock(clock),
          })
        : null;
    const lookup = async (
      key: string,
      find: () => Promise<AppRow | undefined>,
    ): Promise<AppRow | null> => {
      if (!cache) return (await find()) ?? null;
      const hit = cache.get(key);
      if (hit) return hit.row;
      const row = (await find()) ?? null;
      cache.set(key, { row });
      return row;
    };

    app.decorateRequest('tenant', null);
    app.decorateRequest('requireTenant', function (this: FastifyRequest) {
      if (!this.tenant) throw new NotFoundError();
      return this.tenant;
    });
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const apiKey = headerValue(request.headers['api-key']);
      const byHost = await lookup(`host\n${request.host}`, () =>
        findAppRowByDomain(app.db, request.host),
      );
      if (byHost) {
        if (apiKey && apiKey !== byHost.apiKey)
          throw new ForbiddenError(errorMessages.invalidApiKey);
        request.tenant = byHost;
        return;
      }
      if (apiKey) {
        const byKey = await lookup(`key\n${apiKey}`, () => findAppRowByApiKey(app.db, apiKey));
        if (!byKey) throw new ForbiddenError(errorMessages.invalidApiKey);
        request.tenant = byKey;
      }
    });
  },
  { name: 'tenant', dependencies: ['database'] },
);

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}
