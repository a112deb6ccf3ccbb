import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { authMessages } from '@store/contract';
import { sessions, users } from '../db/schema';
import { UnauthorizedError } from '../lib/http-errors';
import { tokenHash } from '../lib/secrets';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of `Authorization: Token <key>`, or null. Only sessions of the request's own app count. */
    user: UserRow | null;
    /** sha256 of the session token that authenticated this request. */
    sessionHash: string | null;
    /** The member, or a 401 {detail}. */
    requireUser(): UserRow;
  }
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
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      if (this.user) return this.user;
      throw new UnauthorizedError(
        this.headers.authorization ? authMessages.invalidToken : undefined,
      );
    });
    app.addHook('onRequest', async (request) => {
      if (!request.tenant) return;
      const match = /^Token\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(
        request.headers.authorization ?? '',
      );
      if (!match) return;
      const hash = tokenHash(match[1]);
      const appId = request.tenant.uid;
      const [row] = await app.db
        .select({ user: users, lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .innerJoin(users, and(eq(users.appId, sessions.appId), eq(users.uid, sessions.userUid)))
        .where(and(eq(sessions.appId, appId), eq(sessions.tokenHash, hash)));
      if (!row) return;
      request.user = row.user;
      request.sessionHash = hash;
      const now = Date.now();
      if (now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await app.db
          .update(sessions)
          .set({ lastUsedAt: new Date(now) })
          .where(
            and(
              eq(sessions.appId, appId),
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
