import type { Poll, PollResponseInput } from '@store/contract/loyalty/engagement';

type Question = Poll['questions'][number];

/** What the member has chosen or typed for one question. */
export type Draft = { options: string[]; text: string };

export const emptyDraft = (): Draft => ({ options: [], text: '' });

/** Picks an option: a single-choice question keeps only it, a multiple-choice one toggles it. */
export function chooseOption(
  question: Pick<Question, 'kind'>,
  draft: Draft,
  optionUid: string,
): Draft {
  if (question.kind === 'SINGLE_CHOICE') return { ...draft, options: [optionUid] };
  const options = draft.options.includes(optionUid)
    ? draft.options.filter((uid) => uid !== optionUid)
    : [...draft.options, optionUid];
  return { ...draft, options };
}

export function isAnswered(question: Pick<Question, 'kind'>, draft: Draft | undefined): boolean {
  if (!draft) return false;
  if (question.kind === 'TEXT') return draft.text.trim().length > 0;
  if (question.kind === 'SINGLE_CHOICE') return draft.options.length === 1;
  return draft.options.length > 0;
}

/** Positions (from 0, as the server keys `answers.{n}`) of the questions still unanswered. */
export function unansweredQuestions(
  questions: Pick<Question, 'uid' | 'kind'>[],
  drafts: Record<string, Draft>,
): number[] {
  return questions.flatMap((question, index) =>
    isAnswered(question, drafts[question.uid]) ? [] : [index],
  );
}

/** The body of `POST v5/me/polls/{uid}/responses/`: one answer per question, in the poll's order. */
export function buildPollResponse(
  questions: Pick<Question, 'uid' | 'kind'>[],
  drafts: Record<string, Draft>,
): PollResponseInput {
  return {
    answers: questions.map((question) => {
      const draft = drafts[question.uid] ?? emptyDraft();
      return question.kind === 'TEXT'
        ? { question: question.uid, text: draft.text.trim() }
        : { question: question.uid, options: draft.options };
    }),
  };
}

/**
 * A 400 of the responses call as messages per question position (`answers.{n}`) and general
 * ones (`non_field_errors`, a bare `answers`, anything else).
 */
export function pollServerErrors(fieldErrors: Record<string, string[]>): {
  byQuestion: Record<number, string>;
  general: string[];
} {
  const byQuestion: Record<number, string> = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    if (!messages.length) continue;
    const match = /^answers\.(\d+)(?:\.|$)/.exec(key);
    if (match) byQuestion[Number(match[1])] ??= messages[0];
    else general.push(...messages);
  }
  return { byQuestion, general };
}

/** The member's own answers of an answered poll as drafts, so the read-only form shows them. */
export function draftsFromAnswers(answers: Poll['my_answers']): Record<string, Draft> {
  return Object.fromEntries(
    answers.map((a) => [a.question, { options: [...a.options], text: a.text ?? '' }]),
  );
}
