import type { Database, Tx } from './client';

/** The socket under a transaction's pooled pg connection; none on PGlite or on a pool. */
function socketOf(handle: Database | Tx): { cork(): void; uncork(): void } | undefined {
  const client = (handle as unknown as { session?: { client?: unknown } }).session?.client as
    { pipeline?: boolean; connection?: { stream?: { cork(): void; uncork(): void } } } | undefined;
  return client?.pipeline ? client.connection?.stream : undefined;
}

type Settled<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Waits for every one of `started`, then answers their values or throws the first failure in
 * the order given (not the first to arrive): once a statement fails inside a transaction the
 * ones after it fail only because the transaction is aborted, so the first is the cause. Unlike
 * Promise.all it never answers while one is still running, so nothing follows (a ROLLBACK, the
 * next request on the connection) before all of them are done.
 */
export async function settleInOrder<const T extends readonly unknown[]>(
  started: T,
): Promise<Settled<T>> {
  const settled = await Promise.allSettled(started);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as Settled<T>;
}

/**
 * Runs statements that do not need each other's answers as one pipeline on a transaction's
 * connection: `start` sets each going (a drizzle `.execute()` sends at once), and on PostgreSQL
 * they leave in one write and PostgreSQL runs them in order, each after the one before, without a
 * round trip between them (node-postgres's pipeline mode, which db/client.ts switches on). A
 * round trip costs the server a socket write and a wake-up of each side, the largest part of
 * the checkout's CPU (bench/RESULTS.md), and every one taken while a hot row is locked (the
 * order counter, the last units of a product) makes the next order wait for it.
 *
 * Answers as `settleInOrder`. On PGlite (one session in this process) they simply run in turn.
 * `start` must set every statement going before it returns (no `await` in it): each part it
 * starts may check its own answers later, and a part left as `undefined` is skipped.
 */
export async function pipelined<const T extends readonly unknown[]>(
  handle: Database | Tx,
  start: () => T,
): Promise<Settled<T>> {
  const socket = socketOf(handle);
  socket?.cork();
  let started: T;
  try {
    started = start();
  } finally {
    socket?.uncork();
  }
  return settleInOrder(started);
}
