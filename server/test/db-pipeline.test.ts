import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import net from 'node:net';
import pg from 'pg';
import type { Database, Tx } from '../src/db/client';
import { pipelined, settleInOrder } from '../src/db/pipeline';
import { transactionEndingWith } from '../src/db/transaction';
import { openTestDatabase } from './support/test-app';

/**
 * Statements pipelined on a transaction's connection (src/db/pipeline.ts) and a transaction
 * whose COMMIT leaves with its last statements (src/db/transaction.ts), on both databases: they
 * keep a transaction's meaning (all or nothing, in order, the first failure reported), and on
 * PostgreSQL they cost one socket write where one statement each cost one.
 */
describe('pipelined statements and the commit sent with the last ones', () => {
  let db: Database;
  let kind: 'pglite' | 'postgres';
  let close: () => Promise<void>;
  before(async () => {
    ({ db, kind, close } = await openTestDatabase());
    await db.execute(sql`create table pipeline_probe (n int primary key, note text not null)`);
  });
  after(() => close());
  beforeEach(async () => {
    await db.execute(sql`delete from pipeline_probe`);
  });

  // `.execute()` sends at once, as the server's statements do (the builder alone waits to be awaited).
  const insert = (handle: Database | Tx, n: number, note = `row ${n}`) =>
    handle.execute(sql`insert into pipeline_probe (n, note) values (${n}, ${note})`).execute();
  const count = async (handle: Database | Tx = db) => {
    const result = (await handle.execute(sql`select count(*)::int as n from pipeline_probe`)) as
      { rows: { n: number }[] } | unknown;
    return (result as { rows: { n: number }[] }).rows[0].n;
  };

  /** `run` fails with the duplicate key's own error (drizzle wraps it as its cause), not another. */
  async function failsOnDuplicateKey(run: Promise<unknown>) {
    const failure = await run.then(
      () => assert.fail('a duplicate key must fail it'),
      (err: unknown) => err,
    );
    const cause = (failure as { cause?: { code?: string } }).cause ?? failure;
    assert.equal((cause as { code?: string }).code, '23505', String(failure));
  }

  /**
   * Counts the socket writes of the transaction's pg connection from now on (PostgreSQL only):
   * the function answered stops counting and answers how many there were.
   */
  function countWrites(tx: Tx): () => number {
    const client = (tx as unknown as { session: { client: { connection: { stream: object } } } })
      .session.client;
    const stream = client.connection.stream as Record<
      '_write' | '_writev',
      (...a: unknown[]) => unknown
    >;
    let writes = 0;
    const original = { _write: stream._write, _writev: stream._writev };
    for (const key of ['_write', '_writev'] as const)
      stream[key] = (...args: unknown[]) => (writes++, original[key].apply(stream, args));
    return () => {
      // The socket's own methods are its prototype's: counting had shadowed them.
      delete (stream as Partial<typeof stream>)._write;
      delete (stream as Partial<typeof stream>)._writev;
      return writes;
    };
  }

  async function writesDuring<T>(
    tx: Tx,
    run: () => Promise<T>,
  ): Promise<{ value: T; writes: number }> {
    const writes = countWrites(tx);
    return { value: await run(), writes: writes() };
  }

  test('statements run in the order given and answer in it; on PostgreSQL in one write', async () => {
    await db.transaction(async (tx) => {
      const run = () =>
        pipelined(tx, () => [
          insert(tx, 1),
          insert(tx, 2),
          tx
            .execute(sql`update pipeline_probe set note = note || ' then updated' where n = 2`)
            .execute(),
          tx.execute(sql`select n, note from pipeline_probe order by n`).execute(),
        ]);
      if (kind === 'postgres') {
        const { value, writes } = await writesDuring(tx, run);
        assert.equal(writes, 1, 'four statements, one socket write');
        assert.deepEqual((value[3] as unknown as { rows: unknown[] }).rows, [
          { n: 1, note: 'row 1' },
          { n: 2, note: 'row 2 then updated' },
        ]);
      } else {
        const value = await run();
        assert.equal((value[3] as unknown as { rows: unknown[] }).rows.length, 2);
      }
    });
    assert.equal(await count(), 2);
  });

  test('the first failure in order is the one thrown, not the aborted ones after it', async () => {
    await insert(db, 1);
    await failsOnDuplicateKey(
      db.transaction((tx) =>
        pipelined(tx, () => [insert(tx, 2), insert(tx, 1), insert(tx, 3), insert(tx, 4)]),
      ),
    );
    assert.equal(await count(), 1, 'the transaction rolled back: only the row from before it');
  });

  test("a part's own check fails it after its statement succeeded, and nothing is kept", async () => {
    const refused = new Error('checked and refused');
    await assert.rejects(
      db.transaction((tx) =>
        pipelined(tx, () => [
          insert(tx, 1),
          insert(tx, 2).then(() => {
            throw refused;
          }),
          insert(tx, 3),
        ]),
      ),
      (err) => err === refused,
    );
    assert.equal(await count(), 0);
  });

  test('settleInOrder waits for every statement before answering a failure', async () => {
    const finished: number[] = [];
    const slow = (n: number) =>
      new Promise<number>((resolve) => setTimeout(() => (finished.push(n), resolve(n)), 30));
    await assert.rejects(settleInOrder([slow(1), Promise.reject(new Error('second')), slow(3)]), {
      message: 'second',
    });
    assert.deepEqual(finished, [1, 3], 'nothing pending once the failure is answered');
  });

  test('the commit leaves with the last statements; on PostgreSQL in one write', async () => {
    let writes: (() => number) | undefined;
    const value = await transactionEndingWith(db, async (tx) => {
      await insert(tx, 1);
      if (kind === 'postgres') {
        // The rows are the transaction's until the COMMIT: another connection does not see them.
        assert.equal(await count(db), 0);
        writes = countWrites(tx);
      }
      return { withCommit: () => insert(tx, 2).then(() => 'done') };
    });
    // Read now: the connection goes back to the pool, and the count below may run on it.
    const written = writes?.();
    assert.equal(value, 'done');
    assert.equal(await count(), 2);
    if (kind === 'postgres')
      assert.equal(written, 1, 'the last insert and the COMMIT in one write');
  });

  test('BEGIN leaves with the first statements, COMMIT with the last: two writes in all', async (t) => {
    if (kind !== 'postgres') return t.skip('PostgreSQL only (PGlite has no socket)');
    const writes = new Map<object, number>();
    const socket = net.Socket.prototype as unknown as Record<
      '_write' | '_writev',
      (this: object, ...a: unknown[]) => unknown
    >;
    const original = { _write: socket._write, _writev: socket._writev };
    for (const key of ['_write', '_writev'] as const)
      socket[key] = function (this: object, ...args: unknown[]) {
        writes.set(this, (writes.get(this) ?? 0) + 1);
        return original[key].apply(this, args);
      };
    let stream: object | undefined;
    try {
      await transactionEndingWith(db, async (tx) => {
        stream = (tx as unknown as { session: { client: { connection: { stream: object } } } })
          .session.client.connection.stream;
        await pipelined(tx, () => [insert(tx, 1), insert(tx, 2)]);
        return { withCommit: () => insert(tx, 3) };
      });
    } finally {
      Object.assign(socket, original);
    }
    assert.equal(writes.get(stream!), 2, 'BEGIN and two inserts, then the last insert and COMMIT');
    assert.equal(await count(), 3);
  });

  test('a last statement that fails rolls the whole transaction back', async () => {
    await insert(db, 9);
    await failsOnDuplicateKey(
      transactionEndingWith(db, async (tx) => {
        await insert(tx, 1);
        return { withCommit: () => insert(tx, 9) };
      }),
    );
    assert.equal(await count(), 1, 'only the row from before; row 1 was rolled back');
  });

  test('a last part that refuses an answer it got is told apart: the commit went through', async () => {
    await assert.rejects(
      transactionEndingWith(db, async (tx) => ({
        withCommit: () =>
          insert(tx, 5).then(() => {
            throw new Error('refused after the fact');
          }),
      })),
      (err: Error) =>
        kind === 'postgres'
          ? /committed/.test(err.message) &&
            (err.cause as Error).message === 'refused after the fact'
          : err.message === 'refused after the fact',
    );
    // PGlite runs the last statements before its COMMIT, so a refusal there still rolls back.
    assert.equal(await count(), kind === 'postgres' ? 1 : 0);
  });

  test('work that throws rolls back, and each transaction gives its connection back', async () => {
    for (let i = 0; i < 30; i++) {
      await assert.rejects(
        transactionEndingWith(db, async (tx) => {
          await insert(tx, i);
          throw new Error('undo');
        }),
        { message: 'undo' },
      );
    }
    // More transactions than the pool has connections: a leaked one would make these wait forever.
    for (let i = 0; i < 30; i++)
      await transactionEndingWith(db, async (tx) => ({
        withCommit: () => insert(tx, i),
      }));
    assert.equal(await count(), 30);
  });

  test('a pool without pipeline mode still runs pipelined statements one after another', async (t) => {
    if (kind !== 'postgres') return t.skip('PostgreSQL only');
    const url = process.env.TEST_DATABASE_URL!;
    // The same database the test opened: found by name from its own connection.
    const [{ name }] = (
      (await db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    const pool = new pg.Pool({ connectionString: url.replace(/\/[^/]*$/, `/${name}`), max: 1 });
    try {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const plain = drizzle(pool) as unknown as Database;
      await plain.transaction((tx) => pipelined(tx, () => [insert(tx, 1), insert(tx, 2)]));
    } finally {
      await pool.end();
    }
    assert.equal(await count(), 2);
  });
});
