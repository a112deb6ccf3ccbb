import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePlaces, type PlaceFilters } from './api/get-places';
import { PlaceEditorPage } from './place-editor';
import { PlaceState } from './place-state';
import './places.css';
import { Pager } from '../../../components/pager';
import { AdminLoadError } from '../shell/admin-load-error';

const PAGE_SIZE = 20;

/** /admin/places: the company's places (those the user may see) with their state now. */
function PlacesList() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<PlaceFilters['sort']>('name');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = usePlaces({ page, sort, page_size: PAGE_SIZE, ...(search ? { q: search } : {}) });
  const d = query.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / PAGE_SIZE)) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.places.title')}</h1>
        <div className="admin-filters">
          <TextField
            label={t('admin.places.search')}
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
          <SelectField
            label={t('admin.places.sort')}
            value={sort}
            onChange={(e) => setSort(e.target.value as PlaceFilters['sort'])}
            options={(['name', '-name'] as const).map((s) => ({
              value: s,
              label: t(`admin.places.sort_${s}`),
            }))}
          />
        </div>
      </div>
      <section className="admin-panel" aria-label={t('admin.places.title')}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <AdminLoadError onRetry={() => query.refetch()} />
        ) : !d?.results.length ? (
          <p className="admin-empty">
            {search ? t('admin.places.noMatch') : t('admin.places.empty')}
          </p>
        ) : (
          <div className="admin-places-wrap">
            <table className="admin-table admin-places" data-testid="admin-places">
              <thead>
                <tr>
                  <th scope="col">{t('admin.places.place')}</th>
                  <th scope="col">{t('admin.places.address')}</th>
                  <th scope="col">{t('admin.places.now')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.places.edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.results.map((p) => (
                  <tr key={p.uid}>
                    <td>{p.name}</td>
                    <td>
                      {p.address}
                      {p.locality_name && !p.address.includes(p.locality_name)
                        ? `, ${p.locality_name}`
                        : ''}
                    </td>
                    <td>
                      <PlaceState place={p} />
                    </td>
                    <td>
                      <Link
                        className="button button--small"
                        to={`/admin/places/${p.uid}`}
                        aria-label={`${t('admin.places.edit')}: ${p.name}`}
                      >
                        {t('admin.places.edit')}
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

/** /admin/places/*: the list, and the editor of one place. */
export function PlacesPage() {
  return (
    <Routes>
      <Route index element={<PlacesList />} />
      <Route path=":uid" element={<PlaceEditorPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
