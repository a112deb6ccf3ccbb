import cluster from 'node:cluster';
import type { OutgoingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { cacheClock } from '../lib/cache-clock';
import type { Clock } from '../scope/scope';
import { acceptedEncoding, compressWhole, type Encoding } from './compression-encoding';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds this GET's public answer may be served again to anyone on the same host. */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    /** When a tenant's public answers changed (see publicCachePlugin), for other caches of them. */
    tenantChanges: TenantChanges;
  }
}

/**
 * A tenant's public answers changed (a staff or back-office write, here or in another process
 * of the cluster). Other caches of what anonymous visitors see (the server-rendered pages) listen
 * here and use the generation to keep nothing read before the change.
 */
export type TenantChanges = {
  /** Called with the tenant's uid each time its answers changed. */
  onChange(listener: (appUid: string) => void): void;
  /** A number to take before reading; `changedSince` then says whether to keep what was read. */
  generation(): number;
  changedSince(appUid: string, generation: number): boolean;
};

/**
 * An answer as sent: its bytes (a string would be encoded to UTF-8 anew on each hit), the same
 * compressed in each encoding a client has asked for (made on the first such hit, then kept) and
 * its headers.
 */
type Entry = {
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  headers: Record<string, string>;
  app: string;
};

/** The message a worker sends (and the primary relays) when a tenant's answers changed. */
export type PublicCacheMessage = { publicCache: 'forget'; app: string };
export const isPublicCacheMessage = (message: unknown): message is PublicCacheMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as PublicCacheMessage).publicCache === 'forget' &&
  typeof (message as PublicCacheMessage).app === 'string';

/** Which request generation started before the last forget of its tenant (see below). */
const startedAt = Symbol('public-cache-generation');
type WithGeneration = { [startedAt]?: number };

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
 *
 * A successful write of the store's staff or back office (hiding a product, a
 * new price, a place's hours) forgets the tenant's entries at once, before its
 * answer is sent, and tells the other processes of a cluster to do the same
 * (cluster.ts relays), so the store never shows what the owner just changed.
 * A read that began before such a write is not kept. Browsers and shared
 * caches must revalidate (`no-cache`) for the same reason: a hidden product
 * leaves every list at once.
 */
export const publicCachePlugin = fp<{
  seconds: number;
  maxEntries?: number;
  clock?: Clock;
  /** Also told of each tenant forgotten (the search answers' cache, modules/catalog/search-cache.ts). */
  onForget?: (appUid: string) => void;
  /** The server's compression (app.ts): a hit is compressed here, as the answer it repeats was. */
  compression?: { threshold: number; encodings: Encoding[] };
}>(
  async (app, { seconds, maxEntries = 2000, clock, onForget, compression }) => {
    // Each forget bumps the generation; a read started before its tenant's last forget is not kept.
    let generation = 0;
    const forgottenAt = new Map<string, number>();
    const listeners: ((appUid: string) => void)[] = [];
    const forget = (appUid: string) => {
      forgottenAt.set(appUid, ++generation);
      for (const listener of listeners) listener(appUid);
      onForget?.(appUid);
    };
    app.decorate('tenantChanges', {
      onChange: (listener) => void listeners.push(listener),
      generation: () => generation,
      changedSince: (appUid, since) => (forgottenAt.get(appUid) ?? 0) > since,
    } satisfies TenantChanges);
    if (cluster.isWorker)
      process.on('message', (message) => {
        if (isPublicCacheMessage(message)) forget(message.app);
      });

    // A write of the tenant's staff or back office that succeeded: its answers may have changed.
    // Heard even with this micro-cache off, for the other caches of public answers.
    app.addHook('onSend', async (request, reply, payload) => {
      const access = request.routeOptions.config.access;
      if (
        request.method === 'GET' ||
        request.method === 'HEAD' ||
        (access !== 'admin' && access !== 'staff') ||
        reply.statusCode >= 400 ||
        !request.tenant
      )
        return payload;
      forget(request.tenant.uid);
      if (cluster.isWorker && process.send)
        process.send({
          publicCache: 'forget',
          app: request.tenant.uid,
        } satisfies PublicCacheMessage);
      return payload;
    });

    if (seconds <= 0) return;
    const cache = new LRUCache<string, Entry>({
      max: maxEntries,
      ttl: seconds * 1000,
      ...cacheClock(clock),
    });
    const keyOf = (request: { host: string; url: string; headers: Record<string, unknown> }) =>
      `${request.host}\n${String(request.headers['api-key'] ?? '')}\n${request.url}`;
    listeners.push((appUid) => {
      for (const [key, entry] of cache.entries()) if (entry.app === appUid) cache.delete(key);
    });

    // A hit is written to the socket as it is: its headers (with those the earlier onRequest hooks
    // set, the security headers) and its bytes, compressed once per encoding. Through reply.send it
    // went through every onSend hook, both compressions included, and brotli ran again on each hit
    // a browser made: 230 µs of CPU against 52 for a bare route (bench:cached-list). The onResponse
    // hooks (metrics, the access line) still run.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.publicCache) return;
      (request as WithGeneration)[startedAt] = generation;
      const hit = cache.get(keyOf(request));
      if (!hit) return;
      const encoding =
        compression && hit.body.length >= compression.threshold
          ? acceptedEncoding(request, compression.encodings)
          : null;
      const body = encoding
        ? (hit.encoded[encoding] ??= compressWhole(hit.body, encoding))
        : hit.body;
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        ...hit.headers,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-length': body.length,
      });
      reply.raw.end(body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.method !== 'GET' ||
        !request.routeOptions.config.publicCache ||
        reply.getHeader('x-cache')
      )
        return payload;
      if (!request.tenant || !request.tenant.allowAnonymousNavigation) return payload;
      if (reply.statusCode === 200 && typeof payload === 'string') {
        const body = Buffer.from(payload);
        const headers = {
          'cache-control': 'public, no-cache',
          // The same URL is sent compressed or not, as the client asked.
          vary:
            compression && body.length >= compression.threshold
              ? 'API-KEY, accept-encoding'
              : 'API-KEY',
          'content-type': String(reply.getHeader('content-type') ?? 'application/json'),
        };
        const started = (request as WithGeneration)[startedAt] ?? 0;
        if ((forgottenAt.get(request.tenant.uid) ?? 0) <= started)
          cache.set(keyOf(request), {
            body,
            encoded: {},
            headers: { ...headers, 'x-cache': 'hit' },
            app: request.tenant.uid,
          });
        reply.headers({ ...headers, 'x-cache': 'miss' });
      }
      return payload;
    });
  },
  { name: 'public-cache' },
);
