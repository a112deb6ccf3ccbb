import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  adminPollCreate,
  adminPollInput,
  type AdminPoll,
  type AdminPollCreate,
} from '@store/contract/admin/polls';
import { nestFieldErrors } from '../../../lib/nest-field-errors';

export type QuestionKind = 'SINGLE_CHOICE' | 'MULTIPLE_CHOICE' | 'TEXT';
export type OptionValues = { uid?: string; text: string };
export type QuestionValues = {
  uid?: string;
  text: string;
  kind: QuestionKind;
  /** Kept while a question is TEXT, so switching back restores them; sent only for choices. */
  options: OptionValues[];
};
export type PollValues = {
  program: string;
  title: string;
  description: string;
  image: string | null;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  questions: QuestionValues[];
};

// The store's clock is Lima's (UTC-5 all year, no daylight saving): the inputs show and take
// its wall time, whatever the browser's zone.
const LIMA_OFFSET_MS = -5 * 3_600_000;
export const toInput = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + LIMA_OFFSET_MS).toISOString().slice(0, 16) : '';
export const fromInput = (v: string) => (v ? `${v}:00-05:00` : null);

export const newQuestion = (kind: QuestionKind = 'SINGLE_CHOICE'): QuestionValues => ({
  text: '',
  kind,
  options: kind === 'TEXT' ? [] : [{ text: '' }, { text: '' }],
});

export function valuesOf(p: AdminPoll | null, program = ''): PollValues {
  return {
    program: p?.program.uid ?? program,
    title: p?.title ?? '',
    description: p?.description ?? '',
    image: p?.image ?? null,
    starts_at: toInput(p?.starts_at ?? null),
    ends_at: toInput(p?.ends_at ?? null),
    is_active: p?.is_active ?? true,
    questions: p
      ? p.questions.map((q) => ({
          uid: q.uid,
          text: q.text,
          kind: q.kind,
          options: q.options.map((o) => ({ uid: o.uid, text: o.text })),
        }))
      : [newQuestion()],
  };
}

/** The request body: the poll as the server takes it (without the program and version). */
export function bodyOf(v: PollValues): Omit<AdminPollCreate, 'program'> {
  return {
    title: v.title,
    description: v.description,
    image: v.image,
    starts_at: fromInput(v.starts_at),
    ends_at: fromInput(v.ends_at),
    is_active: v.is_active,
    questions: v.questions.map((q) => ({
      ...(q.uid ? { uid: q.uid } : {}),
      text: q.text,
      kind: q.kind,
      options:
        q.kind === 'TEXT'
          ? []
          : q.options.map((o) => ({ ...(o.uid ? { uid: o.uid } : {}), text: o.text })),
    })),
  };
}

/** A new question's kind: a choice question needs two options to start from. */
export function withKind(q: QuestionValues, kind: QuestionKind): QuestionValues {
  if (kind === 'TEXT') return { ...q, kind };
  const options = [...q.options];
  while (options.length < 2) options.push({ text: '' });
  return { ...q, kind, options };
}

/**
 * Checks the form with the contract's own rules (the schemas the server runs), so the owner
 * sees each message before sending; the server's 400s land on the same fields.
 */
export function pollResolver(existing: boolean): Resolver<PollValues> {
  return (values) => {
    const body = bodyOf(values);
    const parsed = existing
      ? adminPollInput.safeParse({ ...body, version: 1 })
      : adminPollCreate.safeParse({ ...body, program: values.program });
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues)
      errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: nestFieldErrors(errors) as FieldErrors<PollValues> };
  };
}

/** The server's field names (dotted into the questions), so its 400s land beside their inputs. */
export function pollFields(questions: QuestionValues[]): string[] {
  return [
    'program',
    'title',
    'description',
    'image',
    'starts_at',
    'ends_at',
    'is_active',
    'questions',
    ...questions.flatMap((q, i) => [
      `questions.${i}.uid`,
      `questions.${i}.text`,
      `questions.${i}.kind`,
      `questions.${i}.options`,
      ...q.options.flatMap((_, j) => [
        `questions.${i}.options.${j}.uid`,
        `questions.${i}.options.${j}.text`,
      ]),
    ]),
  ];
}
