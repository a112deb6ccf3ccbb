import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { useFormat } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Pager } from '../../../components/pager';
import { usePolls } from './api/get-polls';
import { NewPollPage, PollPage } from './poll-editor';
import { PollResultsPage } from './poll-results';
import { PollState, usePollDates } from './poll-parts';
import './polls.css';
import { AdminLoadError } from '../shell/admin-load-error';

const PAGE_SIZE = 20;
/** /admin/polls: the company's polls, searchable by title, paged. */
function PollsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = usePolls({ page, page_size: PAGE_SIZE, ...(search ? { q: search } : {}) });
  const dates = usePollDates();
  const d = query.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / PAGE_SIZE)) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.polls.title')}</h1>
        <div className="admin-filters">
          <TextField
            label={t('admin.polls.search')}
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
          <Link className="button button--primary" to="/admin/polls/new">
            {t('admin.polls.new')}
          </Link>
        </div>
      </div>
      <section className="admin-panel" aria-label={t('admin.polls.title')}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <AdminLoadError onRetry={() => query.refetch()} />
        ) : !d?.results.length ? (
          <p className="admin-empty">
            {search ? t('admin.polls.noMatch') : t('admin.polls.empty')}
          </p>
        ) : (
          // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
          <div
            className="admin-table-wrap"
            tabIndex={0}
            role="region"
            aria-label={t('admin.polls.title')}
          >
            <table className="admin-table admin-polls" data-testid="admin-polls">
              <thead>
                <tr>
                  <th scope="col">{t('admin.polls.pollTitle')}</th>
                  <th scope="col">{t('admin.polls.program')}</th>
                  <th scope="col">{t('admin.polls.dates')}</th>
                  <th scope="col">{t('admin.polls.responses')}</th>
                  <th scope="col">{t('admin.polls.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.polls.edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.results.map((p) => (
                  <tr key={p.uid}>
                    <td>{p.title}</td>
                    <td>{p.program.name}</td>
                    <td>{dates(p.starts_at, p.ends_at)}</td>
                    <td>{f.number(p.responses)}</td>
                    <td>
                      <PollState state={p.state} />
                    </td>
                    <td>
                      <div className="admin-polls__actions">
                        <Link
                          className="button button--small"
                          to={`/admin/polls/${p.uid}`}
                          aria-label={`${t('admin.polls.edit')}: ${p.title}`}
                        >
                          {t('admin.polls.edit')}
                        </Link>
                        <Link
                          className="button button--small"
                          to={`/admin/polls/${p.uid}/results`}
                          aria-label={`${t('admin.polls.results')}: ${p.title}`}
                        >
                          {t('admin.polls.results')}
                        </Link>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
    </div>
  );
}

/** /admin/polls/*: the list, a new poll, one poll's editor and its results. */
export function PollsPage() {
  return (
    <Routes>
      <Route index element={<PollsList />} />
      <Route path="new" element={<NewPollPage />} />
      <Route path=":uid" element={<PollPage />} />
      <Route path=":uid/results" element={<PollResultsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
