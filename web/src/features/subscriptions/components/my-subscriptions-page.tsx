import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Subscription } from '@store/contract/orders/subscriptions';
import { ApiError } from '../../../api';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useMySubscriptions } from '../api/get-my-subscriptions';
import { nextDeliveryDate } from '@store/contract/orders/opening-hours';
import { useFormatPrice } from '../../../lib/money';
import { useCurrentCompany } from '../../../lib/current-company';
import { slotRange } from '../../../lib/checkout-logic';
import { ConfirmInline } from '../../../components/confirm-inline';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import '../../../styles/checkout.css';
import { formatDay } from '../../../lib/format';

/** When the next order of an active subscription is for (Lima time, as the server plans them). */
function NextDelivery({
  subscription,
  language,
}: {
  subscription: Subscription;
  language: string;
}) {
  const { t } = useTranslation();
  const date = nextDeliveryDate(subscription.weekdays, subscription.time_slot.start, new Date());
  if (!date) return null;
  const label = formatDay(date, language, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <span className="order-card__meta" data-testid="next-delivery">
      {t('subscription.nextDelivery', { date: label, slot: slotRange(subscription.time_slot) })}
    </span>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const price = useFormatPrice();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription(subscription.uid, {
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('subscriptions.canceled'));
    },
  });
  const errors =
    cancel.error instanceof ApiError
      ? Object.values(cancel.error.fieldErrors).flat()
      : cancel.error
        ? [t('checkout.genericError')]
        : [];
  const active = subscription.status === 'active';
  return (
    <li className="order-card subscription-card" data-subscription={subscription.uid}>
      <div className="order-card__link">
        <span className="order-card__top">
          <strong>{subscription.place.name}</strong>
          <span className={`order-badge order-badge--${active ? 'received' : 'canceled_by_user'}`}>
            {t(`subscriptions.status_${subscription.status}`)}
          </span>
        </span>
        <span className="order-card__meta">
          {t('subscriptions.weekdays')}:{' '}
          {subscription.weekdays.map((d) => t(`subscriptions.day_${d}`)).join(', ')} ·{' '}
          {t('subscriptions.timeSlot')}: {slotRange(subscription.time_slot)}
        </span>
        <span className="order-card__meta">
          {subscription.products.map((l) => `${l.quantity} × ${l.title}`).join(', ')} ·{' '}
          {subscription.payment_method.name}
        </span>
        {subscription.status === 'active' ? (
          <NextDelivery subscription={subscription} language={i18n.language} />
        ) : null}
        <span className="order-card__total">{price(subscription.total)}</span>
      </div>
      {active ? (
        <div className="order-cancel subscription-card__cancel">
          {confirming ? (
            <ConfirmInline
              className="order-cancel__confirm"
              question={t('subscriptions.cancelConfirm')}
              yes={t('subscriptions.cancelYes')}
              no={t('subscriptions.cancelNo')}
              busy={cancel.isPending}
              onYes={() => cancel.mutate()}
              onNo={() => setConfirming(false)}
            />
          ) : (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setConfirming(true)}
            >
              {t('subscriptions.cancel')}
            </button>
          )}
          <FormAlert messages={errors} />
        </div>
      ) : null}
    </li>
  );
}

/** /subscription/me: the member's subscriptions, newest first, each cancellable while active. */
export function MySubscriptionsPage() {
  const { t } = useTranslation();
  const list = useMySubscriptions();
  const company = useCurrentCompany();
  const newLink = company.subscription_enabled ? (
    <Link className="button button--primary button--small" to={`${company.prefix}/subscription`}>
      {t('subscription.newSubscription')}
    </Link>
  ) : null;
  return (
    <div className="orders">
      <div className="orders__head">
        <h1 className="orders__title">{t('subscriptions.title')}</h1>
        {newLink}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <PageMessage title={t('checkout.fetchError')} />
      ) : list.data.results.length === 0 ? (
        <PageMessage title={t('subscriptions.empty')}>{newLink}</PageMessage>
      ) : (
        <ul className="orders__list">
          {list.data.results.map((s) => (
            <SubscriptionCard key={s.uid} subscription={s} />
          ))}
        </ul>
      )}
    </div>
  );
}
