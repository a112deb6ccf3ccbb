import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUnsettledCharge } from '@store/contract/admin/money';
import { formatMoney, useFormat } from '../../../lib/format';
import { ListPager } from '../shell/resource-list';
import { useUnsettledCharges } from './api/get-unsettled-charges';

const PAGE_SIZE = 25;

/**
 * Card charges that may have taken money with no order or promotion to show for it (an answer
 * lost, an undo whose refund failed): what the reconciliation run is giving back, with the
 * provider's ids so the owner can find each one in the provider's panel. Hidden while there has
 * never been one: most stores never see this section.
 */
export function UnsettledCharges() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const charges = useUnsettledCharges(page);
  if (charges.isPending || (charges.isSuccess && charges.data.count === 0)) return null;
  return (
    <section
      className="admin-panel"
      aria-labelledby="admin-unsettled-title"
      data-testid="admin-unsettled-charges"
    >
      <h2 id="admin-unsettled-title" className="admin-panel__title">
        {t('admin.payments.unsettled.title')}
      </h2>
      <p className="admin-page__note">{t('admin.payments.unsettled.note')}</p>
      {charges.isError ? (
        <p role="alert" className="form-error">
          {t('admin.fetchError')}{' '}
          <button type="button" className="button" onClick={() => void charges.refetch()}>
            {t('admin.retry')}
          </button>
        </p>
      ) : (
        <>
          <ul className="admin-unsettled__list">
            {charges.data.results.map((charge) => (
              <UnsettledChargeItem key={charge.uid} charge={charge} />
            ))}
          </ul>
          <ListPager query={charges} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function UnsettledChargeItem({ charge }: { charge: AdminUnsettledCharge }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className="admin-unsettled__item" data-status={charge.status}>
      <p className="admin-unsettled__head">
        <strong>{formatMoney(charge.amount, format.language)}</strong> ·{' '}
        {t(`admin.payments.unsettled.purpose_${charge.purpose}`)} ·{' '}
        <span className={`admin-unsettled__status admin-unsettled__status--${charge.status}`}>
          {t(`admin.payments.unsettled.status_${charge.status}`)}
        </span>
      </p>
      <p className="admin-page__note">
        {t(`admin.payments.unsettled.reason_${charge.reason}`)} ·{' '}
        {format.instant(charge.created_at)} · {charge.payment_method.name}
      </p>
      <dl className="admin-unsettled__ids">
        <dt>{t('admin.payments.unsettled.reference')}</dt>
        <dd>{charge.reference}</dd>
        {charge.provider_payment_id ? (
          <>
            <dt>{t('admin.payments.unsettled.payment')}</dt>
            <dd>{charge.provider_payment_id}</dd>
          </>
        ) : null}
        {charge.provider_refund_id ? (
          <>
            <dt>{t('admin.payments.unsettled.refund')}</dt>
            <dd>{charge.provider_refund_id}</dd>
          </>
        ) : null}
      </dl>
      {charge.status === 'OPEN' && charge.last_error ? (
        <p className="admin-unsettled__error">
          {charge.attempts === 0
            ? t('admin.payments.unsettled.firstError', { error: charge.last_error })
            : t('admin.payments.unsettled.lastError', {
                error: charge.last_error,
                count: charge.attempts,
              })}
        </p>
      ) : null}
    </li>
  );
}
