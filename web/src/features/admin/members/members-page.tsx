import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminMemberOrdering } from '@store/contract/admin/members';
import { SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFormat } from '../../../lib/format';
import { useMembers } from './api/get-members';
import { ExportButton } from './export-button';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { Pager } from '../../../components/pager';
import './members.css';
import { AdminLoadError } from '../shell/admin-load-error';

const orderings: AdminMemberOrdering[] = ['-member_since', 'name', '-points'];

/** /admin/members: the company's members, searched, sorted and paged, and their CSV export. */
export function MembersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [q, setQ] = useState('');
  const [ordering, setOrdering] = useState<AdminMemberOrdering>('-member_since');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = useMembers({ page, ordering, ...(search ? { q: search } : {}) });
  const d = query.data;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.members.title')}</h1>
        <ExportButton q={search || undefined} />
      </div>
      <div className="admin-members__filters">
        <TextField
          label={t('admin.members.search')}
          type="search"
          value={q}
          data-testid="admin-members-search"
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label={t('admin.members.sort')}
          value={ordering}
          onChange={(e) => {
            setOrdering(e.target.value as AdminMemberOrdering);
            setPage(1);
          }}
          options={orderings.map((o) => ({ value: o, label: t(`admin.members.sort_${o}`) }))}
        />
      </div>
      <section className="admin-panel" aria-labelledby="admin-members-list">
        <h2 id="admin-members-list" className="admin-panel__title">
          {d ? t('admin.members.count', { count: d.count }) : t('admin.members.title')}
        </h2>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <AdminLoadError onRetry={() => query.refetch()} />
        ) : !d?.results.length ? (
          <p className="admin-empty">
            {search ? t('admin.members.noMatch') : t('admin.members.empty')}
          </p>
        ) : (
          <table
            className={`admin-members__table${query.isPlaceholderData ? ' admin-members__table--stale' : ''}`}
            data-testid="admin-members"
          >
            <thead>
              <tr>
                <th scope="col">{t('admin.members.name')}</th>
                <th scope="col">{t('admin.members.contact')}</th>
                <th scope="col">{t('admin.members.document')}</th>
                <th scope="col">{t('admin.members.since')}</th>
                <th scope="col" className="admin-members__num">
                  {t('admin.members.points')}
                </th>
                <th scope="col" className="admin-members__num">
                  {t('admin.members.coins')}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.results.map((m) => (
                <tr key={m.uid}>
                  <th scope="row" data-label={t('admin.members.name')}>
                    <Link to={`/admin/members/${m.uid}`}>
                      {`${m.first_name} ${m.last_name}`.trim() || m.email || m.uid}
                    </Link>
                  </th>
                  <td data-label={t('admin.members.contact')}>
                    <span className="admin-members__contact">
                      <span>{m.email ?? t('admin.members.none')}</span>
                      {m.mobile_phone ? <span>{m.mobile_phone}</span> : null}
                    </span>
                  </td>
                  <td data-label={t('admin.members.document')}>
                    {m.document_number ?? t('admin.members.none')}
                  </td>
                  <td data-label={t('admin.members.since')}>
                    {format.instant(m.member_since, { dateStyle: 'medium' })}
                  </td>
                  <td className="admin-members__num" data-label={t('admin.members.points')}>
                    {format.number(m.points)}
                  </td>
                  <td className="admin-members__num" data-label={t('admin.members.coins')}>
                    {format.number(m.coins)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {d ? (
          <Pager page={page} pages={pageCount(d.count, DEFAULT_PAGE_SIZE)} onPage={setPage} />
        ) : null}
      </section>
    </div>
  );
}
