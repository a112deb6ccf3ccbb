import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { orders, users, userSearchText } from '../../../db/schema';
import { likePattern } from '../../../lib/search';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

/**
 * More members than this whose name, email, phone or document hold the text make a search
 * broad: its page is then found by reading the company's orders newest first, and its count
 * stops at SEARCH_COUNT_BOUND (docs/decisions.md, "A broad orders search counts up to a bound").
 */
export const BROAD_SEARCH_MEMBERS = 1000;
/** A broad search counts its matches up to this many past the page asked for. */
export const SEARCH_COUNT_BOUND = 1000;

/** The members the text finds (as `users` rows' conditions). */
function clientMatches(pattern: string): SQL {
  return and(
    // The indexed text narrows the members; the fields themselves decide (no match across the
    // space between two of them).
    ilike(userSearchText(users), pattern),
    or(
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ilike(users.email, pattern),
      ilike(users.mobileNumber, pattern),
      ilike(users.documentNumber, pattern),
    ),
  )!;
}

const billingEmail = sql`(${orders.billing} ->> 'email')`;
const byNumberText = (q: string) => (/^\d{1,15}$/.test(q) ? Number(q) : null);

/**
 * The orders a search by client may mean, as uids: the order number typed, the email the order
 * was billed to, and the orders of every member whose name, email, phone or document contains
 * the text (the client as the account is now; the billing copy answers for a buyer whose account
 * is gone). Each branch starts from an index (the number's key, the trigram indexes on the
 * billing email and on the client's text, then the orders of each client found), so the search
 * costs what it finds rather than a read of every order of the company (bench:scale,
 * docs/scaling.md). Each names the app, so on Citus it stays on the tenant's shard.
 */
export function ordersMatching(admin: AdminScope, q: string): SQL {
  const pattern = likePattern(q);
  const number = byNumberText(q);
  const byNumber =
    number !== null
      ? admin.db
          .select({ uid: orders.uid })
          .from(orders)
          .where(ofTenant(admin, orders, eq(orders.number, number)))
      : undefined;
  const byBillingEmail = admin.db
    .select({ uid: orders.uid })
    .from(orders)
    .where(ofTenant(admin, orders, sql`${billingEmail} ilike ${pattern}`));
  const byClient = admin.db
    .select({ uid: orders.uid })
    .from(users)
    .innerJoin(orders, sameTenant(orders, users, eq(orders.userUid, users.uid)))
    .where(ofTenant(admin, users, clientMatches(pattern)));
  const branches = byNumber
    ? unionAll(byNumber, byBillingEmail, byClient)
    : unionAll(byBillingEmail, byClient);
  return inArray(orders.uid, branches);
}

/**
 * Whether the text finds more than BROAD_SEARCH_MEMBERS members: the trigram index's candidates,
 * read only until one past the bound.
 */
export async function isBroadSearch(admin: AdminScope, q: string): Promise<boolean> {
  const found = await admin.db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(ofTenant(admin, users, clientMatches(likePattern(q))))
    .limit(BROAD_SEARCH_MEMBERS + 1);
  return found.length > BROAD_SEARCH_MEMBERS;
}

/**
 * The order's client, asked of the order's own row: a probe of the member by key. `OFFSET 0`
 * keeps PostgreSQL from turning it into a hashed read of every member the text finds, so a
 * page read newest first costs a probe per order read, not a read of all the matches.
 */
function clientOfOrderMatches(pattern: string): SQL {
  return sql`exists (select 1 from ${users} where ${sameTenant(users, orders, eq(users.uid, orders.userUid), clientMatches(pattern))} offset 0)`;
}

/**
 * The same search as `ordersMatching`, asked of each order read (its number, its billing email,
 * its client by key): for a broad search, read newest first through `orders_company_idx`, where
 * one order in a few matches and the page is found after a few dozen orders.
 */
export function orderMatches(q: string): SQL {
  const pattern = likePattern(q);
  const number = byNumberText(q);
  return or(
    number !== null ? eq(orders.number, number) : undefined,
    sql`${billingEmail} ilike ${pattern}`,
    clientOfOrderMatches(pattern),
  )!;
}

/**
 * How many orders under `base` (the list's other filters) the text matches, counted up to
 * `bound` (the answer is then `bound`). Three branches that never count an order twice (its
 * client's, else its billed email's, else its number's), each started from an index and read as
 * a stream, so a count that reaches the bound stops there: about `bound` orders read, through
 * the first members found and `orders_user_idx`, however many the text matches.
 */
export async function countMatchesUpTo(
  admin: AdminScope,
  base: SQL,
  q: string,
  bound: number,
): Promise<number> {
  const pattern = likePattern(q);
  const number = byNumberText(q);
  const one = sql<number>`1`.as('one');
  const notByClient = sql`not ${clientOfOrderMatches(pattern)}`;
  const notByEmail = sql`(${billingEmail} ilike ${pattern}) is not true`;
  const byClient = admin.db
    .select({ one })
    .from(users)
    .innerJoin(orders, sameTenant(orders, users, eq(orders.userUid, users.uid)))
    .where(and(ofTenant(admin, users, clientMatches(pattern)), base));
  const byEmail = admin.db
    .select({ one })
    .from(orders)
    .where(and(base, sql`${billingEmail} ilike ${pattern}`, notByClient));
  const byNumber =
    number !== null
      ? admin.db
          .select({ one })
          .from(orders)
          .where(and(base, eq(orders.number, number), notByEmail, notByClient))
      : undefined;
  const matches = (byNumber ? unionAll(byClient, byEmail, byNumber) : unionAll(byClient, byEmail))
    .limit(bound)
    .as('matches');
  const [{ n }] = await admin.db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return Number(n);
}
