import { Readable } from 'node:stream';
import {
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  max,
  min,
  sql,
} from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  adminPollCsvColumns,
  adminPollsMessages,
  storeDateOf,
  type AdminPollResults,
  type AdminPollTextAnswer,
  type AdminPollTextAnswerQuery,
} from '@store/contract';
import { pollAnswers, pollResponses, users } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { nameContains } from '../../../lib/search';
import { isUid } from '../../../lib/uid';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { safeCell, storeDateTime } from '../../staff/records';
import { recordChange } from '../audit';
import type { AdminScope } from '../guard';
import { findPoll, structureOf } from './service';

/** One decimal, as the chart labels show it. */
const percentOf = (part: number, whole: number) =>
  whole ? Math.round((part * 1000) / whole) / 10 : 0;

/**
 * The poll's figures: responses, and per question how many answered it and, for choice
 * questions, how many chose each option. Only this poll's answers are read (by its
 * questions), and only a poll of the caller's company is found.
 */
export async function pollResults(admin: AdminScope, uid: string): Promise<AdminPollResults> {
  const { poll } = await findPoll(admin, uid);
  const questions = await structureOf(admin, admin.db, uid);
  const questionUids = questions.map((q) => q.uid);
  const [[totals], byOption, byQuestion] = await Promise.all([
    admin.db
      .select({
        n: count(),
        first: min(pollResponses.createdAt),
        last: max(pollResponses.createdAt),
      })
      .from(pollResponses)
      .where(ofTenant(admin, pollResponses, eq(pollResponses.pollUid, uid))),
    questionUids.length
      ? admin.db
          .select({ option: pollAnswers.optionUid, n: count() })
          .from(pollAnswers)
          .where(
            ofTenant(
              admin,
              pollAnswers,
              inArray(pollAnswers.questionUid, questionUids),
              isNotNull(pollAnswers.optionUid),
            ),
          )
          .groupBy(pollAnswers.optionUid)
      : [],
    questionUids.length
      ? admin.db
          .select({ question: pollAnswers.questionUid, n: countDistinct(pollAnswers.responseUid) })
          .from(pollAnswers)
          .where(ofTenant(admin, pollAnswers, inArray(pollAnswers.questionUid, questionUids)))
          .groupBy(pollAnswers.questionUid)
      : [],
  ]);
  const chosen = new Map(byOption.map((r) => [r.option, Number(r.n)]));
  const answered = new Map(byQuestion.map((r) => [r.question, Number(r.n)]));
  const toIso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    poll: poll.uid,
    title: poll.title,
    responses: Number(totals.n),
    first_response_at: toIso(totals.first),
    last_response_at: toIso(totals.last),
    questions: questions.map((q) => {
      const base = answered.get(q.uid) ?? 0;
      return {
        uid: q.uid,
        text: q.text,
        kind: q.kind,
        answered: base,
        options: q.options.map((o) => {
          const n = chosen.get(o.uid) ?? 0;
          return { uid: o.uid, text: o.text, count: n, percent: percentOf(n, base) };
        }),
      };
    }),
  };
}

/** A text question's answers, newest first; `q` finds a word (accents and case ignored). */
export async function textAnswers(
  admin: AdminScope,
  uid: string,
  questionUid: string,
  query: AdminPollTextAnswerQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminPollTextAnswer[] }> {
  await findPoll(admin, uid);
  const questions = await structureOf(admin, admin.db, uid);
  const question = isUid(questionUid)
    ? questions.find((q) => q.uid === questionUid && q.kind === 'TEXT')
    : undefined;
  if (!question) throw new NotFoundError(adminPollsMessages.pollQuestionNotFound);
  const where = ofTenant(
    admin,
    pollAnswers,
    eq(pollAnswers.questionUid, question.uid),
    isNotNull(pollAnswers.text),
    query.q ? nameContains(pollAnswers.text, query.q) : undefined,
  );
  const [[{ n }], rows] = await Promise.all([
    admin.db.select({ n: count() }).from(pollAnswers).where(where),
    admin.db
      .select({
        response: pollAnswers.responseUid,
        text: pollAnswers.text,
        at: pollResponses.createdAt,
      })
      .from(pollAnswers)
      .innerJoin(
        pollResponses,
        sameTenant(pollResponses, pollAnswers, eq(pollResponses.uid, pollAnswers.responseUid)),
      )
      .where(where)
      .orderBy(desc(pollResponses.createdAt), desc(pollAnswers.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(n),
    results: rows.map((r) => ({
      response: r.response,
      text: r.text ?? '',
      created_at: r.at.toISOString(),
    })),
  };
}

const CSV_BATCH = 500;

/** An ASCII file name from the poll's title (headers carry no accents). */
function fileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `encuesta-${slug || 'respuestas'}-${storeDateOf(new Date())}.csv`;
}

/**
 * The poll's responses as CSV, oldest first, streamed in batches of 500 read by keyset
 * (answered at, uid): the answer date in store time, the member as the members screen shows
 * them (uid, name, email; nothing more), then one column per question in the poll's order,
 * the options of a multiple-choice answer joined by "; ". Cells people typed (names,
 * answers, question texts) are made formula-safe. The export is an audit line
 * (`poll_export`: who, which poll, how many responses) before the first byte.
 */
export async function pollCsv(
  admin: AdminScope,
  uid: string,
): Promise<{ stream: Readable; filename: string }> {
  const { poll } = await findPoll(admin, uid);
  const questions = await structureOf(admin, admin.db, uid);
  const [{ n }] = await admin.db
    .select({ n: count() })
    .from(pollResponses)
    .where(ofTenant(admin, pollResponses, eq(pollResponses.pollUid, uid)));
  await recordChange(admin, {
    entity: 'poll_export',
    entityUid: uid,
    action: 'create',
    before: null,
    after: { poll: uid, title: poll.title, responses: Number(n) },
  });
  const optionText = new Map(questions.flatMap((q) => q.options.map((o) => [o.uid, o.text])));
  const optionOrder = new Map(
    questions.flatMap((q) => q.options.map((o, i) => [o.uid, i] as const)),
  );

  async function* rows() {
    yield [...adminPollCsvColumns, ...questions.map((q) => safeCell(q.text))];
    let after: { at: string; uid: string } | undefined;
    for (;;) {
      const batch = await admin.db
        .select({
          uid: pollResponses.uid,
          // To the microsecond as text, so the keyset reads back the same instant.
          at: sql<string>`to_char(${pollResponses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          user: users.uid,
          first: users.firstName,
          last: users.lastName,
          email: users.email,
        })
        .from(pollResponses)
        .innerJoin(users, sameTenant(users, pollResponses, eq(users.uid, pollResponses.userUid)))
        .where(
          ofTenant(
            admin,
            pollResponses,
            eq(pollResponses.pollUid, uid),
            after
              ? sql`(${pollResponses.createdAt}, ${pollResponses.uid}) > (${after.at}::timestamptz, ${after.uid}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(pollResponses.createdAt), asc(pollResponses.uid))
        .limit(CSV_BATCH);
      const answers = batch.length
        ? await admin.db
            .select({
              response: pollAnswers.responseUid,
              question: pollAnswers.questionUid,
              option: pollAnswers.optionUid,
              text: pollAnswers.text,
            })
            .from(pollAnswers)
            .where(
              ofTenant(
                admin,
                pollAnswers,
                inArray(
                  pollAnswers.responseUid,
                  batch.map((r) => r.uid),
                ),
              ),
            )
        : [];
      for (const r of batch) {
        const mine = answers.filter((a) => a.response === r.uid);
        yield [
          storeDateTime(r.at),
          r.user,
          safeCell([r.first, r.last].filter(Boolean).join(' ')),
          safeCell(r.email ?? ''),
          ...questions.map((q) => {
            const given = mine.filter((a) => a.question === q.uid);
            if (q.kind === 'TEXT') return safeCell(given.find((a) => a.text !== null)?.text ?? '');
            return safeCell(
              given
                .flatMap((a) => (a.option ? [a.option] : []))
                .sort((a, b) => (optionOrder.get(a) ?? 0) - (optionOrder.get(b) ?? 0))
                .map((o) => optionText.get(o) ?? '')
                .join('; '),
            );
          }),
        ];
      }
      if (batch.length < CSV_BATCH) return;
      const last = batch[batch.length - 1];
      after = { at: last.at, uid: last.uid };
    }
  }
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  const csv = stringify({ bom: true });
  const source = Readable.from(rows());
  source.on('error', (err) => csv.destroy(err));
  return { stream: source.pipe(csv), filename: fileName(poll.title) };
}
