import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPollResults } from '@store/contract/admin/polls';
import { Loading } from '../../../components/loading';
import { localeOf, useFormat } from '../../../lib/format';
import { downloadPollCsv, usePollResults, usePollTextAnswers } from './api/get-poll';
import { PollState } from './poll-parts';
import { WithPoll } from './poll-editor';
import { AdminLoadError } from '../shell/admin-load-error';
import { DownloadButton } from '../shell/download-button';
import { ListPager, ListSearch } from '../shell/resource-list';
import { useListPage } from '../shell/use-list-page';

type Question = AdminPollResults['questions'][number];
const ANSWERS_PAGE = 10;

/**
 * A choice question's results as horizontal bars: a table (option, then count and share as
 * text), the bar beside the figures drawn in CSS. The numbers are real text, so screen
 * readers and printouts read them; the bar is only a picture of the same figure.
 */
function ChoiceChart({ question }: { question: Question }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 });
  const f = useFormat();
  return (
    <table className="admin-poll-chart" data-testid="poll-chart">
      <caption className="visually-hidden">
        {t('admin.polls.chartLabel', { question: question.text })}
      </caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('admin.polls.optionCol')}</th>
          <th scope="col">{t('admin.polls.votesCol')}</th>
        </tr>
      </thead>
      <tbody>
        {question.options.map((o) => (
          <tr key={o.uid}>
            <th scope="row" className="admin-poll-chart__label">
              {o.text}
            </th>
            <td className="admin-poll-chart__cell">
              <span className="admin-poll-chart__track" aria-hidden="true">
                <span
                  className="admin-poll-chart__bar"
                  style={{ width: `${Math.min(100, Math.max(0, o.percent))}%` }}
                />
              </span>
              <span className="admin-poll-chart__value" data-testid="poll-chart-value">
                {t('admin.polls.share', {
                  n: f.number(o.count),
                  percent: percent.format(o.percent),
                })}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A text question's answers, newest first, searchable and paged. */
function TextAnswers({ poll, question }: { poll: string; question: Question }) {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListPage();
  const query = usePollTextAnswers(poll, question.uid, {
    page: list.page,
    page_size: ANSWERS_PAGE,
    ...list.searchFilter,
  });
  const d = query.data;
  return (
    <div className="admin-poll-answers" data-testid="poll-text-answers">
      <ListSearch label={t('admin.polls.textSearch')} value={list.typed} onChange={list.setTyped} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <p role="alert">{t('admin.fetchError')}</p>
      ) : !d?.results.length ? (
        <p className="admin-empty">{t('admin.polls.noTextAnswers')}</p>
      ) : (
        <ul className="admin-poll-answers__list">
          {d.results.map((a) => (
            <li key={a.response}>
              <p className="admin-poll-answers__text">{a.text}</p>
              <p className="admin-page__note">
                {t('admin.polls.answeredAt', { date: f.instant(a.created_at) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <ListPager query={query} page={list.page} pageSize={ANSWERS_PAGE} onPage={list.setPage} />
    </div>
  );
}

/** Downloads every response as CSV (the server records who downloaded it). */
function ExportButton({ poll }: { poll: string }) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      className="admin-poll-export"
      noteClassName="admin-page__note"
      testId="poll-export"
      download={() => downloadPollCsv(poll)}
      fallbackName="encuesta.csv"
      failed={t('admin.polls.exportFailed')}
      hint={t('admin.polls.exportHint')}
      texts={{
        idle: t('admin.polls.export'),
        busy: t('admin.polls.exporting'),
        done: (name) => t('admin.polls.exported', { name }),
      }}
    />
  );
}

function Results({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const query = usePollResults(uid);
  if (query.isPending) return <Loading />;
  if (query.isError) return <AdminLoadError onRetry={() => query.refetch()} />;
  const r = query.data;
  return (
    <>
      <section className="admin-panel admin-poll-summary">
        <p className="admin-poll-summary__count" data-testid="poll-responses">
          {t('admin.polls.responsesCount', { count: r.responses })}
        </p>
        {r.first_response_at && r.last_response_at ? (
          <p className="admin-page__note">
            {t('admin.polls.period', {
              first: f.instant(r.first_response_at),
              last: f.instant(r.last_response_at),
            })}
          </p>
        ) : (
          <p className="admin-page__note">{t('admin.polls.noResponses')}</p>
        )}
        <ExportButton poll={uid} />
      </section>
      {r.questions.map((q, i) => (
        <section
          key={q.uid}
          className="admin-panel admin-poll-result"
          aria-labelledby={`poll-q-${q.uid}`}
          data-testid="poll-result"
        >
          <h2 className="admin-panel__title" id={`poll-q-${q.uid}`}>
            {i + 1}. {q.text}
          </h2>
          <p className="admin-page__note">
            {t(`admin.polls.kind_${q.kind}`)} · {t('admin.polls.answered', { count: q.answered })}
          </p>
          {q.kind === 'TEXT' ? (
            <TextAnswers poll={uid} question={q} />
          ) : (
            <>
              {q.kind === 'MULTIPLE_CHOICE' ? (
                <p className="admin-page__note">{t('admin.polls.multipleHint')}</p>
              ) : null}
              <ChoiceChart question={q} />
            </>
          )}
        </section>
      ))}
    </>
  );
}

/** /admin/polls/{uid}/results: responses, a chart per choice question, the written answers, the CSV. */
export function PollResultsPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  return (
    <WithPoll>
      {(poll) => (
        <div className="admin-page">
          <Link to="/admin/polls">← {t('admin.polls.back')}</Link>
          <div className="admin-page__head">
            <h1 className="admin-page__title">
              {t('admin.polls.resultsTitle', { title: poll.title })}
            </h1>
            <PollState state={poll.state} />
          </div>
          <p className="admin-page__note">
            <Link to={`/admin/polls/${uid}`}>{t('admin.polls.toEditor')}</Link>
          </p>
          <Results uid={uid} />
        </div>
      )}
    </WithPoll>
  );
}
