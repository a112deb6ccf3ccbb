import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ServiceUnavailableError, UnauthorizedError } from '../lib/http-errors';

/**
 * What a visitor (no session) may call on a private store (`allow_anonymous_navigation: false`),
 * by route: the app answer the web app starts from (with the terms, privacy and FAQs texts) and
 * its landing sections, signing in and up, recovery, email verification and the deletion links
 * (whose token is the authority). Everything else (places, products, categories, companies,
 * programs, promotions, events, ...) answers 401 to a visitor, whatever the browser shows; a new
 * route is closed until it is listed here.
 */
const OPEN_ON_PRIVATE_STORE = new Set([
  '/api/health',
  '/api/v7/apps',
  '/api/v7/apps/:uid',
  '/api/v7/apps/:uid/landing',
  '/api/v5/login',
  '/api/v5/login/mobile/google',
  '/api/v5/login/mobile/facebook',
  '/api/v5/login/mobile/apple',
  '/api/v5/register',
  '/api/v5/validate',
  '/api/v5/logout',
  '/api/v5/verification-email/:uidApp/:uidUser/:token',
  '/api/v5/me/reset_password',
  '/api/v5/me/reset_password/:uidUser/:token',
  '/api/v5/me/delete/:uid/:token',
  '/api/v5/me/delete/:uid/:token/list-members-programs',
  '/api/v5/:prefix/me/delete/:uidApp/:uid/:token',
  '/api/v5/:prefix/me/delete/:uidApp/:uid/:token/list-members-programs',
  // The login page of a private store breaks for visitors too.
  '/api/v5/client-errors',
]);

/** Writes a store in maintenance still takes: ending a session harms nothing. */
const OPEN_IN_MAINTENANCE = new Set(['/api/v5/logout']);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function routeOf(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url;
  return url && url.length > 1 ? url.replace(/\/$/, '') : url;
}

/**
 * The tenant's access switches, enforced by the API and not only by the web app: a private store
 * answers visitors 401 outside OPEN_ON_PRIVATE_STORE, and a store in maintenance refuses every
 * write with 503 (orders, carts, sign-ups, ...) while reads, and so the app answer that makes the
 * web app show its maintenance screen, still work. Runs after the tenant and the session are known.
 */
export const storeAccessPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const tenant = request.tenant;
      const route = routeOf(request);
      if (!tenant || !route || route.startsWith('/api/docs')) return;
      if (!tenant.allowAnonymousNavigation && !request.user && !OPEN_ON_PRIVATE_STORE.has(route))
        throw new UnauthorizedError();
      if (tenant.maintenance && !READS.has(request.method) && !OPEN_IN_MAINTENANCE.has(route))
        throw new ServiceUnavailableError();
    });
  },
  { name: 'store-access', dependencies: ['tenant', 'auth'] },
);
