import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireFullSessionHook, requireUserHook } from './auth';

/**
 * Who may call a route: anyone (`public`), a signed-in member (`member`: a session
 * token), a member with a staff role on the tenant (`staff`: a session token, and
 * the staff area's own guard checks the role), or the store's OWNER or MANAGER
 * (`admin`: a session token, and the back office's guard, modules/admin/guard.ts,
 * checks the role).
 */
export type RouteAccess = 'public' | 'member' | 'staff' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's access when it differs from its area's (see areaAccess). */
    access?: RouteAccess;
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

/** Whether a route belongs to the documented API (not the docs viewer's own pages). */
function isApiRoute(route: RouteOptions): boolean {
  return route.url.startsWith('/api/') && !(route.schema as { hide?: boolean } | undefined)?.hide;
}

/**
 * The one place each API route's access is decided, for both sides of it: the route's
 * `config.access` (read by the OpenAPI document's security, see plugins/docs.ts) and
 * its enforcement, a 401 before the body is read for every route that needs a session,
 * so the document can never promise less than the server asks. An API route whose
 * access nobody stated stops the server from starting.
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
      route.config = { ...route.config, access };
      if (access === 'public') return;
      const early = [...hooksOf(route, 'onRequest'), ...hooksOf(route, 'preValidation')];
      if (!early.some((h) => memberHooks.includes(h)))
        route.preValidation = [requireUserHook, ...hooksOf(route, 'preValidation')];
    });
  },
  { name: 'route-access', dependencies: ['auth'] },
);
