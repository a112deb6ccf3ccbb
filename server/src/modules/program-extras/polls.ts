import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  engagementMessages,
  formMessages,
  loyaltyMessages,
  type Poll,
  type PollMyAnswer,
  type PollResponseInput,
} from '@store/contract';
import type { Database } from '../../db/client';
import { pollAnswers, pollOptions, pollQuestions, pollResponses, polls } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { findMembership, findProgram } from '../programs/service';
import { pollQuestionsOf } from './poll-questions';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import { withDb, type Scope, type MemberScope } from '../../scope/scope';

type PollRow = typeof polls.$inferSelect;

function started(now: Date): SQL {
  return or(isNull(polls.startsAt), lte(polls.startsAt, now))!;
}
function notEnded(now: Date): SQL {
  return or(isNull(polls.endsAt), gt(polls.endsAt, now))!;
}

function selectWithResponse(db: Database, userUid: string) {
  return db
    .select({ poll: polls, answeredAt: pollResponses.createdAt })
    .from(polls)
    .leftJoin(
      pollResponses,
      sameTenant(
        pollResponses,
        polls,
        eq(pollResponses.pollUid, polls.uid),
        eq(pollResponses.userUid, userUid),
      ),
    );
}

async function questionsOf(scope: Scope, pollUids: string[]) {
  const byPoll = new Map<string, Poll['questions']>();
  for (const q of await pollQuestionsOf(scope, scope.db, pollUids)) {
    const list = byPoll.get(q.pollUid) ?? [];
    list.push({
      uid: q.uid,
      text: q.text,
      kind: q.kind,
      options: q.options.map((o) => ({ uid: o.uid, text: o.text })),
    });
    byPoll.set(q.pollUid, list);
  }
  return byPoll;
}

/**
 * The answers of one member to the given polls, by poll, in question order.
 * The member is part of the join: another member's answers never come out.
 */
async function myAnswersOf(scope: MemberScope, pollUids: string[]) {
  const { db } = scope;
  const userUid = scope.user.uid;
  const byPoll = new Map<string, PollMyAnswer[]>();
  if (pollUids.length === 0) return byPoll;
  const rows = await db
    .select({
      pollUid: pollResponses.pollUid,
      questionUid: pollAnswers.questionUid,
      optionUid: pollAnswers.optionUid,
      text: pollAnswers.text,
    })
    .from(pollResponses)
    .innerJoin(
      pollAnswers,
      sameTenant(pollAnswers, pollResponses, eq(pollAnswers.responseUid, pollResponses.uid)),
    )
    .innerJoin(
      pollQuestions,
      sameTenant(pollQuestions, pollAnswers, eq(pollQuestions.uid, pollAnswers.questionUid)),
    )
    .leftJoin(
      pollOptions,
      sameTenant(pollOptions, pollAnswers, eq(pollOptions.uid, pollAnswers.optionUid)),
    )
    .where(
      ofTenant(
        scope,
        pollResponses,
        eq(pollResponses.userUid, userUid),
        inArray(pollResponses.pollUid, pollUids),
      ),
    )
    .orderBy(
      asc(pollQuestions.position),
      asc(pollQuestions.uid),
      asc(pollOptions.position),
      asc(pollOptions.uid),
    );
  for (const r of rows) {
    const list = byPoll.get(r.pollUid) ?? [];
    let answer = list.find((a) => a.question === r.questionUid);
    if (!answer) {
      answer = { question: r.questionUid, options: [], text: null };
      list.push(answer);
    }
    if (r.optionUid) answer.options.push(r.optionUid);
    if (r.text !== null) answer.text = r.text;
    byPoll.set(r.pollUid, list);
  }
  return byPoll;
}

function pollToApi(
  p: PollRow,
  answeredAt: Date | null,
  questions: Poll['questions'],
  myAnswers: PollMyAnswer[],
): Poll {
  return {
    uid: p.uid,
    program: p.programUid,
    title: p.title,
    description: p.description,
    image: p.image,
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    questions,
    is_resolved: answeredAt !== null,
    answered_at: answeredAt?.toISOString() ?? null,
    my_answers: answeredAt ? myAnswers : [],
  };
}

/**
 * The program's polls for the member: `is_resolved=true` lists the ones the
 * member answered (newest answer first); otherwise the pending ones - active,
 * started, not ended and not answered yet.
 */
export async function listPolls(
  scope: MemberScope,
  programUid: string,
  filters: { resolved?: boolean },
  window: PageWindow,
) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const program = await findProgram(db, app, programUid);
  const now = new Date();
  const base = ofTenant(
    scope,
    polls,
    eq(polls.programUid, program.program.uid),
    eq(polls.isActive, true),
    started(now),
  );
  const where = filters.resolved
    ? and(base, sql`${pollResponses.uid} IS NOT NULL`)
    : and(base, notEnded(now), isNull(pollResponses.uid));
  const [total, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(polls)
      .leftJoin(
        pollResponses,
        sameTenant(
          pollResponses,
          polls,
          eq(pollResponses.pollUid, polls.uid),
          eq(pollResponses.userUid, userUid),
        ),
      )
      .where(where),
    selectWithResponse(db, userUid)
      .where(where)
      .orderBy(
        ...(filters.resolved ? [sql`${pollResponses.createdAt} DESC`] : []),
        asc(polls.position),
        asc(polls.uid),
      )
      .limit(window.limit)
      .offset(window.offset),
  ]);
  const uids = rows.map((r) => r.poll.uid);
  const [questions, mine] = await Promise.all([
    questionsOf(scope, uids),
    myAnswersOf(
      scope,
      rows.filter((r) => r.answeredAt).map((r) => r.poll.uid),
    ),
  ]);
  return {
    count: Number(total[0]?.n ?? 0),
    results: rows.map((r) =>
      pollToApi(r.poll, r.answeredAt, questions.get(r.poll.uid) ?? [], mine.get(r.poll.uid) ?? []),
    ),
  };
}

/** One poll of the program (answered or not, ended or not); not started, switched off or foreign ones are 404. */
export async function getPoll(
  scope: MemberScope,
  programUid: string | undefined,
  uid: string,
): Promise<Poll> {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const programFilter =
    programUid === undefined
      ? undefined
      : eq(polls.programUid, (await findProgram(db, app, programUid)).program.uid);
  if (!isUid(uid)) throw new NotFoundError(engagementMessages.pollNotFound);
  const now = new Date();
  const [row] = await selectWithResponse(db, userUid).where(
    ofTenant(
      scope,
      polls,
      eq(polls.uid, uid),
      eq(polls.isActive, true),
      started(now),
      programFilter,
    ),
  );
  if (!row) throw new NotFoundError(engagementMessages.pollNotFound);
  if (programUid === undefined)
    await findProgram(db, app, row.poll.programUid).catch(() => {
      throw new NotFoundError(engagementMessages.pollNotFound);
    });
  const [questions, mine] = await Promise.all([
    questionsOf(scope, [row.poll.uid]),
    row.answeredAt ? myAnswersOf(scope, [row.poll.uid]) : new Map<string, PollMyAnswer[]>(),
  ]);
  return pollToApi(
    row.poll,
    row.answeredAt,
    questions.get(row.poll.uid) ?? [],
    mine.get(row.poll.uid) ?? [],
  );
}

/**
 * The member answers a poll: every question must be answered, each once;
 * choice questions with options of that question (exactly one for
 * SINGLE_CHOICE), text questions with a non-empty text. Errors are keyed
 * `answers.{n}`, n being the question's position (from 0) in the poll as
 * the detail lists it. The response and its answers are written in one
 * transaction; the unique (poll, member) index makes a second answer - also
 * a concurrent one - a 400.
 *
 * The answers are checked inside that transaction, under a share lock on the
 * poll row: the back office locks the row for update when it saves the
 * questions, so an edit that removes an option (or changes a kind, or adds a
 * question) either commits first and the answers are checked against it, or
 * waits, sees this response and refuses to change the structure.
 */
export async function answerPoll(scope: MemberScope, pollUid: string, input: PollResponseInput) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  // Cheap refusals first, without a transaction (unknown poll, not a member, answered).
  const seen = await getPoll(scope, undefined, pollUid);
  if (!(await findMembership(db, app.uid, seen.program, userUid)))
    throw new ValidationError(loyaltyMessages.notMember);
  if (seen.is_resolved) throw new ValidationError(engagementMessages.pollAnswered);

  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ uid: polls.uid })
      .from(polls)
      .where(ofTenant(scope, polls, eq(polls.uid, seen.uid)))
      .for('share');
    if (!locked) throw new NotFoundError(engagementMessages.pollNotFound);
    // Read again under the lock: switched off, ended or restructured since the first read.
    const poll = await getPoll(withDb(scope, tx), undefined, seen.uid);
    if (poll.is_resolved) throw new ValidationError(engagementMessages.pollAnswered);
    const now = new Date();
    if (poll.ends_at && new Date(poll.ends_at) <= now)
      throw new ValidationError(engagementMessages.pollClosed);
    const rows = checkAnswers(poll, input);
    const [response] = await tx
      .insert(pollResponses)
      .values({
        appId: app.uid,
        uid: crypto.randomUUID(),
        pollUid: poll.uid,
        userUid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!response) throw new ValidationError(engagementMessages.pollAnswered);
    await tx.insert(pollAnswers).values(
      rows.map((r) => ({
        appId: app.uid,
        uid: crypto.randomUUID(),
        responseUid: response.uid,
        ...r,
      })),
    );
    return { uid: response.uid, poll: poll.uid, created_at: response.createdAt.toISOString() };
  });
}

/** The answer rows of a valid input, or a 400 keyed `answers.{n}` for each question that is not. */
function checkAnswers(poll: Poll, input: PollResponseInput) {
  const errors: Record<string, string[]> = {};
  const byQuestion = new Map<string, PollResponseInput['answers'][number]>();
  for (const a of input.answers) {
    const index = poll.questions.findIndex((q) => q.uid === a.question);
    if (index < 0) {
      errors.answers = [engagementMessages.notAQuestion];
      continue;
    }
    if (byQuestion.has(a.question))
      errors[`answers.${index}`] = [engagementMessages.duplicateAnswer];
    byQuestion.set(a.question, a);
  }
  const rows: { questionUid: string; optionUid: string | null; text: string | null }[] = [];
  poll.questions.forEach((q, index) => {
    const key = `answers.${index}`;
    if (errors[key]) return;
    const a = byQuestion.get(q.uid);
    if (q.kind === 'TEXT') {
      const text = a?.text?.trim() ?? '';
      if (!text) errors[key] = [formMessages.required];
      else rows.push({ questionUid: q.uid, optionUid: null, text });
      return;
    }
    const chosen = [...new Set(a?.options ?? [])];
    if (chosen.length === 0) errors[key] = [formMessages.required];
    else if (chosen.some((o) => !q.options.some((opt) => opt.uid === o)))
      errors[key] = [engagementMessages.notAnOption];
    else if (q.kind === 'SINGLE_CHOICE' && chosen.length > 1)
      errors[key] = [engagementMessages.chooseOne];
    else for (const o of chosen) rows.push({ questionUid: q.uid, optionUid: o, text: null });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return rows;
}
