import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminPollsErrors } from '../errors/admin-polls';
import { formatMessage, formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { pollQuestionKind } from '../loyalty/engagement';
import { versionField } from './schemas';

/**
 * The back office's polls (`/api/v5/admin/polls/...`, area `engagement`: OWNER and MANAGER).
 * A poll belongs to one of the company's programs; its members answer it in the store
 * (`v5/me/polls/{uid}/responses/`). Once someone answered, the poll's structure (which
 * questions and options exist, and each question's kind) is locked; texts, dates, image and
 * the switch stay editable.
 */
export const adminPollsMessages = /* @__PURE__ */ messagesOf('admin', adminPollsErrors);

/** Limits of one poll: a member answers every question, so a poll stays short. */
export const POLL_MAX_QUESTIONS = 30;
export const POLL_MAX_OPTIONS = 20;

const instant = () => z.iso.datetime({ offset: true, error: formMessages.date }).nullable();
const text = (max: number) =>
  z.string({ error: formMessages.required }).trim().max(max, formMessages.tooLong);
const imageUrl = () =>
  z
    .string({ error: formMessages.url })
    .trim()
    .max(500, formMessages.tooLong)
    // An absolute http(s) URL, or a path of the store's own files (uploads, demo images).
    .regex(/^(https?:\/\/[^\s"'<>]+|\/(?![/\\])[^\s"'<>]*)$/, formMessages.url)
    .nullable();
const uidRef = () => z.string({ error: formMessages.invalid }).max(64, formMessages.invalid);

/** An option of a choice question; `uid` names one the question has, none: a new one. */
export const adminPollOptionInput = z
  .object({ uid: uidRef().optional(), text: requiredText(200) })
  .strict();

/** A question; `uid` names one the poll has, none: a new one. TEXT questions have no options. */
export const adminPollQuestionInput = z
  .object({
    uid: uidRef().optional(),
    text: requiredText(300),
    kind: pollQuestionKind,
    options: z.array(adminPollOptionInput).max(50, formMessages.invalid).default([]),
  })
  .strict();
export type AdminPollQuestionInput = z.infer<typeof adminPollQuestionInput>;

const pollFields = {
  title: requiredText(200),
  description: text(2000),
  image: imageUrl(),
  starts_at: instant(),
  ends_at: instant(),
  is_active: z.boolean({ error: formMessages.invalid }),
  questions: z.array(adminPollQuestionInput, { error: formMessages.required }).max(100),
};

type PollShape = {
  starts_at?: string | null;
  ends_at?: string | null;
  questions?: AdminPollQuestionInput[];
};

/**
 * The rules across fields, keyed as the 400 names them (dotted paths into the questions):
 * dates in order, 1 to 30 questions, a choice question with 2 to 20 options none repeated,
 * a text question without options.
 */
export function pollIssues(p: PollShape): Record<string, string> {
  const issues: Record<string, string> = {};
  if (p.starts_at && p.ends_at && Date.parse(p.ends_at) <= Date.parse(p.starts_at))
    issues.ends_at = adminPollsMessages.pollDatesOrder;
  const questions = p.questions ?? [];
  if (questions.length < 1 || questions.length > POLL_MAX_QUESTIONS)
    issues.questions = formatMessage('admin.poll_questions_count', { max: POLL_MAX_QUESTIONS });
  questions.forEach((q, i) => {
    if (q.kind === 'TEXT') {
      if (q.options.length)
        issues[`questions.${i}.options`] = adminPollsMessages.pollTextWithoutOptions;
      return;
    }
    if (q.options.length < 2 || q.options.length > POLL_MAX_OPTIONS)
      issues[`questions.${i}.options`] = formatMessage('admin.poll_options_count', {
        max: POLL_MAX_OPTIONS,
      });
    const seen = new Set<string>();
    q.options.forEach((o, j) => {
      const key = o.text.trim().toLocaleLowerCase('es');
      if (key && seen.has(key))
        issues[`questions.${i}.options.${j}.text`] = adminPollsMessages.pollOptionRepeated;
      seen.add(key);
    });
  });
  return issues;
}

function checkPoll(p: PollShape, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(pollIssues(p)))
    ctx.addIssue({
      code: 'custom',
      path: field.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
      message,
    });
}

/** `POST v5/admin/polls/`: a new poll in one of the company's programs. */
export const adminPollCreate = z
  .object({
    program: z.string({ error: formMessages.required }).trim().min(1, formMessages.required),
    ...pollFields,
    description: pollFields.description.default(''),
    image: pollFields.image.default(null),
    starts_at: pollFields.starts_at.default(null),
    ends_at: pollFields.ends_at.default(null),
    is_active: pollFields.is_active.default(true),
  })
  .strict()
  .superRefine(checkPoll);
export type AdminPollCreate = z.infer<typeof adminPollCreate>;

/** `PUT v5/admin/polls/{uid}/`: the whole poll as the form has it, with the version it was read at (not the program). */
export const adminPollInput = z
  .object({ ...pollFields, version: versionField() })
  .strict()
  .superRefine(checkPoll);
export type AdminPollInput = z.infer<typeof adminPollInput>;

/** Where a poll stands for members: switched off, not started, taking answers, or past its end. */
export const adminPollState = z.enum(['inactive', 'scheduled', 'open', 'ended']);
export type AdminPollState = z.infer<typeof adminPollState>;

export const adminPollQuestion = z.object({
  uid: z.string(),
  text: z.string(),
  kind: pollQuestionKind,
  options: z.array(z.object({ uid: z.string(), text: z.string() })),
});

export const adminPollSummary = z.object({
  uid: z.string(),
  program: z.object({ uid: z.string(), name: z.string() }),
  title: z.string(),
  image: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  state: adminPollState,
  questions_count: z.number().int(),
  /** Members who answered. */
  responses: z.number().int(),
  version: z.number().int(),
});
export type AdminPollSummary = z.infer<typeof adminPollSummary>;

export const adminPoll = adminPollSummary.extend({
  description: z.string(),
  questions: z.array(adminPollQuestion),
  /** Someone answered: questions and options can no longer be added, removed or change kind. */
  structure_locked: z.boolean(),
});
export type AdminPoll = z.infer<typeof adminPoll>;

/** `GET v5/admin/polls/?q=&program=&page=`: newest first. */
export const adminPollQuery = pageQuery.extend({
  q: z.string().trim().max(120).optional(),
  program: z.string().trim().max(40).optional(),
});
export type AdminPollQuery = z.infer<typeof adminPollQuery>;

/**
 * `GET v5/admin/polls/{uid}/results/`. Per question, `answered` responses answered it (every
 * response does, unless the question came after them); per option its `count` and `percent`
 * of `answered` (one decimal; a multiple-choice question's percents may add up past 100).
 */
export const adminPollResults = z.object({
  poll: z.string(),
  title: z.string(),
  responses: z.number().int(),
  first_response_at: z.string().nullable(),
  last_response_at: z.string().nullable(),
  questions: z.array(
    z.object({
      uid: z.string(),
      text: z.string(),
      kind: pollQuestionKind,
      answered: z.number().int(),
      options: z.array(
        z.object({
          uid: z.string(),
          text: z.string(),
          count: z.number().int(),
          percent: z.number(),
        }),
      ),
    }),
  ),
});
export type AdminPollResults = z.infer<typeof adminPollResults>;

/** One answer to a text question, `GET v5/admin/polls/{uid}/questions/{question}/answers/`. */
export const adminPollTextAnswer = z.object({
  response: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type AdminPollTextAnswer = z.infer<typeof adminPollTextAnswer>;

export const adminPollTextAnswerQuery = pageQuery.extend({
  q: z.string().trim().max(120).optional(),
});
export type AdminPollTextAnswerQuery = z.infer<typeof adminPollTextAnswerQuery>;

/** The first columns of the responses CSV; one column per question follows, in the poll's order. */
export const adminPollCsvColumns = ['fecha', 'socio', 'nombre', 'email'] as const;

/** `DELETE v5/admin/polls/{uid}/?version=`. */
export const adminPollDeleteQuery = z.object({ version: z.coerce.number().int().min(1) });
