import { useEffect, useState } from 'react';
import { useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { newQuestion, type PollValues, type QuestionKind, type QuestionValues } from './poll-form';

const KINDS: QuestionKind[] = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TEXT'];
type Form = UseFormReturn<PollValues>;
type ListError = { message?: string; root?: { message?: string } } | undefined;
const listMessage = (e: unknown) => (e as ListError)?.root?.message ?? (e as ListError)?.message;

/**
 * Moves focus to the same button of the row after a move (React moves the row's DOM node,
 * which drops focus), or to its other arrow when this one became disabled at an end.
 */
function refocus(id: string, dir: 'up' | 'down') {
  requestAnimationFrame(() => {
    const own = document.getElementById(`${id}-${dir}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${id}-${dir === 'up' ? 'down' : 'up'}`);
    (own && !own.disabled ? own : other)?.focus();
  });
}

/** The options of a choice question: edit, add, remove, reorder (not add/remove once locked). */
function Options({
  form,
  index,
  locked,
  announce,
}: {
  form: Form;
  index: number;
  locked: boolean;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: `questions.${index}.options` });
  const errors = form.formState.errors.questions?.[index]?.options as
    (FieldErrors<{ text: string; uid: string }> | undefined)[] | undefined;
  const kind = useWatch({ control: form.control, name: `questions.${index}.kind` });
  const count = rows.fields.length;
  // A question turned into a choice starts with two empty options to fill in.
  useEffect(() => {
    if (kind !== 'TEXT' && count < 2)
      rows.append(
        Array.from({ length: 2 - count }, () => ({ text: '' })),
        { shouldFocus: false },
      );
  }, [kind, count, rows]);
  if (kind === 'TEXT') return null;
  const q = index + 1;
  const move = (from: number, to: number, id: string, dir: 'up' | 'down') => {
    rows.move(from, to);
    announce(t('admin.polls.movedOption', { n: to + 1 }));
    refocus(id, dir);
  };
  return (
    <fieldset className="admin-poll-options">
      <legend>{t('admin.polls.options')}</legend>
      {listMessage(form.formState.errors.questions?.[index]?.options) ? (
        <FormAlert messages={[listMessage(form.formState.errors.questions?.[index]?.options)!]} />
      ) : null}
      <ol className="admin-poll-options__list">
        {rows.fields.map((row, j) => (
          <li key={row.id} className="admin-poll-option" data-testid="poll-option">
            <TextField
              label={t('admin.polls.option', { n: j + 1 })}
              error={errors?.[j]?.text?.message ?? errors?.[j]?.uid?.message}
              {...form.register(`questions.${index}.options.${j}.text`)}
            />
            <div className="admin-poll-row-actions">
              <button
                type="button"
                id={`${row.id}-up`}
                className="button button--small"
                disabled={j === 0}
                aria-label={t('admin.polls.moveOptionUp', { n: j + 1, q })}
                onClick={() => move(j, j - 1, row.id, 'up')}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                id={`${row.id}-down`}
                className="button button--small"
                disabled={j === count - 1}
                aria-label={t('admin.polls.moveOptionDown', { n: j + 1, q })}
                onClick={() => move(j, j + 1, row.id, 'down')}
              >
                <span aria-hidden="true">↓</span>
              </button>
              {locked ? null : (
                <button
                  type="button"
                  className="button button--small"
                  disabled={count <= 2}
                  aria-label={t('admin.polls.removeOption', { n: j + 1, q })}
                  onClick={() => rows.remove(j)}
                >
                  {t('admin.polls.remove')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>
      {locked ? null : (
        <button
          type="button"
          className="button button--small"
          data-testid="poll-add-option"
          onClick={() => rows.append({ text: '' })}
        >
          {t('admin.polls.addOption')}
        </button>
      )}
    </fieldset>
  );
}

/** The questions in the members' order, each with its kind and options. */
export function Questions({ form, locked }: { form: Form; locked: boolean }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: 'questions' });
  const [status, setStatus] = useState('');
  const errors = form.formState.errors.questions as
    (FieldErrors<QuestionValues> | undefined)[] | undefined;
  const listError = listMessage(form.formState.errors.questions);
  const kinds = useWatch({ control: form.control, name: 'questions' });
  const move = (from: number, to: number, id: string, dir: 'up' | 'down') => {
    rows.move(from, to);
    setStatus(t('admin.polls.movedQuestion', { n: to + 1 }));
    refocus(id, dir);
  };
  return (
    <section className="admin-panel" data-testid="poll-questions">
      <h2 className="admin-panel__title">{t('admin.polls.questions')}</h2>
      <p className="admin-page__note">{t('admin.polls.questionsHint')}</p>
      {locked ? <FormAlert tone="info" messages={[t('admin.polls.locked')]} /> : null}
      {listError ? <FormAlert messages={[listError]} /> : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {rows.fields.map((row, i) => {
        const e = errors?.[i];
        const kind = kinds?.[i]?.kind ?? row.kind;
        return (
          <fieldset key={row.id} className="admin-poll-question" data-testid="poll-question">
            <legend>{t('admin.polls.question', { n: i + 1 })}</legend>
            <TextField
              label={t('admin.polls.questionText')}
              error={e?.text?.message ?? e?.uid?.message}
              {...form.register(`questions.${i}.text`)}
            />
            {locked ? (
              <p className="admin-poll-question__kind">
                {t('admin.polls.kind')}: {t(`admin.polls.kind_${kind}`)}
              </p>
            ) : (
              <SelectField
                label={t('admin.polls.kind')}
                error={e?.kind?.message}
                options={KINDS.map((k) => ({ value: k, label: t(`admin.polls.kind_${k}`) }))}
                {...form.register(`questions.${i}.kind`)}
              />
            )}
            <Options form={form} index={i} locked={locked} announce={setStatus} />
            <div className="admin-poll-row-actions">
              <button
                type="button"
                id={`${row.id}-up`}
                className="button button--small"
                disabled={i === 0}
                aria-label={t('admin.polls.moveQuestionUp', { n: i + 1 })}
                onClick={() => move(i, i - 1, row.id, 'up')}
              >
                {t('admin.polls.up')}
              </button>
              <button
                type="button"
                id={`${row.id}-down`}
                className="button button--small"
                disabled={i === rows.fields.length - 1}
                aria-label={t('admin.polls.moveQuestionDown', { n: i + 1 })}
                onClick={() => move(i, i + 1, row.id, 'down')}
              >
                {t('admin.polls.down')}
              </button>
              {locked ? null : (
                <button
                  type="button"
                  className="button button--small"
                  disabled={rows.fields.length <= 1}
                  aria-label={t('admin.polls.removeQuestion', { n: i + 1 })}
                  onClick={() => {
                    if (window.confirm(t('admin.polls.confirmRemoveQuestion', { n: i + 1 })))
                      rows.remove(i);
                  }}
                >
                  {t('admin.polls.remove')}
                </button>
              )}
            </div>
          </fieldset>
        );
      })}
      {locked ? null : (
        <button
          type="button"
          className="button"
          data-testid="poll-add-question"
          onClick={() => rows.append(newQuestion())}
        >
          {t('admin.polls.addQuestion')}
        </button>
      )}
    </section>
  );
}
