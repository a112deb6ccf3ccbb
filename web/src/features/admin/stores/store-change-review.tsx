import { useTranslation } from 'react-i18next';
import type {
  MarketplaceStore,
  StoreChangeDecision,
  StoreProfileChange,
} from '@store/contract/marketplace/stores';
import { useFormat } from '../../../lib/format';
import { useDecideStoreChange } from './api/stores';
import { StoreDecisions } from './store-decisions';

type Field = 'name' | 'logo' | 'description';
const FIELDS: Field[] = ['name', 'logo', 'description'];

/** One value as the marketplace owner compares it: a logo as its picture, text as text. */
function Value({ field, value }: { field: Field; value: string | null | undefined }) {
  const { t } = useTranslation();
  if (field === 'logo')
    return value ? (
      <img className="store-change__logo" src={value} alt={t('admin.stores.logoAlt')} />
    ) : (
      <span className="store-change__none">{t('admin.stores.noLogo')}</span>
    );
  return value ? <span>{value}</span> : <span className="store-change__none">—</span>;
}

/** The fields the change touches, each with the value shoppers see now and the one asked for. */
export function StoreChangeDiff({
  store,
  change,
}: {
  store: MarketplaceStore;
  change: StoreProfileChange;
}) {
  const { t } = useTranslation();
  const fields = FIELDS.filter((f) => change[f] !== undefined);
  return (
    <table className="store-change__diff">
      <thead>
        <tr>
          <th scope="col">{t('admin.stores.field')}</th>
          <th scope="col">{t('admin.stores.now')}</th>
          <th scope="col">{t('admin.stores.asked_for')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f} data-field={f}>
            <th scope="row">{t(`admin.stores.field_${f}`)}</th>
            <td data-label={t('admin.stores.now')}>
              <Value field={f} value={store[f]} />
            </td>
            <td data-label={t('admin.stores.asked_for')} className="store-change__new">
              <Value field={f} value={change[f]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * On a store's card in /admin/stores: the change of name, logo or description its owner asked
 * for, beside what shoppers see now, with approve and reject (a reason, mailed). A refused
 * change is shown with its reason until the owner asks again.
 */
export function StoreChangeReview({ store }: { store: MarketplaceStore }) {
  const { t } = useTranslation();
  const { instant } = useFormat();
  const decide = useDecideStoreChange();
  const change = store.pending_change;
  if (!change) return null;
  const pending = change.status === 'pending';

  return (
    <section
      className={`store-change store-change--${change.status}`}
      aria-label={t('admin.stores.changeTitle', { name: store.name })}
      data-testid="store-change"
    >
      <h3 className="store-change__title">
        {pending
          ? t('admin.stores.changeTitle', { name: store.name })
          : t('admin.stores.changeRejected')}
      </h3>
      <p className="store-change__when">
        {pending
          ? t('admin.stores.changeAsked', { date: instant(change.requested_at) })
          : t('admin.stores.changeRejectedReason', { reason: change.reason ?? '' })}
      </p>
      <StoreChangeDiff store={store} change={change} />
      {pending ? (
        <StoreDecisions<StoreChangeDecision>
          store={store}
          choices={['approve', 'reject']}
          primary={(d) => d === 'approve'}
          needsReason={(d) => d === 'reject'}
          label={(d) => t(`admin.stores.change_${d}`)}
          question={(d) => t(`admin.stores.change_confirm_${d}`, { name: store.name })}
          done={(d) => t(`admin.stores.change_done_${d}`, { name: store.name })}
          decide={decide}
        />
      ) : null}
    </section>
  );
}
