import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errorMessages } from '@store/contract';
import { findAppRowByApiKey, findAppRowByDomain, type AppRow } from '../modules/tenancy/service';
import { ForbiddenError, NotFoundError } from '../lib/http-errors';

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
export const tenantPlugin = fp(
  async (app) => {
    app.decorateRequest('tenant', null);
    app.decorateRequest('requireTenant', function (this: FastifyRequest) {
      if (!this.tenant) throw new NotFoundError();
      return this.tenant;
    });
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const apiKey = headerValue(request.headers['api-key']);
      const byHost = await findAppRowByDomain(app.db, request.host);
      if (byHost) {
        if (apiKey && apiKey !== byHost.apiKey) throw new ForbiddenError(errorMessages.invalidApiKey);
        request.tenant = byHost;
        return;
      }
      if (apiKey) {
        const byKey = await findAppRowByApiKey(app.db, apiKey);
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
