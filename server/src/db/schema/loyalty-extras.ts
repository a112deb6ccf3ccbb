import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, editVersion, tenantRowKeys } from './columns';
import { users } from './accounts';
import { programs } from './loyalty';

/** A program's raffle: members register while it is open; the draw is on draw_at. */
export const raffles = pgTable(
  'raffles',
  {
    ...tenantRowKeys(),
    programUid: uuid('program_uid').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    prize: text('prize').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    drawAt: timestamp('draw_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** How many members the draw picks (back office; 1 for the rows a tenant file made). */
    winnersCount: integer('winners_count').notNull().default(1),
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.programUid, programs),
    check('raffles_winners_count_check', sql`${t.winnersCount} BETWEEN 1 AND 100`),
    index('raffles_program_idx').on(t.appId, t.programUid, t.position),
  ],
);

/**
 * A member's standing in a raffle: one row per member and raffle (the primary
 * key), so concurrent registrations of one member make one participation.
 * registered_at is set on registration, dismissed_at when the member hides it.
 */
export const raffleMembers = pgTable(
  'raffle_members',
  {
    appId: uuid('app_id').notNull(),
    raffleUid: uuid('raffle_uid').notNull(),
    userUid: uuid('user_uid').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.raffleUid, t.userUid] }),
    belongsTo(t.appId, t.raffleUid, raffles),
    belongsTo(t.appId, t.userUid, users),
    index('raffle_members_user_idx').on(t.appId, t.userUid),
  ],
);

/**
 * The one draw of a raffle (the primary key is the raffle: a second draw cannot exist).
 * Everything needed to re-run it is kept: the entry list frozen at the draw, sorted, its
 * SHA-256, the random seed and the algorithm's version; the winners in drawn order. The
 * algorithm is in modules/admin/raffles/draw.ts and docs/decisions.md.
 */
export const raffleDraws = pgTable(
  'raffle_draws',
  {
    appId: uuid('app_id').notNull(),
    raffleUid: uuid('raffle_uid').notNull(),
    algorithm: text('algorithm').notNull(),
    /** 32 random bytes, hex. */
    seed: text('seed').notNull(),
    /** The entrants' user uids, sorted (the order the algorithm shuffles). */
    entries: jsonb('entries').$type<string[]>().notNull(),
    /** SHA-256 (hex) of the entries joined by "\n". */
    entriesHash: text('entries_hash').notNull(),
    /** The winners' user uids in the order drawn. */
    winners: jsonb('winners').$type<string[]>().notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
    drawnByUid: uuid('drawn_by_uid'),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.raffleUid] }),
    belongsTo(t.appId, t.raffleUid, raffles),
  ],
);

export const polls = pgTable(
  'polls',
  {
    ...tenantRowKeys(),
    programUid: uuid('program_uid').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.programUid, programs),
    index('polls_program_idx').on(t.appId, t.programUid, t.position),
  ],
);

export type PollQuestionKind = 'SINGLE_CHOICE' | 'MULTIPLE_CHOICE' | 'TEXT';

export const pollQuestions = pgTable(
  'poll_questions',
  {
    ...tenantRowKeys(),
    pollUid: uuid('poll_uid').notNull(),
    /** The tenant file's key (null for rows the back office created); lets an export name the row as its file did. */
    key: text('key'),
    text: text('text').notNull(),
    kind: text('kind').$type<PollQuestionKind>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.pollUid, polls),
    index('poll_questions_poll_idx').on(t.appId, t.pollUid, t.position),
    check(
      'poll_questions_kind_check',
      sql`${t.kind} IN ('SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TEXT')`,
    ),
  ],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    ...tenantRowKeys(),
    questionUid: uuid('question_uid').notNull(),
    /** The tenant file's key (null for rows the back office created); lets an export name the row as its file did. */
    key: text('key'),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.questionUid, pollQuestions),
    index('poll_options_question_idx').on(t.appId, t.questionUid, t.position),
  ],
);

/** A member's answer to a poll: one per member and poll (unique), written with its answers in one transaction. */
export const pollResponses = pgTable(
  'poll_responses',
  {
    ...tenantRowKeys(),
    pollUid: uuid('poll_uid').notNull(),
    userUid: uuid('user_uid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('poll_responses_poll_user_key').on(t.appId, t.pollUid, t.userUid),
    // The back office's CSV reads a poll's responses in answer order, by keyset.
    index('poll_responses_poll_idx').on(t.appId, t.pollUid, t.createdAt, t.uid),
    belongsTo(t.appId, t.pollUid, polls),
    belongsTo(t.appId, t.userUid, users),
    index('poll_responses_user_idx').on(t.appId, t.userUid),
  ],
);

/** One chosen option (choice questions, one row per option) or one text (text questions). */
export const pollAnswers = pgTable(
  'poll_answers',
  {
    ...tenantRowKeys(),
    responseUid: uuid('response_uid').notNull(),
    questionUid: uuid('question_uid').notNull(),
    optionUid: uuid('option_uid'),
    text: text('text'),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.responseUid, pollResponses),
    belongsTo(t.appId, t.questionUid, pollQuestions),
    belongsTo(t.appId, t.optionUid, pollOptions),
    index('poll_answers_response_idx').on(t.appId, t.responseUid),
    // The results count per question and option, and the text answers page by question;
    // deleting a question or an option looks its answers up by these too.
    index('poll_answers_question_idx').on(t.appId, t.questionUid, t.optionUid),
    index('poll_answers_option_idx').on(t.appId, t.optionUid),
    check('poll_answers_one_check', sql`(${t.optionUid} IS NULL) <> (${t.text} IS NULL)`),
  ],
);

function programBlock(name: string) {
  return pgTable(
    name,
    {
      ...tenantRowKeys(),
      programUid: uuid('program_uid').notNull(),
      key: text('key').notNull(),
      title: text('title').notNull(),
      image: text('image'),
      link: text('link'),
      position: integer('position').notNull().default(0),
      isActive: boolean('is_active').notNull().default(true),
    },
    (t) => [
      primaryKey({ columns: [t.appId, t.uid] }),
      belongsTo(t.appId, t.programUid, programs),
      index(`${name}_program_idx`).on(t.appId, t.programUid, t.position),
    ],
  );
}

/** Sections of a program page (title, image, link), in position order. */
export const programSections = programBlock('program_sections');
/** Ads shown on a program page, in position order. */
export const programAds = programBlock('program_ads');
