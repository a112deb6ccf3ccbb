import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  storeStatus,
  storeTransitions,
  type MarketplaceStore,
  type StoreDecision,
  type StoreStatus,
} from '@store/contract/marketplace/stores';
import { SelectField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useFormat } from '../../../lib/format';
import { useDecideStore, useStores } from './api/stores';
import { StoreChangeReview } from './store-change-review';
import { StoreDecisions } from './store-decisions';
import './stores.css';
import { ListHead, ListPager, ListSearch } from '../shell/resource-list';
import { useListPage } from '../shell/use-list-page';

const decisions = Object.keys(storeTransitions) as StoreDecision[];

/** The list's filter: a status, the stores whose change waits, or every store. */
type Filter = StoreStatus | 'changes' | '';

/** /admin/stores (the marketplace owner): the stores by status, and the decisions on each. */
export function StoresPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('pending');
  const list = useListPage();
  const query = useStores({
    page: list.page,
    ...(filter === 'changes' ? { changes: 'pending' as const } : filter ? { status: filter } : {}),
    ...list.searchFilter,
  });
  // How many changes wait, whatever the filter: the queue is never hidden behind another one.
  const waiting = useStores({ page: 1, changes: 'pending' });
  const waitingCount = waiting.data?.count ?? 0;
  const d = query.data;
  const choose = list.refilter(setFilter);

  return (
    <div className="admin-page">
      <ListHead title={t('admin.stores.title')} />
      <p>{t('admin.stores.intro')}</p>
      {waitingCount > 0 && filter !== 'changes' ? (
        <p className="stores-waiting" role="status">
          {t('admin.stores.changesWaiting', { count: waitingCount })}{' '}
          <button type="button" className="button button--small" onClick={() => choose('changes')}>
            {t('admin.stores.seeChanges')}
          </button>
        </p>
      ) : null}
      <div className="admin-filters">
        <SelectField
          label={t('admin.stores.status')}
          value={filter}
          onChange={(e) => choose(e.target.value as Filter)}
          options={[
            { value: '', label: t('admin.stores.all') },
            { value: 'changes', label: t('admin.stores.changesFilter') },
            ...storeStatus.options.map((s) => ({ value: s, label: t(`admin.stores.status_${s}`) })),
          ]}
        />
        <ListSearch label={t('admin.stores.search')} value={list.typed} onChange={list.setTyped} />
      </div>
      <section aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <PageMessage title={t('admin.fetchError')} />
        ) : d && d.results.length === 0 ? (
          <p>{t(filter === 'changes' ? 'admin.stores.noChanges' : 'admin.stores.empty')}</p>
        ) : (
          <ul className="stores-list">
            {d?.results.map((store) => (
              <StoreCard key={store.uid} store={store} />
            ))}
          </ul>
        )}
        <ListPager query={query} page={list.page} onPage={list.setPage} />
      </section>
    </div>
  );
}

function StoreCard({ store }: { store: MarketplaceStore }) {
  const { t } = useTranslation();
  const { instant } = useFormat();
  const decide = useDecideStore();
  const open = decisions.filter((d) => storeTransitions[d].from.includes(store.status));

  return (
    <li className="stores-card" data-store={store.uid}>
      <div className="stores-card__head">
        {store.logo ? (
          <img className="stores-card__logo" src={store.logo} alt="" width={40} height={40} />
        ) : null}
        <h2 className="stores-card__name">{store.name}</h2>
        <span className={`stores-card__status stores-card__status--${store.status}`}>
          {t(`admin.stores.status_${store.status}`)}
        </span>
      </div>
      <dl className="stores-card__facts">
        {store.description ? (
          <>
            <dt>{t('admin.stores.description')}</dt>
            <dd>{store.description}</dd>
          </>
        ) : null}
        {store.owner ? (
          <>
            <dt>{t('admin.stores.owner')}</dt>
            <dd>
              {store.owner.name}
              {store.owner.email ? ` · ${store.owner.email}` : ''}
            </dd>
          </>
        ) : null}
        {store.category ? (
          <>
            <dt>{t('admin.stores.category')}</dt>
            <dd>{store.category.name}</dd>
          </>
        ) : null}
        {store.review_requested_at ? (
          <>
            <dt>{t('admin.stores.asked')}</dt>
            <dd>{instant(store.review_requested_at)}</dd>
          </>
        ) : null}
        {store.status_reason ? (
          <>
            <dt>{t('admin.stores.reason')}</dt>
            <dd>{store.status_reason}</dd>
          </>
        ) : null}
      </dl>
      {store.pending_change ? <StoreChangeReview store={store} /> : null}
      <StoreDecisions
        store={store}
        choices={open}
        primary={(d) => d === 'approve' || d === 'reactivate'}
        needsReason={(d) => d === 'reject' || d === 'suspend'}
        label={(d) => t(`admin.stores.${d}`)}
        question={(d) => t(`admin.stores.confirm_${d}`, { name: store.name })}
        done={(d) => t(`admin.stores.done_${d}`, { name: store.name })}
        decide={decide}
      />
    </li>
  );
}
