import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { authMessages } from '@store/contract';
import { ForbiddenError } from '../lib/http-errors';
import { requireFullSessionHook, requireUserHook } from './auth';

/**
 * Who may call a route: anyone (`public`), a signed-in member (`member`: a session
 * token), a member with a staff role on the tenant (`staff`: a session token, and
 * the staff area's own guard checks the role), or the store's OWNER or MANAGER
 * (`admin`: a session token, and the back office's guard, modules/admin/guard.ts,
 * checks the role).
 */
export type RouteAccess = 'public' | 'member' | 'staff' | 'admin';

/**
 * What a limited session (a document number alone, printed on receipts, with no step-up running)
 * may do on a route that needs a session. `step-up`, every such route's default: 403
 * `auth.step_up_required` before anything runs, which the web app answers with its step-up
 * prompt. `allowed`: what such a session sees (balances, promotions, its own QR). A function: allowed
 * when it says so for this request (PATCH v5/me/ with only the city).
 */
export type LimitedSessionRule = 'allowed' | 'step-up' | ((request: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's access when it differs from its area's (see areaAccess). */
    access?: RouteAccess;
    /** What a limited session may do here (routes that need a session; `step-up` unless said). */
    limitedSession?: LimitedSessionRule;
  }
  interface FastifyInstance {
    /** The access of the routes of an area plugin, set by areaAccess. */
    routeAccess?: RouteAccess;
  }
}

/**
 * States the access of every route an area plugin registers (call it first in the
 * plugin). A route may still say otherwise in `config.access`, and a route with the
 * requireUserHook/requireFullSessionHook hook is at least `member`.
 */
export function areaAccess(area: FastifyInstance, access: RouteAccess): void {
  area.decorate('routeAccess', access);
}

const rank: Record<RouteAccess, number> = { public: 0, member: 1, staff: 2, admin: 3 };
const memberHooks: unknown[] = [requireUserHook, requireFullSessionHook];

function hooksOf(route: RouteOptions, hook: 'onRequest' | 'preValidation' | 'preHandler') {
  const value = route[hook];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * The access of a route, from (first) its own `config.access`, else the stronger of
 * its area's access and what its hooks require. Undefined when nothing states it.
 */
function accessOf(route: RouteOptions, area: RouteAccess | undefined): RouteAccess | undefined {
  if (route.config?.access) return route.config.access;
  const hooked = (['onRequest', 'preValidation', 'preHandler'] as const).some((hook) =>
    hooksOf(route, hook).some((h) => memberHooks.includes(h)),
  )
    ? 'member'
    : undefined;
  if (!area || !hooked) return area ?? hooked;
  return rank[hooked] > rank[area] ? hooked : area;
}

/** The route guard of a limited session: 403 `auth.step_up_required` unless the route's rule allows it. */
function limitedSessionGuard(rule: LimitedSessionRule) {
  return async function stepUpGuard(request: FastifyRequest): Promise<void> {
    if (!request.limitedSession || rule === 'allowed') return;
    if (typeof rule === 'function' && rule(request)) return;
    throw new ForbiddenError(authMessages.stepUpRequired);
  };
}

/** Whether a route belongs to the documented API (not the docs viewer's own pages). */
function isApiRoute(route: RouteOptions): boolean {
  return route.url.startsWith('/api/') && !(route.schema as { hide?: boolean } | undefined)?.hide;
}

/**
 * The one place each API route's access is decided, for both sides of it: the route's
 * `config.access` (read by the OpenAPI document's security, see plugins/docs.ts) and
 * its enforcement, a 401 before the body is read for every route that needs a session,
 * so the document can never promise less than the server asks. An API route whose
 * access nobody stated stops the server from starting. Right after the session check, the
 * same place refuses a limited session what the route's `config.limitedSession` does not allow.
 */
export const routeAccessPlugin = fp(
  async (app) => {
    app.addHook('onRoute', function (this: FastifyInstance, route) {
      if (!isApiRoute(route)) return;
      const access = accessOf(route, this.routeAccess);
      if (!access)
        throw new Error(
          `${String(route.method)} ${route.url} states no access: call areaAccess() in its area plugin or set config.access`,
        );
      if (access === 'public') {
        if (route.config?.limitedSession)
          throw new Error(`${String(route.method)} ${route.url} is public: it has no limited rule`);
        route.config = { ...route.config, access };
        return;
      }
      const rule = route.config?.limitedSession ?? 'step-up';
      route.config = { ...route.config, access, limitedSession: rule };
      const guard = limitedSessionGuard(rule);
      const isMemberHook = (h: unknown) => memberHooks.includes(h);
      const preValidation = hooksOf(route, 'preValidation');
      const at = preValidation.findIndex(isMemberHook);
      route.preValidation = hooksOf(route, 'onRequest').some(isMemberHook)
        ? [guard, ...preValidation]
        : at < 0
          ? [requireUserHook, guard, ...preValidation]
          : [...preValidation.slice(0, at + 1), guard, ...preValidation.slice(at + 1)];
    });
  },
  { name: 'route-access', dependencies: ['auth'] },
);
