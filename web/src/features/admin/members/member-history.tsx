import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCurrency } from '@store/contract/loyalty/programs';
import { SelectField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useFormat } from '../../../lib/format';
import { useFormatPrice } from '../../../lib/money';
import { useMemberHistory, type HistoryTab } from './api/get-member-history';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { Pager } from '../../../components/pager';
import { AdminLoadError } from '../shell/admin-load-error';

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

/** Loading, error and empty states shared by the three tabs. */
function TabState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown; data?: { count: number } };
  empty: string;
  children: React.ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <AdminLoadError onRetry={() => query.refetch()} />;
  if (!query.data?.count) return <p className="admin-empty">{empty}</p>;
  return <>{children}</>;
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
      <TabState query={query} empty={t('admin.members.noLedger')}>
        <table className="admin-members__table" data-testid="admin-member-ledger">
          <thead>
            <tr>
              <th scope="col">{t('admin.members.date')}</th>
              <th scope="col">{t('admin.members.movement')}</th>
              <th scope="col">{t('admin.members.program')}</th>
              <th scope="col" className="admin-members__num">
                {t('admin.members.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data?.results.map((line) => (
              <tr key={line.uid}>
                <td data-label={t('admin.members.date')}>{format.instant(line.created_at)}</td>
                <td data-label={t('admin.members.movement')}>
                  {t(`admin.members.kind_${line.kind}`)}
                  {line.reason ? ` · ${line.reason}` : ''}
                </td>
                <td data-label={t('admin.members.program')}>{line.program.name}</td>
                <td className="admin-members__num" data-label={t('admin.members.amount')}>
                  {line.amount > 0 ? '+' : ''}
                  {format.number(line.amount)} {t(`admin.members.currency_${line.currency}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager
          page={page}
          pages={pageCount(query.data?.count ?? 0, DEFAULT_PAGE_SIZE)}
          onPage={setPage}
        />
      </TabState>
    </>
  );
}

function OrdersTab({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = useFormatPrice();
  const [page, setPage] = useState(1);
  const query = useMemberHistory(uid, 'orders', { page });
  return (
    <TabState query={query} empty={t('admin.members.noOrders')}>
      <table className="admin-members__table" data-testid="admin-member-orders">
        <thead>
          <tr>
            <th scope="col">{t('admin.members.order')}</th>
            <th scope="col">{t('admin.members.date')}</th>
            <th scope="col">{t('admin.members.place')}</th>
            <th scope="col">{t('admin.members.state')}</th>
            <th scope="col" className="admin-members__num">
              {t('admin.members.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data?.results.map((o) => (
            <tr key={o.uid}>
              <th scope="row" data-label={t('admin.members.order')}>
                <Link to={`/admin/orders/${o.uid}`}>
                  {o.number === null
                    ? t('admin.members.orderPending')
                    : t('admin.members.orderNumber', { number: o.number })}
                </Link>
              </th>
              <td data-label={t('admin.members.date')}>{format.instant(o.created_at)}</td>
              <td data-label={t('admin.members.place')}>{o.place.name}</td>
              <td data-label={t('admin.members.state')}>{t(`admin.status.${o.status}`)}</td>
              <td className="admin-members__num" data-label={t('admin.members.total')}>
                {o.coin_total > 0 && Number(o.total) === 0
                  ? `${format.number(o.coin_total)} ${t('admin.members.coins')}`
                  : price(o.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        page={page}
        pages={pageCount(query.data?.count ?? 0, DEFAULT_PAGE_SIZE)}
        onPage={setPage}
      />
    </TabState>
  );
}

function RedemptionsTab({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useMemberHistory(uid, 'redemptions', { page });
  return (
    <TabState query={query} empty={t('admin.members.noRedemptions')}>
      <table className="admin-members__table" data-testid="admin-member-redemptions">
        <thead>
          <tr>
            <th scope="col">{t('admin.members.date')}</th>
            <th scope="col">{t('admin.members.promotion')}</th>
            <th scope="col">{t('admin.members.program')}</th>
            <th scope="col">{t('admin.members.state')}</th>
            <th scope="col" className="admin-members__num">
              {t('admin.members.spent')}
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data?.results.map((r) => (
            <tr key={r.uid}>
              <td data-label={t('admin.members.date')}>{format.instant(r.created_at)}</td>
              <td data-label={t('admin.members.promotion')}>{r.promotion.name}</td>
              <td data-label={t('admin.members.program')}>{r.program.name}</td>
              <td data-label={t('admin.members.state')}>
                {t(`admin.members.redemption_${r.status}`)}
                {r.used_at ? ` · ${format.instant(r.used_at)}` : ''}
              </td>
              <td className="admin-members__num" data-label={t('admin.members.spent')}>
                {[
                  r.coins_spent
                    ? `${format.number(r.coins_spent)} ${t('admin.members.coins')}`
                    : '',
                  r.stamps_spent
                    ? `${format.number(r.stamps_spent)} ${t('admin.members.stamps')}`
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ') || t('admin.members.none')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        page={page}
        pages={pageCount(query.data?.count ?? 0, DEFAULT_PAGE_SIZE)}
        onPage={setPage}
      />
    </TabState>
  );
}
