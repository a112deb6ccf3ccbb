import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPlace } from '@store/contract/admin/places';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import { SelectField } from '../../../components/form-fields';
import { NotFound } from '../../../components/not-found';
import { usePlaces, type PlaceFilters } from './api/get-places';
import { PlaceEditorPage } from './place-editor';
import { PlaceState } from './place-state';
import './places.css';
import { ListHead, ListPanel, ListSearch } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';
import { useListPage } from '../shell/use-list-page';

/** /admin/places: the company's places (those the user may see) with their state now. */
function PlacesList() {
  const { t } = useTranslation();
  const list = useListPage();
  const [sort, setSort] = useState<PlaceFilters['sort']>('name');
  const query = usePlaces({
    page: list.page,
    sort,
    page_size: DEFAULT_PAGE_SIZE,
    ...list.searchFilter,
  });
  const columns: ListColumn<AdminPlace>[] = [
    { title: t('admin.places.place'), cell: (p) => p.name },
    {
      title: t('admin.places.address'),
      cell: (p) =>
        p.locality_name && !p.address.includes(p.locality_name)
          ? `${p.address}, ${p.locality_name}`
          : p.address,
    },
    { title: t('admin.places.now'), cell: (p) => <PlaceState place={p} /> },
    {
      title: t('admin.places.edit'),
      hideTitle: true,
      cell: (p) => (
        <Link
          className="button button--small"
          to={`/admin/places/${p.uid}`}
          aria-label={`${t('admin.places.edit')}: ${p.name}`}
        >
          {t('admin.places.edit')}
        </Link>
      ),
    },
  ];
  return (
    <div className="admin-page">
      <ListHead title={t('admin.places.title')}>
        <div className="admin-filters">
          <ListSearch
            label={t('admin.places.search')}
            value={list.typed}
            onChange={list.setTyped}
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
      </ListHead>
      <ListPanel
        label={t('admin.places.title')}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={list.search ? t('admin.places.noMatch') : t('admin.places.empty')}
      >
        {(rows) => (
          <ListTable
            className="admin-places"
            testId="admin-places"
            columns={columns}
            rows={rows}
            rowKey={(p) => p.uid}
          />
        )}
      </ListPanel>
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
