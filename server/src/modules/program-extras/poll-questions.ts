import { asc, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { pollOptions, pollQuestions } from '../../db/schema';
import { ofTenant, type TenantRef } from '../../scope/tenant-query';

type QuestionRow = typeof pollQuestions.$inferSelect;
type OptionRow = typeof pollOptions.$inferSelect;

/**
 * The questions of the given polls, each with its options, both in the members' order: what the
 * member's poll and the back office's editor and results are built from.
 */
export async function pollQuestionsOf(
  scope: TenantRef,
  db: Database | Tx,
  pollUids: string[],
): Promise<Array<QuestionRow & { options: OptionRow[] }>> {
  if (pollUids.length === 0) return [];
  const questions = await db
    .select()
    .from(pollQuestions)
    .where(ofTenant(scope, pollQuestions, inArray(pollQuestions.pollUid, pollUids)))
    .orderBy(asc(pollQuestions.position), asc(pollQuestions.uid));
  const options = questions.length
    ? await db
        .select()
        .from(pollOptions)
        .where(
          ofTenant(
            scope,
            pollOptions,
            inArray(
              pollOptions.questionUid,
              questions.map((q) => q.uid),
            ),
          ),
        )
        .orderBy(asc(pollOptions.position), asc(pollOptions.uid))
    : [];
  return questions.map((q) => ({
    ...q,
    options: options.filter((o) => o.questionUid === q.uid),
  }));
}
