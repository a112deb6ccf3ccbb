import { eq } from 'drizzle-orm';
import { orders, users } from '../../src/db/schema';
import type { AppRow } from '../../src/modules/tenancy/service';
import type { UserRow } from '../../src/plugins/auth';
import type { MemberScope, Scope } from '../../src/scope/scope';
import type { TestApp } from './test-app';

/** The scope a request on `app` would get, for tests that call services directly (no session: the store's own jobs and staff moves). */
export function storeScope(t: TestApp, app: AppRow): Scope {
  return {
    db: t.db,
    app,
    log: t.app.log,
    clock: t.app.clock,
    user: null,
    sessionMethod: null,
    limitedSession: false,
  };
}

/** The scope of `user`, signed in on `app`. */
export function memberScopeOf(t: TestApp, app: AppRow, user: UserRow): MemberScope {
  return { ...storeScope(t, app), user, sessionMethod: 'password', limitedSession: false };
}

/** The scope of whoever moves an order as `actor`: its member (the order's owner) or the store. */
export async function actorScope(
  t: TestApp,
  app: AppRow,
  orderUid: string,
  actor: 'member' | 'place',
): Promise<Scope> {
  if (actor === 'place') return storeScope(t, app);
  const [owner] = await t.db
    .select({ user: users })
    .from(orders)
    .innerJoin(users, eq(users.uid, orders.userUid))
    .where(eq(orders.uid, orderUid));
  return memberScopeOf(t, app, owner.user);
}
