import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import {
  adminPollsMessages,
  type AdminPoll,
  type AdminPollCreate,
  type AdminPollInput,
  type AdminPollQuery,
  type AdminPollQuestionInput,
  type AdminPollState,
  type AdminPollSummary,
} from '@store/contract';
import type { Database, Tx } from '../../../db/client';
import { pollOptions, pollQuestions, pollResponses, polls, programs } from '../../../db/schema';
import { detailBody, HttpError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { nameContains } from '../../../lib/search';
import { isUid, tenantUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordChange, recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';
import { pollQuestionsOf } from '../../program-extras/poll-questions';

type Db = Database | Tx;
type PollRow = typeof polls.$inferSelect;
type Joined = { poll: PollRow; program: { uid: string; name: string; key: string } };

/** 409 with the poll as it is now, so the form reloads it (locked) and shows why. */
class PollConflictError extends HttpError {
  constructor(ref: string, current: AdminPoll) {
    super(409, { ...detailBody(ref), current });
  }
}

export function pollState(p: PollRow, now: Date): AdminPollState {
  if (!p.isActive) return 'inactive';
  if (p.startsAt && p.startsAt > now) return 'scheduled';
  if (p.endsAt && p.endsAt <= now) return 'ended';
  return 'open';
}

/** Polls of the company's programs (polls are per program, not per place: every manager sees them). */
export function ofCompany(admin: AdminScope, ...more: (SQL | undefined)[]): SQL {
  return and(ofTenant(admin, polls), eq(programs.companyUid, admin.company.uid), ...more)!;
}

const responsesOf = sql<number>`(select count(*)::int from ${pollResponses} where ${sameTenant(pollResponses, polls, eq(pollResponses.pollUid, polls.uid))})`;
const questionsOf = sql<number>`(select count(*)::int from ${pollQuestions} where ${sameTenant(pollQuestions, polls, eq(pollQuestions.pollUid, polls.uid))})`;

function joined(db: Db) {
  return db
    .select({
      poll: polls,
      program: { uid: programs.uid, name: programs.name, key: programs.key },
      responses: responsesOf,
      questions: questionsOf,
    })
    .from(polls)
    .innerJoin(programs, sameTenant(programs, polls, eq(programs.uid, polls.programUid)));
}

function summaryToApi(
  row: Joined & { responses: number; questions: number },
  now: Date,
): AdminPollSummary {
  const p = row.poll;
  return {
    uid: p.uid,
    program: { uid: row.program.uid, name: row.program.name },
    title: p.title,
    image: p.image,
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    is_active: p.isActive,
    state: pollState(p, now),
    questions_count: Number(row.questions),
    responses: Number(row.responses),
    version: p.version,
  };
}

/** The poll's questions with their options, in the members' order. */
export async function structureOf(admin: AdminScope, db: Db, pollUid: string) {
  const questions = await pollQuestionsOf(admin, db, [pollUid]);
  return questions.map((q) => ({
    uid: q.uid,
    key: q.key,
    text: q.text,
    kind: q.kind,
    options: q.options.map((o) => ({ uid: o.uid, key: o.key, text: o.text })),
  }));
}

async function load(admin: AdminScope, db: Db, uid: string): Promise<AdminPoll | null> {
  const [row] = await joined(db).where(ofCompany(admin, eq(polls.uid, uid)));
  if (!row) return null;
  const questions = await structureOf(admin, db, uid);
  const summary = summaryToApi(row, admin.clock());
  return {
    ...summary,
    description: row.poll.description,
    questions: questions.map((q) => ({
      uid: q.uid,
      text: q.text,
      kind: q.kind,
      options: q.options.map((o) => ({ uid: o.uid, text: o.text })),
    })),
    structure_locked: summary.responses > 0,
  };
}

export async function listPolls(
  admin: AdminScope,
  query: AdminPollQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminPollSummary[] }> {
  const where = ofCompany(
    admin,
    query.q ? nameContains(polls.title, query.q) : undefined,
    query.program ? sql`${polls.programUid}::text = ${query.program}` : undefined,
  );
  const [{ n }] = await admin.db
    .select({ n: count() })
    .from(polls)
    .innerJoin(programs, sameTenant(programs, polls, eq(programs.uid, polls.programUid)))
    .where(where);
  // Newest first: the back office gives each new poll the next position of its program.
  const rows = await joined(admin.db)
    .where(where)
    .orderBy(desc(polls.position), asc(polls.title), asc(polls.uid))
    .limit(window.limit)
    .offset(window.offset);
  const now = admin.clock();
  return { count: n, results: rows.map((r) => summaryToApi(r, now)) };
}

export async function getPoll(admin: AdminScope, uid: string): Promise<AdminPoll> {
  const found = isUid(uid) ? await load(admin, admin.db, uid) : null;
  if (!found) throw new NotFoundError(adminPollsMessages.pollNotFound);
  return found;
}

/** The company's programs, for the editor's program choice. */
export async function pollPrograms(admin: AdminScope): Promise<{ uid: string; name: string }[]> {
  return admin.db
    .select({ uid: programs.uid, name: programs.name })
    .from(programs)
    .where(ofTenant(admin, programs, eq(programs.companyUid, admin.company.uid)))
    .orderBy(asc(programs.position), asc(programs.uid));
}

/** A tenant-file key: new rows get the uid an import of their exported key would give them. */
const newKey = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

function pollValues(input: Omit<AdminPollInput, 'version' | 'questions'>) {
  return {
    title: input.title,
    description: input.description,
    image: input.image,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    isActive: input.is_active,
  };
}

type Structure = Awaited<ReturnType<typeof structureOf>>;

/** Field errors for uids the poll (or that question) does not have, or that the form repeats. */
function unknownUids(existing: Structure, input: AdminPollQuestionInput[]) {
  const issues: Record<string, string[]> = {};
  const seenQuestions = new Set<string>();
  const seenOptions = new Set<string>();
  input.forEach((q, i) => {
    const known = q.uid === undefined ? undefined : existing.find((e) => e.uid === q.uid);
    if (q.uid !== undefined && (!known || seenQuestions.has(q.uid)))
      issues[`questions.${i}.uid`] = [adminPollsMessages.pollQuestionNotFound];
    if (q.uid) seenQuestions.add(q.uid);
    q.options.forEach((o, j) => {
      if (o.uid === undefined) return;
      if (!known?.options.some((e) => e.uid === o.uid) || seenOptions.has(o.uid))
        issues[`questions.${i}.options.${j}.uid`] = [adminPollsMessages.pollOptionNotFound];
      seenOptions.add(o.uid);
    });
  });
  return issues;
}

/**
 * Whether the form adds or removes a question or an option, or changes a question's kind:
 * what answers already given point at. Order and texts are not structure.
 */
function changesStructure(existing: Structure, input: AdminPollQuestionInput[]): boolean {
  if (input.length !== existing.length) return true;
  return input.some((q) => {
    const known = existing.find((e) => e.uid === q.uid);
    if (!known || known.kind !== q.kind || known.options.length !== q.options.length) return true;
    return q.options.some((o) => !known.options.some((e) => e.uid === o.uid));
  });
}

/**
 * Writes the questions and options as the form lists them: listed rows updated in the list's
 * order, new ones inserted, the others deleted. Called with the poll row locked; deleting is
 * only reached while nobody answered (see updatePoll), so no answer is lost with them.
 */
async function writeStructure(
  admin: AdminScope,
  tx: Tx,
  poll: { uid: string; key: string; programKey: string },
  existing: Structure,
  input: AdminPollQuestionInput[],
) {
  const keptQuestions = new Set(input.flatMap((q) => (q.uid ? [q.uid] : [])));
  const goneQuestions = existing.filter((q) => !keptQuestions.has(q.uid)).map((q) => q.uid);
  if (goneQuestions.length)
    await tx
      .delete(pollQuestions)
      .where(ofTenant(admin, pollQuestions, inArray(pollQuestions.uid, goneQuestions)));
  const keptOptions = new Set(
    input.flatMap((q) => q.options.flatMap((o) => (o.uid ? [o.uid] : []))),
  );
  const goneOptions = existing
    .filter((q) => keptQuestions.has(q.uid))
    .flatMap((q) => q.options.filter((o) => !keptOptions.has(o.uid)).map((o) => o.uid));
  if (goneOptions.length)
    await tx
      .delete(pollOptions)
      .where(ofTenant(admin, pollOptions, inArray(pollOptions.uid, goneOptions)));

  const base = `${poll.programKey}/${poll.key}`;
  for (const [position, q] of input.entries()) {
    const known = existing.find((e) => e.uid === q.uid);
    let questionUid: string;
    let questionKey: string;
    if (known) {
      questionUid = known.uid;
      questionKey = known.key ?? '';
      await tx
        .update(pollQuestions)
        .set({ text: q.text, kind: q.kind, position })
        .where(ofTenant(admin, pollQuestions, eq(pollQuestions.uid, known.uid)));
    } else {
      questionKey = newKey('q');
      questionUid = tenantUid(admin.app.key, 'poll-question', `${base}/${questionKey}`);
      await tx.insert(pollQuestions).values({
        appId: admin.app.uid,
        uid: questionUid,
        pollUid: poll.uid,
        key: questionKey,
        text: q.text,
        kind: q.kind,
        position,
      });
    }
    for (const [optionPosition, o] of q.options.entries()) {
      if (o.uid) {
        await tx
          .update(pollOptions)
          .set({ text: o.text, position: optionPosition })
          .where(ofTenant(admin, pollOptions, eq(pollOptions.uid, o.uid)));
        continue;
      }
      const key = newKey('o');
      await tx.insert(pollOptions).values({
        appId: admin.app.uid,
        // A question made by a tenant file may lack a key; its new options still get a stable uid.
        uid: tenantUid(
          admin.app.key,
          'poll-option',
          `${base}/${questionKey || questionUid}/${key}`,
        ),
        questionUid,
        key,
        text: o.text,
        position: optionPosition,
      });
    }
  }
}

async function companyProgram(admin: AdminScope, tx: Tx, uid: string) {
  const [program] = isUid(uid)
    ? await tx
        .select({ uid: programs.uid, key: programs.key })
        .from(programs)
        .where(
          ofTenant(
            admin,
            programs,
            eq(programs.uid, uid),
            eq(programs.companyUid, admin.company.uid),
          ),
        )
    : [];
  if (!program) throw new ValidationError({ program: [adminPollsMessages.pollProgramNotFound] });
  return program;
}

export async function createPoll(admin: AdminScope, input: AdminPollCreate): Promise<AdminPoll> {
  return admin.db.transaction(async (tx) => {
    const program = await companyProgram(admin, tx, input.program);
    const issues = unknownUids([], input.questions);
    if (Object.keys(issues).length) throw new ValidationError(issues);
    // "admin-" keys are the back office's: a tenant-file import that does not name them leaves them be.
    const key = newKey('admin');
    const uid = tenantUid(admin.app.key, 'poll', `${program.key}/${key}`);
    const [{ last }] = await tx
      .select({ last: max(polls.position) })
      .from(polls)
      .where(ofTenant(admin, polls, eq(polls.programUid, program.uid)));
    await tx.insert(polls).values({
      appId: admin.app.uid,
      uid,
      programUid: program.uid,
      key,
      position: (last ?? -1) + 1,
      ...pollValues(input),
    });
    await writeStructure(admin, tx, { uid, key, programKey: program.key }, [], input.questions);
    const after = (await load(admin, tx, uid))!;
    return recordSave(withDb(admin, tx), 'poll', uid, null, after);
  });
}

/**
 * Locks the poll row for the write. A member's answer takes a share lock on the same row
 * before it reads the questions (program-extras/polls.ts), so an answer and a structure edit
 * queue behind each other: the edit sees the response and refuses, or the answer sees the
 * new structure and is checked against it.
 */
async function lockPoll(admin: AdminScope, tx: Tx, uid: string) {
  if (!isUid(uid)) throw new NotFoundError(adminPollsMessages.pollNotFound);
  const [locked] = await tx
    .select({ uid: polls.uid, key: polls.key, version: polls.version, programKey: programs.key })
    .from(polls)
    .innerJoin(programs, sameTenant(programs, polls, eq(programs.uid, polls.programUid)))
    .where(ofCompany(admin, eq(polls.uid, uid)))
    .for('update', { of: polls });
  if (!locked) throw new NotFoundError(adminPollsMessages.pollNotFound);
  return locked;
}

/**
 * Saves the whole poll under one version, in one transaction with its audit line. Once anyone
 * answered, adding or removing a question or an option, or changing a question's kind, is a
 * 409 `admin.poll_structure_locked` (the answers given must keep meaning what they meant);
 * texts, order, dates, image and the switch stay editable.
 */
export async function updatePoll(
  admin: AdminScope,
  uid: string,
  input: AdminPollInput,
): Promise<AdminPoll> {
  return admin.db.transaction(async (tx) => {
    const locked = await lockPoll(admin, tx, uid);
    const before = (await load(admin, tx, uid))!;
    checkVersion(locked, input.version, () => before);
    const existing = await structureOf(admin, tx, uid);
    const issues = unknownUids(existing, input.questions);
    if (Object.keys(issues).length) throw new ValidationError(issues);
    if (before.responses > 0 && changesStructure(existing, input.questions))
      throw new PollConflictError(adminPollsMessages.pollStructureLocked, before);
    await tx
      .update(polls)
      .set({ ...pollValues(input), version: sql`${polls.version} + 1` })
      .where(ofTenant(admin, polls, eq(polls.uid, uid)));
    await writeStructure(admin, tx, locked, existing, input.questions);
    const after = (await load(admin, tx, uid))!;
    return recordSave(withDb(admin, tx), 'poll', uid, before, after);
  });
}

/** Deletes a poll nobody answered; one with answers is switched off instead (409). */
export async function deletePoll(admin: AdminScope, uid: string, version: number): Promise<void> {
  await admin.db.transaction(async (tx) => {
    const locked = await lockPoll(admin, tx, uid);
    const before = (await load(admin, tx, uid))!;
    checkVersion(locked, version, () => before);
    if (before.responses > 0)
      throw new PollConflictError(adminPollsMessages.pollHasResponses, before);
    await tx.delete(polls).where(ofTenant(admin, polls, eq(polls.uid, uid)));
    await recordChange(withDb(admin, tx), {
      entity: 'poll',
      entityUid: uid,
      action: 'delete',
      before,
      after: null,
    });
  });
}

/** The poll of the company, or 404 (results, answers, export). */
export async function findPoll(admin: AdminScope, uid: string): Promise<Joined> {
  const [row] = isUid(uid)
    ? await joined(admin.db).where(ofCompany(admin, eq(polls.uid, uid)))
    : [];
  if (!row) throw new NotFoundError(adminPollsMessages.pollNotFound);
  return row;
}
