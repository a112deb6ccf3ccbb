import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import { SelectField } from '../../../components/form-fields';
import { NotFound } from '../../../components/not-found';
import { usePrograms } from './api/programs';
import { ProgramEditorPage } from './program-editor';
import './programs.css';
import { ListHead, ListPanel, ListSearch, NewRecordLink } from '../shell/resource-list';
import { useListPage } from '../shell/use-list-page';
import { StatusPill } from '../shell/status-pill';

/** /admin/programs: the company's programs, their currencies, earning rate and members. */
function ProgramsList() {
  const { t } = useTranslation();
  const list = useListPage();
  const [active, setActive] = useState('');
  const query = usePrograms({
    page: list.page,
    page_size: DEFAULT_PAGE_SIZE,
    ...list.searchFilter,
    ...(active ? { active } : {}),
  });
  return (
    <div className="admin-page">
      <ListHead title={t('admin.programs.title')}>
        <NewRecordLink to="/admin/programs/new">{t('admin.programs.new')}</NewRecordLink>
        <div className="admin-filters">
          <ListSearch
            label={t('admin.programs.search')}
            value={list.typed}
            onChange={list.setTyped}
          />
          <SelectField
            label={t('admin.programs.state')}
            value={active}
            onChange={(e) => list.refilter(setActive)(e.target.value)}
            options={[
              { value: '', label: t('admin.programs.stateAll') },
              { value: 'true', label: t('admin.programs.stateOn') },
              { value: 'false', label: t('admin.programs.stateOff') },
            ]}
          />
        </div>
      </ListHead>
      <ListPanel
        label={t('admin.programs.title')}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={list.search || active ? t('admin.programs.noMatch') : t('admin.programs.empty')}
      >
        {(rows) => (
          <ul className="admin-program-list" data-testid="admin-programs">
            {rows.map((p) => (
              <li key={p.uid} className="admin-program-list__item">
                <div>
                  <strong>{p.name}</strong>{' '}
                  <StatusPill tone={p.is_active ? 'on' : 'off'}>
                    {p.is_active ? t('admin.programs.stateOn') : t('admin.programs.stateOff')}
                  </StatusPill>
                  <p className="admin-page__note">
                    {[
                      p.points_enabled ? t('admin.programs.points') : null,
                      p.coins_enabled ? t('admin.programs.coins') : null,
                      p.stamps_enabled ? t('admin.programs.stamps') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    {' — '}
                    {t('admin.programs.rate', { count: p.order_points_per_sol })}
                    {' — '}
                    {t('admin.programs.membersCount', { count: p.members })}
                  </p>
                </div>
                <Link
                  className="button button--small"
                  to={`/admin/programs/${p.uid}`}
                  aria-label={`${t('admin.programs.edit')}: ${p.name}`}
                >
                  {t('admin.programs.edit')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ListPanel>
    </div>
  );
}

export function ProgramsPage() {
  return (
    <Routes>
      <Route index element={<ProgramsList />} />
      <Route path=":uid" element={<ProgramEditorPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
