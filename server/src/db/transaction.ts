import { is, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Database, Tx } from './client';

/**
 * What a transaction's work answers: its value, or the statements it leaves to go out with the
 * COMMIT, whose answer is then the transaction's.
 */
export type Ending<T> =
  | { value: T; withCommit?: undefined }
  | {
      /**
       * Sets the transaction's last statements going (no `await` before they are sent) and
       * answers when they are done. They leave in the COMMIT's write, so their answers cannot stop
       * the commit: only a failure of theirs can, which makes PostgreSQL end the transaction with
       * a ROLLBACK instead. So only statements that fail as statements belong here (a take of
       * stock that fails when short, the confirmation mail's row).
       */
      withCommit: () => Promise<T>;
    };

/** The fields of drizzle's pool session that a transaction of its own is built from. */
type PoolSession = {
  client: import('pg').Pool;
  schema: ConstructorParameters<typeof NodePgTransaction>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * `db.transaction`, whose BEGIN leaves in one write with the work's first statements and whose
 * COMMIT with its last ones (`Ending.withCommit`), instead of a round trip each. A transaction that
 * locks a row every order of a store needs (the order counter, the last units of a product) holds
 * it a round trip less, and on a busy server each round trip is a wait for the event loop as well
 * as for the database (bench/RESULTS.md, 2026-12-01). On PGlite the work runs, then the last
 * statements, then the commit.
 *
 * PostgreSQL's transaction is built as drizzle builds its own (its session and transaction
 * classes over one pooled connection), so `tx` is an ordinary drizzle transaction;
 * test/db-pipeline.test.ts holds it to that on both databases.
 */
export async function transactionEndingWith<T>(
  db: Database,
  work: (tx: Tx) => Promise<Ending<T>>,
): Promise<T> {
  const session = (db as unknown as { session: unknown }).session;
  if (!is(session, NodePgSession)) {
    return db.transaction(async (tx) => {
      const ending = await work(tx);
      return ending.withCommit ? ending.withCommit() : ending.value;
    });
  }
  const pooled = session as unknown as PoolSession;
  const { dialect } = db as unknown as {
    dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  };
  const client = await pooled.client.connect();
  const own = new NodePgSession(client, dialect, pooled.schema, pooled.options);
  const tx = new NodePgTransaction(dialect, own, pooled.schema) as unknown as Tx;
  const stream = (client as unknown as { connection: { stream: Corkable } }).connection.stream;
  /** Sends what `send` sets going in one write: pipeline mode lets it leave unanswered. */
  const together = <R>(send: () => R): R => {
    stream.cork();
    try {
      return send();
    } finally {
      stream.uncork();
    }
  };
  let ended = false;
  try {
    // BEGIN leaves with the work's first statements, unanswered. Safe because whatever makes a
    // BEGIN fail (a broken connection, a transaction already aborted) fails the statements after
    // it as well, so none of them can run outside the transaction.
    const [began, working] = together(() => [tx.execute(sql`begin`).execute(), work(tx)] as const);
    const [beginning, worked] = await Promise.allSettled([began, working]);
    if (beginning.status === 'rejected') throw beginning.reason;
    if (worked.status === 'rejected') throw worked.reason;
    const ending = worked.value;
    const [last, commit] = together(
      () =>
        [
          ending.withCommit ? ending.withCommit() : Promise.resolve(ending.value),
          // `.execute()` sends it now; the builder alone would wait to be awaited, past the uncork.
          tx.execute(sql`commit`).execute(),
        ] as const,
    );
    const [lastDone, committed] = await Promise.allSettled([last, commit]);
    ended = true;
    if (committed.status === 'rejected') throw committed.reason;
    if (lastDone.status === 'rejected') {
      // A failed last statement aborted the transaction, so the COMMIT rolled it back; one that
      // failed on its own (a check of an answer) did not, and what it refused is committed.
      if ((committed.value as { command?: string }).command !== 'ROLLBACK')
        throw new Error('a last statement failed, but the transaction committed', {
          cause: lastDone.reason,
        });
      throw lastDone.reason;
    }
    return lastDone.value;
  } catch (err) {
    if (!ended) await tx.execute(sql`rollback`);
    throw err;
  } finally {
    client.release();
  }
}

type Corkable = { cork(): void; uncork(): void };
