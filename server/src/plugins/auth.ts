import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { eq, lt } from 'drizzle-orm';
import { authMessages } from '@store/contract';
import type { SessionLifetime } from '../config';
import { sessions, users, type SessionMethod } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../lib/http-errors';
import { tokenHash } from '../lib/secrets';
import { placeholder } from '../db/placeholder';
import { ofTenant, sameTenant, tenantRef } from '../scope/tenant-query';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of `Authorization: Token <key>`, or null. Only sessions of the request's own app count. */
    user: UserRow | null;
    /** sha256 of the session token that authenticated this request. */
    sessionHash: string | null;
    /** How the session of this request was made (null without one). */
    sessionMethod: SessionMethod | null;
    /**
     * A limited session (document number alone) that has not stepped up, or whose step-up ran
     * out: the route-access guard refuses it everything but what the route allows.
     */
    limitedSession: boolean;
    /** The member, or a 401 {detail}. */
    requireUser(): UserRow;
    /**
     * The member of a full session (password, Google or a fresh registration, or a limited one
     * that stepped up), or a 403 `auth.step_up_required`.
     */
    requireFullSession(): UserRow;
  }
}

/** A session made from a document number alone: nothing secret was shown. */
export function isLimitedSession(method: SessionMethod | null): boolean {
  return method === 'document';
}

/** Whether a session is limited now: made from a document alone, with no step-up still running. */
export function isLimitedNow(
  session: { method: SessionMethod; steppedUpUntil: Date | null },
  now = Date.now(),
): boolean {
  return (
    isLimitedSession(session.method) &&
    !(session.steppedUpUntil && session.steppedUpUntil.getTime() > now)
  );
}

/** Whether a session has outlived its idle or absolute lifetime. */
export function sessionExpired(
  session: { method: SessionMethod; createdAt: Date; lastUsedAt: Date },
  lifetime: SessionLifetime,
  now = Date.now(),
): boolean {
  const limits = isLimitedSession(session.method) ? lifetime.limited : lifetime.full;
  return (
    now - session.createdAt.getTime() > limits.absoluteSeconds * 1000 ||
    now - session.lastUsedAt.getTime() > limits.idleSeconds * 1000
  );
}

/** last_used_at is refreshed at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * Reads `Authorization: Token <key>`. A token is valid only on the app that
 * issued it: a session of app A presented on app B's host is no session at
 * all. An unknown token does not fail public calls (a stale token must not
 * lock anyone out of the login page); `requireUser()` answers 401.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionHash', null);
    app.decorateRequest('sessionMethod', null);
    app.decorateRequest('limitedSession', false);
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      if (this.user) return this.user;
      throw new UnauthorizedError(
        this.headers.authorization ? authMessages.invalidToken : undefined,
      );
    });
    app.decorateRequest('requireFullSession', function (this: FastifyRequest) {
      const user = this.requireUser();
      if (this.limitedSession) throw new ForbiddenError(authMessages.stepUpRequired);
      return user;
    });
    // Built once: every signed-in call runs it (see db/placeholder.ts).
    const sessionOfToken = app.db
      .select({
        user: users,
        method: sessions.method,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        steppedUpUntil: sessions.steppedUpUntil,
      })
      .from(sessions)
      .innerJoin(users, sameTenant(users, sessions, eq(users.uid, sessions.userUid)))
      .where(
        ofTenant(
          tenantRef(placeholder<string>('tenant')),
          sessions,
          eq(sessions.tokenHash, placeholder<string>('hash')),
        ),
      )
      .prepare('');
    app.addHook('onRequest', async (request) => {
      if (!request.tenant) return;
      const match = /^Token\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(
        request.headers.authorization ?? '',
      );
      if (!match) return;
      const hash = tokenHash(match[1]);
      const appId = request.tenant.uid;
      const [row] = await sessionOfToken.execute({ tenant: appId, hash });
      if (!row) return;
      const now = Date.now();
      if (sessionExpired(row, app.accounts.sessionLifetime, now)) {
        // An expired session is no session; its row goes now rather than lingering.
        await app.db
          .delete(sessions)
          .where(ofTenant(tenantRef(appId), sessions, eq(sessions.tokenHash, hash)));
        return;
      }
      request.user = row.user;
      request.sessionHash = hash;
      request.sessionMethod = row.method;
      request.limitedSession = isLimitedNow(row, now);
      if (now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await app.db
          .update(sessions)
          .set({ lastUsedAt: new Date(now) })
          .where(
            ofTenant(
              tenantRef(appId),
              sessions,
              eq(sessions.tokenHash, hash),
              lt(sessions.lastUsedAt, new Date(now - TOUCH_EVERY_MS)),
            ),
          );
      }
    });
  },
  { name: 'auth', dependencies: ['database', 'tenant'] },
);

/** Route hook for calls that need a member: 401 before the body is even read. */
export async function requireUserHook(request: FastifyRequest): Promise<void> {
  request.requireUser();
}

/** Route hook for calls that need a full session whatever their route says (403 for a limited one). */
export async function requireFullSessionHook(request: FastifyRequest): Promise<void> {
  request.requireFullSession();
}
