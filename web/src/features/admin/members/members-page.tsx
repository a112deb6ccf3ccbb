import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminMemberOrdering, AdminMemberRow } from '@store/contract/admin/members';
import { SelectField } from '../../../components/form-fields';
import { useFormat } from '../../../lib/format';
import { useMembers } from './api/get-members';
import { ExportButton } from './export-button';
import './members.css';
import { ListHead, ListPanel, ListSearch } from '../shell/resource-list';
import type { ListColumn } from '../shell/list-table';
import { useListPage } from '../shell/use-list-page';
import { MemberTable } from './member-table';

const orderings: AdminMemberOrdering[] = ['-member_since', 'name', '-points'];

/** /admin/members: the company's members, searched, sorted and paged, and their CSV export. */
export function MembersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const list = useListPage();
  const [ordering, setOrdering] = useState<AdminMemberOrdering>('-member_since');
  const query = useMembers({ page: list.page, ordering, ...list.searchFilter });
  const d = query.data;
  const columns: ListColumn<AdminMemberRow>[] = [
    {
      title: t('admin.members.name'),
      cell: (m) => (
        <Link to={`/admin/members/${m.uid}`}>
          {`${m.first_name} ${m.last_name}`.trim() || m.email || m.uid}
        </Link>
      ),
    },
    {
      title: t('admin.members.contact'),
      cell: (m) => (
        <span className="admin-members__contact">
          <span>{m.email ?? t('admin.members.none')}</span>
          {m.mobile_phone ? <span>{m.mobile_phone}</span> : null}
        </span>
      ),
    },
    {
      title: t('admin.members.document'),
      cell: (m) => m.document_number ?? t('admin.members.none'),
    },
    {
      title: t('admin.members.since'),
      cell: (m) => format.instant(m.member_since, { dateStyle: 'medium' }),
    },
    {
      title: t('admin.members.points'),
      className: 'admin-members__num',
      cell: (m) => format.number(m.points),
    },
    {
      title: t('admin.members.coins'),
      className: 'admin-members__num',
      cell: (m) => format.number(m.coins),
    },
  ];

  return (
    <div className="admin-page">
      <ListHead title={t('admin.members.title')}>
        <ExportButton q={list.search || undefined} />
      </ListHead>
      <div className="admin-members__filters">
        <ListSearch
          label={t('admin.members.search')}
          value={list.typed}
          data-testid="admin-members-search"
          onChange={list.setTyped}
        />
        <SelectField
          label={t('admin.members.sort')}
          value={ordering}
          onChange={(e) => list.refilter(setOrdering)(e.target.value as AdminMemberOrdering)}
          options={orderings.map((o) => ({ value: o, label: t(`admin.members.sort_${o}`) }))}
        />
      </div>
      <ListPanel
        heading={{
          id: 'admin-members-list',
          text: d ? t('admin.members.count', { count: d.count }) : t('admin.members.title'),
        }}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={list.search ? t('admin.members.noMatch') : t('admin.members.empty')}
      >
        {(rows) => (
          <MemberTable
            testId="admin-members"
            rowHeader
            stale={query.isPlaceholderData}
            columns={columns}
            rows={rows}
            rowKey={(m) => m.uid}
          />
        )}
      </ListPanel>
    </div>
  );
}
