import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { programPollsQuery } from '../api/get-program-polls';
import { useCurrentCompany } from '../../../lib/current-company';
import { useCompanyPrograms } from '../../../lib/company-programs';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import '../../../styles/engagement.css';
import { formatInstant } from '../../../lib/format';

/** /polls: pending polls of the current company's programs, and (?resolved=1) the answered ones. */
export function PollsPage() {
  const { t, i18n } = useTranslation();
  const company = useCurrentCompany();
  const programs = useCompanyPrograms();
  const [params, setParams] = useSearchParamsLatest();
  const resolved = params.get('resolved') === '1';
  const results = useQueries({
    queries: programs.map((program) => programPollsQuery(program.uid, resolved)),
  });

  const pending = results.some((result) => result.isPending);
  const failed = results.length > 0 && results.every((result) => result.isError);
  const polls = results.flatMap((result) => result.data?.results ?? []);
  const date = (iso: string) =>
    formatInstant(iso, i18n.language, {
      dateStyle: 'medium',
    });

  return (
    <div className="engagement">
      <h1 className="engagement__title">{t('polls.title')}</h1>
      <div className="tabs" role="tablist" aria-label={t('polls.title')}>
        {[false, true].map((tab) => (
          <button
            key={String(tab)}
            type="button"
            role="tab"
            aria-selected={resolved === tab}
            className={resolved === tab ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => setParams(tab ? { resolved: '1' } : {})}
          >
            {tab ? t('polls.resolvedTab') : t('polls.pendingTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {pending ? (
          <Loading />
        ) : failed ? (
          <PageMessage title={t('engagement.fetchError')} />
        ) : polls.length === 0 ? (
          <PageMessage title={resolved ? t('polls.emptyResolved') : t('polls.emptyPending')} />
        ) : (
          <ul className="engagement__list">
            {polls.map((poll) => (
              <li key={poll.uid} className="engagement-card" data-poll={poll.title}>
                {poll.image ? (
                  <img className="engagement-card__image" src={poll.image} alt="" loading="lazy" />
                ) : null}
                <div className="engagement-card__body">
                  <div className="engagement-card__top">
                    <h2 className="engagement-card__title">
                      <Link to={`${company.prefix}/polls/${poll.program}/${poll.uid}`}>
                        {poll.title}
                      </Link>
                    </h2>
                    <span
                      className={`engagement-badge engagement-badge--${poll.is_resolved ? 'registered' : 'open'}`}
                    >
                      {poll.is_resolved ? t('polls.answered') : t('polls.pending')}
                    </span>
                  </div>
                  {poll.description ? (
                    <p className="engagement-card__meta">{poll.description}</p>
                  ) : null}
                  <p className="engagement-card__meta">
                    {t('polls.questionCount', { count: poll.questions.length })}
                    {poll.answered_at
                      ? ` · ${t('polls.answeredOn', { date: date(poll.answered_at) })}`
                      : ''}
                  </p>
                  {!poll.is_resolved ? (
                    <Link
                      className="button button--primary button--small engagement-card__cta"
                      to={`${company.prefix}/polls/${poll.program}/${poll.uid}`}
                    >
                      {t('polls.answer')}
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
