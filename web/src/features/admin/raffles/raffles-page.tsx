import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRaffles } from './api/get-raffles';
import { NewRafflePage, RafflePage } from './raffle-editor';
import { RaffleState, useStoreDate } from './raffle-state';
import './raffles.css';
import { Pager } from '../../../components/pager';
import { AdminLoadError } from '../shell/admin-load-error';

const PAGE_SIZE = 20;

/** /admin/raffles: the company's raffles, searchable, paged. */
function RafflesList() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = useRaffles({ page, page_size: PAGE_SIZE, ...(search ? { q: search } : {}) });
  const date = useStoreDate();
  const d = query.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / PAGE_SIZE)) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.raffles.title')}</h1>
        <div className="admin-filters">
          <TextField
            label={t('admin.raffles.search')}
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
          <Link className="button button--primary" to="/admin/raffles/new">
            {t('admin.raffles.new')}
          </Link>
        </div>
      </div>
      <section className="admin-panel" aria-label={t('admin.raffles.title')}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <AdminLoadError onRetry={() => query.refetch()} />
        ) : !d?.results.length ? (
          <p className="admin-empty">
            {search ? t('admin.raffles.noMatch') : t('admin.raffles.empty')}
          </p>
        ) : (
          // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
          <div
            className="admin-table-wrap"
            tabIndex={0}
            role="region"
            aria-label={t('admin.raffles.title')}
          >
            <table className="admin-table admin-raffles" data-testid="admin-raffles">
              <thead>
                <tr>
                  <th scope="col">{t('admin.raffles.name')}</th>
                  <th scope="col">{t('admin.raffles.program')}</th>
                  <th scope="col">{t('admin.raffles.endsAt')}</th>
                  <th scope="col">{t('admin.raffles.entries')}</th>
                  <th scope="col">{t('admin.raffles.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.raffles.edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.results.map((r) => (
                  <tr key={r.uid}>
                    <td>{r.name}</td>
                    <td>{r.program.name}</td>
                    <td>{date(r.ends_at)}</td>
                    <td>{r.entries}</td>
                    <td>
                      <RaffleState raffle={r} />
                    </td>
                    <td>
                      <Link
                        className="button button--small"
                        to={`/admin/raffles/${r.uid}`}
                        aria-label={`${t('admin.raffles.edit')}: ${r.name}`}
                      >
                        {t('admin.raffles.edit')}
                      </Link>
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
