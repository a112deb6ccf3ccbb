import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPollSummary } from '@store/contract/admin/polls';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import { NotFound } from '../../../components/not-found';
import { useFormat } from '../../../lib/format';
import { usePolls } from './api/get-polls';
import { NewPollPage, PollPage } from './poll-editor';
import { PollResultsPage } from './poll-results';
import { PollState, usePollDates } from './poll-parts';
import './polls.css';
import { ListHead, ListPanel, ListSearch, NewRecordLink } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';
import { useListPage } from '../shell/use-list-page';

/** /admin/polls: the company's polls, searchable by title, paged. */
function PollsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListPage();
  const query = usePolls({ page: list.page, page_size: DEFAULT_PAGE_SIZE, ...list.searchFilter });
  const dates = usePollDates();
  const columns: ListColumn<AdminPollSummary>[] = [
    { title: t('admin.polls.pollTitle'), cell: (p) => p.title },
    { title: t('admin.polls.program'), cell: (p) => p.program.name },
    { title: t('admin.polls.dates'), cell: (p) => dates(p.starts_at, p.ends_at) },
    { title: t('admin.polls.responses'), cell: (p) => f.number(p.responses) },
    { title: t('admin.polls.state'), cell: (p) => <PollState state={p.state} /> },
    {
      title: t('admin.polls.edit'),
      hideTitle: true,
      cell: (p) => (
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
      ),
    },
  ];
  return (
    <div className="admin-page">
      <ListHead title={t('admin.polls.title')}>
        <div className="admin-filters">
          <ListSearch label={t('admin.polls.search')} value={list.typed} onChange={list.setTyped} />
          <NewRecordLink to="/admin/polls/new">{t('admin.polls.new')}</NewRecordLink>
        </div>
      </ListHead>
      <ListPanel
        label={t('admin.polls.title')}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={list.search ? t('admin.polls.noMatch') : t('admin.polls.empty')}
      >
        {(rows) => (
          <ListTable
            className="admin-polls"
            testId="admin-polls"
            scrollLabel={t('admin.polls.title')}
            columns={columns}
            rows={rows}
            rowKey={(p) => p.uid}
          />
        )}
      </ListPanel>
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
