import type { FastifyBaseLogger } from 'fastify';
import type { StaffRole } from '@store/contract';
import type { Database } from '../db/client';
import type { SessionMethod } from '../db/schema';
import type { UserRow } from '../plugins/auth';
import type { AppRow } from '../modules/tenancy/app-row';

/** What time it is for the store: the real clock in production, a fixed or moving one in tests. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * Everything a service may know about the request it serves: which store
 * (tenant), who asks and how their session was made, the database, the log
 * and the clock. Services take it first, so none reads HTTP and none needs
 * the tenant passed beside it.
 */
export type Scope = {
  db: Database;
  /** The tenant: every row a service reads or writes belongs to `app.uid`. */
  app: AppRow;
  log: FastifyBaseLogger;
  clock: Clock;
  /** The signed-in member, or null for an anonymous visitor. */
  user: UserRow | null;
  /** How the member's session was made (null without one). */
  sessionMethod: SessionMethod | null;
  /** A document-only session that has not stepped up (plugins/auth.ts `limitedSession`). */
  limitedSession: boolean;
};

/** A scope with a signed-in member (routes get it from request.memberScope()). */
export type MemberScope = Scope & { user: UserRow };

/**
 * A member acting in the staff console of this tenant: their role, their one
 * company and the places they may act at (routes get it from requireStaff()).
 */
export type StaffScope = MemberScope & {
  role: StaffRole;
  company: { uid: string; name: string };
  /** The places of the company the member may act at (all of them when not limited). */
  places: { uid: string; name: string }[];
  limitedToPlaces: boolean;
};

/** The part of a scope an internal query helper needs: the database handle and the tenant. */
export type TenantDb = Pick<Scope, 'db' | 'app'>;

/** The same scope on another database handle: a transaction, so services can call each other inside it. */
export function withDb<S extends Scope>(scope: S, db: Database): S {
  return { ...scope, db };
}
