import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/**
 * Deletes the mails sent, or given up on, more than `keepDays` days ago. A sent mail's body is
 * emptied at delivery, but its row (recipient, subject) is personal data with no use after a
 * month, and a failed mail keeps its body, whose links carry tokens, for the owner's retry.
 * Mails still waiting are never touched. Safe to run from every process at once.
 */
export async function pruneMailOutbox(db: Database, keepDays: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${keepDays})`;
  const gone = await db
    .delete(mailOutbox)
    .where(
      or(
        and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, cutoff)),
        and(isNotNull(mailOutbox.failedAt), lt(mailOutbox.failedAt, cutoff)),
      ),
    )
    .returning({ uid: mailOutbox.uid });
  return gone.length;
}
