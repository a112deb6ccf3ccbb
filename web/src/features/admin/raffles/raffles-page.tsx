import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminRaffle } from '@store/contract/admin/raffles';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import { NotFound } from '../../../components/not-found';
import { useRaffles } from './api/get-raffles';
import { NewRafflePage, RafflePage } from './raffle-editor';
import { RaffleState, useStoreDate } from './raffle-state';
import './raffles.css';
import { ListHead, ListPanel, ListSearch, NewRecordLink } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';
import { useListPage } from '../shell/use-list-page';

/** /admin/raffles: the company's raffles, searchable, paged. */
function RafflesList() {
  const { t } = useTranslation();
  const list = useListPage();
  const query = useRaffles({ page: list.page, page_size: DEFAULT_PAGE_SIZE, ...list.searchFilter });
  const date = useStoreDate();
  const columns: ListColumn<AdminRaffle>[] = [
    { title: t('admin.raffles.name'), cell: (r) => r.name },
    { title: t('admin.raffles.program'), cell: (r) => r.program.name },
    { title: t('admin.raffles.endsAt'), cell: (r) => date(r.ends_at) },
    { title: t('admin.raffles.entries'), cell: (r) => r.entries },
    { title: t('admin.raffles.state'), cell: (r) => <RaffleState raffle={r} /> },
    {
      title: t('admin.raffles.edit'),
      hideTitle: true,
      cell: (r) => (
        <Link
          className="button button--small"
          to={`/admin/raffles/${r.uid}`}
          aria-label={`${t('admin.raffles.edit')}: ${r.name}`}
        >
          {t('admin.raffles.edit')}
        </Link>
      ),
    },
  ];
  return (
    <div className="admin-page">
      <ListHead title={t('admin.raffles.title')}>
        <div className="admin-filters">
          <ListSearch
            label={t('admin.raffles.search')}
            value={list.typed}
            onChange={list.setTyped}
          />
          <NewRecordLink to="/admin/raffles/new">{t('admin.raffles.new')}</NewRecordLink>
        </div>
      </ListHead>
      <ListPanel
        label={t('admin.raffles.title')}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={list.search ? t('admin.raffles.noMatch') : t('admin.raffles.empty')}
      >
        {(rows) => (
          <ListTable
            className="admin-raffles"
            testId="admin-raffles"
            scrollLabel={t('admin.raffles.title')}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.uid}
          />
        )}
      </ListPanel>
    </div>
  );
}

/** /admin/raffles/*: the list, a new raffle, one raffle (editor, entrants, draw). */
export function RafflesPage() {
  return (
    <Routes>
      <Route index element={<RafflesList />} />
      <Route path="new" element={<NewRafflePage />} />
      <Route path=":uid" element={<RafflePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
