import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePrograms } from './api/programs';
import { ProgramEditorPage } from './program-editor';
import './programs.css';
import { Pager } from '../../../components/pager';
import { AdminLoadError } from '../shell/admin-load-error';
import { StatusPill } from '../shell/status-pill';

const PAGE_SIZE = 20;

/** /admin/programs: the company's programs, their currencies, earning rate and members. */
function ProgramsList() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [active, setActive] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = usePrograms({
    page,
    page_size: PAGE_SIZE,
    ...(search ? { q: search } : {}),
    ...(active ? { active } : {}),
  });
  const d = query.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / PAGE_SIZE)) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.programs.title')}</h1>
        <Link className="button button--primary" to="/admin/programs/new">
          {t('admin.programs.new')}
        </Link>
        <div className="admin-filters">
          <TextField
            label={t('admin.programs.search')}
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
          <SelectField
            label={t('admin.programs.state')}
            value={active}
            onChange={(e) => {
              setActive(e.target.value);
              setPage(1);
            }}
            options={[
              { value: '', label: t('admin.programs.stateAll') },
              { value: 'true', label: t('admin.programs.stateOn') },
              { value: 'false', label: t('admin.programs.stateOff') },
            ]}
          />
        </div>
      </div>
      <section className="admin-panel" aria-label={t('admin.programs.title')}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <AdminLoadError onRetry={() => query.refetch()} />
        ) : !d?.results.length ? (
          <p className="admin-empty">
            {search || active ? t('admin.programs.noMatch') : t('admin.programs.empty')}
          </p>
        ) : (
          <ul className="admin-program-list" data-testid="admin-programs">
            {d.results.map((p) => (
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
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
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
