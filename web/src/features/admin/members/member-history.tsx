import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCurrency } from '@store/contract/loyalty/programs';
import { SelectField } from '../../../components/form-fields';
import { useFormat } from '../../../lib/format';
import { useFormatPrice } from '../../../lib/money';
import { useMemberHistory, type HistoryTab } from './api/get-member-history';
import type {
  AdminMemberLedgerLine,
  AdminMemberOrder,
  AdminMemberRedemption,
} from '@store/contract/admin/members';
import type { ListColumn } from '../shell/list-table';
import { ListPager, ListStates } from '../shell/resource-list';
import { MemberTable } from './member-table';

const tabs: HistoryTab[] = ['ledger', 'orders', 'redemptions'];
const currencies: LoyaltyCurrency[] = ['POINTS', 'COINS', 'STAMPS'];

/** The member's ledger, orders and redemptions, one tab each (arrow keys move between tabs). */
export function MemberHistory({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [tab, setTab] = useState<HistoryTab>('ledger');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + tabs.length) % tabs.length;
    setTab(tabs[next]);
    refs.current[next]?.focus();
  };
  return (
    <section className="admin-panel" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="admin-panel__title">
        {t('admin.members.history')}
      </h2>
      <div className="tabs admin-members__tabs" role="tablist" aria-labelledby={`${baseId}-title`}>
        {tabs.map((name, index) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => setTab(name)}
            onKeyDown={(e) => onKey(e, index)}
          >
            {t(`admin.members.tab_${name}`)}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'ledger' ? (
          <LedgerTab uid={uid} />
        ) : tab === 'orders' ? (
          <OrdersTab uid={uid} />
        ) : (
          <RedemptionsTab uid={uid} />
        )}
      </div>
    </section>
  );
}

function LedgerTab({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [currency, setCurrency] = useState<LoyaltyCurrency | ''>('');
  const query = useMemberHistory(uid, 'ledger', {
    page,
    ...(currency ? { currency } : {}),
  });
  const columns: ListColumn<AdminMemberLedgerLine>[] = [
    { title: t('admin.members.date'), cell: (line) => format.instant(line.created_at) },
    {
      title: t('admin.members.movement'),
      cell: (line) =>
        `${t(`admin.members.kind_${line.kind}`)}${line.reason ? ` · ${line.reason}` : ''}`,
    },
    { title: t('admin.members.program'), cell: (line) => line.program.name },
    {
      title: t('admin.members.amount'),
      className: 'admin-members__num',
      cell: (line) =>
        `${line.amount > 0 ? '+' : ''}${format.number(line.amount)} ${t(`admin.members.currency_${line.currency}`)}`,
    },
  ];
  return (
    <>
      <div className="admin-members__ledger-filter">
        <SelectField
          label={t('admin.members.currency')}
          value={currency}
          onChange={(e) => {
            setCurrency(e.target.value as LoyaltyCurrency | '');
            setPage(1);
          }}
          options={[
            { value: '', label: t('admin.members.allCurrencies') },
            ...currencies.map((c) => ({ value: c, label: t(`admin.members.currency_${c}`) })),
          ]}
        />
      </div>
      <ListStates query={query} empty={t('admin.members.noLedger')}>
        {(rows) => (
          <>
            <MemberTable
              testId="admin-member-ledger"
              columns={columns}
              rows={rows}
              rowKey={(line) => line.uid}
            />
            <ListPager query={query} page={page} onPage={setPage} />
          </>
        )}
      </ListStates>
    </>
  );
}

function OrdersTab({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = useFormatPrice();
  const [page, setPage] = useState(1);
  const query = useMemberHistory(uid, 'orders', { page });
  const columns: ListColumn<AdminMemberOrder>[] = [
    {
      title: t('admin.members.order'),
      cell: (o) => (
        <Link to={`/admin/orders/${o.uid}`}>
          {o.number === null
            ? t('admin.members.orderPending')
            : t('admin.members.orderNumber', { number: o.number })}
        </Link>
      ),
    },
    { title: t('admin.members.date'), cell: (o) => format.instant(o.created_at) },
    { title: t('admin.members.place'), cell: (o) => o.place.name },
    { title: t('admin.members.state'), cell: (o) => t(`admin.status.${o.status}`) },
    {
      title: t('admin.members.total'),
      className: 'admin-members__num',
      cell: (o) =>
        o.coin_total > 0 && Number(o.total) === 0
          ? `${format.number(o.coin_total)} ${t('admin.members.coins')}`
          : price(o.total),
    },
  ];
  return (
    <ListStates query={query} empty={t('admin.members.noOrders')}>
      {(rows) => (
        <>
          <MemberTable
            testId="admin-member-orders"
            rowHeader
            columns={columns}
            rows={rows}
            rowKey={(o) => o.uid}
          />
          <ListPager query={query} page={page} onPage={setPage} />
        </>
      )}
    </ListStates>
  );
}

function RedemptionsTab({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useMemberHistory(uid, 'redemptions', { page });
  const columns: ListColumn<AdminMemberRedemption>[] = [
    { title: t('admin.members.date'), cell: (r) => format.instant(r.created_at) },
    { title: t('admin.members.promotion'), cell: (r) => r.promotion.name },
    { title: t('admin.members.program'), cell: (r) => r.program.name },
    {
      title: t('admin.members.state'),
      cell: (r) =>
        `${t(`admin.members.redemption_${r.status}`)}${r.used_at ? ` · ${format.instant(r.used_at)}` : ''}`,
    },
    {
      title: t('admin.members.spent'),
      className: 'admin-members__num',
      cell: (r) =>
        [
          r.coins_spent ? `${format.number(r.coins_spent)} ${t('admin.members.coins')}` : '',
          r.stamps_spent ? `${format.number(r.stamps_spent)} ${t('admin.members.stamps')}` : '',
        ]
          .filter(Boolean)
          .join(' · ') || t('admin.members.none'),
    },
  ];
  return (
    <ListStates query={query} empty={t('admin.members.noRedemptions')}>
      {(rows) => (
        <>
          <MemberTable
            testId="admin-member-redemptions"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.uid}
          />
          <ListPager query={query} page={page} onPage={setPage} />
        </>
      )}
    </ListStates>
  );
}
