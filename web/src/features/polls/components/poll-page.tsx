import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Poll } from '@store/contract/loyalty/engagement';
import { ApiError } from '../../../api';
import { useAnswerPoll } from '../api/answer-poll';
import { usePoll } from '../api/get-poll';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';
import { SubmitButton } from '../../../components/form-fields';
import {
  buildPollResponse,
  chooseOption,
  draftsFromAnswers,
  emptyDraft,
  pollServerErrors,
  unansweredQuestions,
  type Draft,
} from '../poll-logic';
import '../../../styles/engagement.css';
import { useErrorText } from '../../../lib/error-text';
import { formatInstant } from '../../../lib/format';

/** /polls/{program}/{poll}: answer every question, or (already answered) read it. */
export function PollPage() {
  const { t } = useTranslation();
  const { programUid = '', pollUid = '' } = useParams();
  const company = useCurrentCompany();
  const poll = usePoll(programUid, pollUid);

  if (poll.isPending) return <Loading />;
  if (poll.isError) {
    return poll.error instanceof ApiError && poll.error.status === 404 ? (
      <NotFound />
    ) : (
      <PageMessage title={t('engagement.fetchError')} />
    );
  }
  return (
    <article className="engagement engagement--detail" data-poll={poll.data.title}>
      <Link
        className="engagement__back"
        to={`${company.prefix}/polls${poll.data.is_resolved ? '?resolved=1' : ''}`}
      >
        {t('polls.back')}
      </Link>
      {poll.data.image ? (
        <img className="engagement-detail__image" src={poll.data.image} alt="" />
      ) : null}
      <h1 className="engagement__title">{poll.data.title}</h1>
      {poll.data.description ? (
        <p className="engagement-detail__text">{poll.data.description}</p>
      ) : null}
      <PollForm key={poll.data.uid} poll={poll.data} />
    </article>
  );
}

function PollForm({ poll }: { poll: Poll }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  // An answered poll opens with the member's own answers (the server sends only theirs).
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    poll.is_resolved ? draftsFromAnswers(poll.my_answers) : {},
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = poll.is_resolved;

  const send = useAnswerPoll(poll.uid, {
    onSuccess: () => {
      toast.success(t('polls.thanks'));
      void navigate(`${company.prefix}/polls?resolved=1`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const mapped = pollServerErrors(error.fieldErrors);
        setErrors(mapped.byQuestion);
        setGeneral(mapped.general);
        focusFirst(Object.keys(mapped.byQuestion).map(Number));
      } else {
        setGeneral([
          error instanceof ApiError && error.status === 404
            ? t('polls.notAvailable')
            : t('engagement.sendError'),
        ]);
      }
    },
  });

  const focusFirst = (indexes: number[]) => {
    const first = Math.min(...indexes);
    if (!Number.isFinite(first)) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        `[data-question-index="${first}"] input, [data-question-index="${first}"] textarea`,
      )
      ?.focus();
  };

  const update = (questionUid: string, index: number, next: Draft) => {
    setDrafts((current) => ({ ...current, [questionUid]: next }));
    if (errors[index]) setErrors(({ [index]: _removed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || send.isPending) return;
    setGeneral([]);
    const missing = unansweredQuestions(poll.questions, drafts);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((index) => [index, t('polls.answerRequired')])));
      focusFirst(missing);
      return;
    }
    setErrors({});
    send.mutate(buildPollResponse(poll.questions, drafts));
  };

  return (
    <form ref={formRef} className="poll-form" onSubmit={onSubmit} noValidate>
      {readOnly && poll.answered_at ? (
        <p className="engagement-detail__note" role="status">
          {t('polls.answeredOn', {
            date: formatInstant(poll.answered_at, i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </p>
      ) : null}
      {poll.questions.map((question, index) => {
        const draft = drafts[question.uid] ?? emptyDraft();
        const error = errors[index];
        const errorId = `poll-q${index}-error`;
        return (
          <fieldset
            key={question.uid}
            className={error ? 'poll-question poll-question--error' : 'poll-question'}
            data-question-index={index}
            disabled={readOnly}
            aria-describedby={error ? errorId : undefined}
          >
            <legend className="poll-question__text">
              {index + 1}. {question.text}
              {question.kind === 'MULTIPLE_CHOICE' ? (
                <span className="poll-question__hint"> {t('polls.multipleHint')}</span>
              ) : null}
            </legend>
            {question.kind === 'TEXT' ? (
              <textarea
                className="field__control poll-question__textarea"
                aria-label={question.text}
                aria-invalid={Boolean(error)}
                maxLength={2000}
                rows={3}
                value={draft.text}
                placeholder={readOnly ? '' : t('polls.textPlaceholder')}
                onChange={(event) =>
                  update(question.uid, index, { ...draft, text: event.target.value })
                }
              />
            ) : (
              <div className="poll-question__options">
                {question.options.map((option) => (
                  <label key={option.uid} className="poll-option">
                    <input
                      type={question.kind === 'SINGLE_CHOICE' ? 'radio' : 'checkbox'}
                      name={`q-${question.uid}`}
                      value={option.uid}
                      checked={draft.options.includes(option.uid)}
                      aria-invalid={Boolean(error)}
                      onChange={() =>
                        update(question.uid, index, chooseOption(question, draft, option.uid))
                      }
                    />
                    <span>{option.text}</span>
                  </label>
                ))}
              </div>
            )}
            {error ? (
              <p id={errorId} className="form-field__error" role="alert">
                {errorText(error)}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      {general.length ? (
        <div className="form-alert form-alert--error" role="alert">
          {general.map((message) => (
            <p key={message}>{errorText(message)}</p>
          ))}
        </div>
      ) : null}
      {!readOnly ? (
        <SubmitButton busy={send.isPending} busyText={t('polls.sending')}>
          {t('polls.send')}
        </SubmitButton>
      ) : null}
    </form>
  );
}
