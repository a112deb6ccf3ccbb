import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Clock, MemberScope, Scope } from './scope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The clock services read through their scope (AppOptions.clock in tests). */
    clock: Clock;
  }
  interface FastifyRequest {
    /** The request's scope on its tenant (404 without one); see server/src/scope/scope.ts. */
    scope(): Scope;
    /** The scope of a signed-in member (401 without a session). */
    memberScope(): MemberScope;
    /** The scope of a member with a full session (403 for a limited, document-only one). */
    fullMemberScope(): MemberScope;
  }
}

/** Builds each request's Scope from what the tenant, database and auth plugins resolved. */
export const scopePlugin = fp(
  async (app, options: { clock: Clock }) => {
    app.decorate('clock', options.clock);
    app.decorateRequest('scope', function (this: FastifyRequest): Scope {
      return {
        db: this.server.db,
        app: this.requireTenant(),
        log: this.log,
        clock: this.server.clock,
        user: this.user,
        sessionMethod: this.sessionMethod,
        limitedSession: this.limitedSession,
      };
    });
    app.decorateRequest('memberScope', function (this: FastifyRequest): MemberScope {
      // Tenant first: on an unknown host the answer stays a 404, as before any session is read.
      const scope = this.scope();
      return { ...scope, user: this.requireUser() };
    });
    app.decorateRequest('fullMemberScope', function (this: FastifyRequest): MemberScope {
      const scope = this.scope();
      return { ...scope, user: this.requireFullSession() };
    });
  },
  { name: 'scope', dependencies: ['database', 'tenant', 'auth'] },
);
