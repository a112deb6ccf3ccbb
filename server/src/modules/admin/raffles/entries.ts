import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  adminRafflesMessages,
  type AdminRaffleEntry,
  type AdminRaffleEntryQuery,
} from '@store/contract';
import { raffleDraws, raffleMembers, users } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';
import { escapeLike, fullName, one, registered } from './raffle-rows';

/** A raffle's entrants, searched, with the winners' ranks once it is drawn. */
export async function listEntries(
  admin: AdminScope,
  uid: string,
  query: AdminRaffleEntryQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminRaffleEntry[] }> {
  if (!isUid(uid)) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  await one(admin, admin.db, uid);
  const [draw] = await admin.db
    .select({ winners: raffleDraws.winners })
    .from(raffleDraws)
    .where(ofTenant(admin, raffleDraws, eq(raffleDraws.raffleUid, uid)));
  const winners = draw?.winners ?? [];
  const where = and(
    ofTenant(admin, raffleMembers, registered(uid)),
    query.q
      ? or(
          ilike(users.email, escapeLike(query.q)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, escapeLike(query.q)),
        )
      : undefined,
    query.winners === 'true'
      ? winners.length
        ? inArray(raffleMembers.userUid, winners)
        : sql`false`
      : undefined,
  );
  const base = () =>
    admin.db
      .select({
        user: raffleMembers.userUid,
        registeredAt: raffleMembers.registeredAt,
        first: users.firstName,
        last: users.lastName,
        email: users.email,
      })
      .from(raffleMembers)
      .innerJoin(users, sameTenant(users, raffleMembers, eq(users.uid, raffleMembers.userUid)));
  const [{ n }] = await admin.db
    .select({ n: count() })
    .from(raffleMembers)
    .innerJoin(users, sameTenant(users, raffleMembers, eq(users.uid, raffleMembers.userUid)))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(raffleMembers.registeredAt), asc(raffleMembers.userUid))
    .limit(window.limit)
    .offset(window.offset);
  return {
    count: n,
    results: rows.map((r) => {
      const rank = winners.indexOf(r.user);
      return {
        user: r.user,
        name: fullName(r.first, r.last),
        email: r.email,
        registered_at: r.registeredAt!.toISOString(),
        winner_rank: rank >= 0 ? rank + 1 : null,
      };
    }),
  };
}
