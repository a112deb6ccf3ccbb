import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api';
import { useMyOrders } from '../../../api/get-my-orders';
import { useMemberProgram } from '../../../api/get-member-program';
import { useCurrentCompany } from '../../../lib/current-company';
import { useCoinRedemptions } from '../api/get-coin-redemptions';
import { useCompanyPrograms, type CompanyProgram } from '../../../lib/company-programs';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { coinRedemptions } from '../coins-logic';
import '../../../styles/engagement.css';
import { formatInstant } from '../../../lib/format';

/** /orders/coins: what the member took with coins in each program of the company, and the coins left. */
export function CoinOrdersPage() {
  const { t } = useTranslation();
  const programs = useCompanyPrograms();
  return (
    <div className="engagement">
      <h1 className="engagement__title">{t('coins.title')}</h1>
      <CoinOrders />
      {programs.length === 0 ? (
        <PageMessage title={t('coins.empty')} />
      ) : (
        programs.map((program) => <ProgramCoins key={program.uid} program={program} />)
      )}
    </div>
  );
}

/** The member's orders of redeemable products paid with coins (payment method COINS), newest first. */
function CoinOrders() {
  const { t, i18n } = useTranslation();
  const company = useCurrentCompany();
  const orders = useMyOrders({ payment_method: 'COINS' }, { retry: false });
  return (
    <section className="coins-program" aria-labelledby="coin-orders-title">
      <div className="coins-program__head">
        <h2 id="coin-orders-title" className="coins-program__name">
          {t('coins.ordersTitle')}
        </h2>
      </div>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <p className="engagement-card__meta">{t('engagement.fetchError')}</p>
      ) : orders.data.results.length === 0 ? (
        <p className="engagement-card__meta">{t('coins.noOrders')}</p>
      ) : (
        <ul className="engagement__list">
          {orders.data.results.map((order) => (
            <li key={order.uid} className="engagement-card coin-order" data-order={order.number}>
              <Link to={`${company.prefix}/orders/${order.uid}`} className="engagement-card__body">
                <div className="engagement-card__top">
                  <strong className="engagement-card__title">
                    {t('orders.orderTitle', { number: order.number })}
                  </strong>
                  <span className="engagement-badge">{t(`orders.status_${order.status}`)}</span>
                </div>
                <p className="engagement-card__meta">
                  {formatInstant(order.created_at, i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                  {' · '}
                  {order.products.map((l) => `${l.quantity} × ${l.title}`).join(', ')}
                </p>
                <p className="coin-order__coins" data-coin-total={order.coin_total}>
                  {t('coins.spent', { count: order.coin_total })}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProgramCoins({ program }: { program: CompanyProgram }) {
  const { t, i18n } = useTranslation();
  const standing = useMemberProgram(program.uid, { retry: false });
  const redemptions = useCoinRedemptions(program.uid, { retry: false });
  const date = (iso: string) =>
    formatInstant(iso, i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const notMember = standing.data
    ? !standing.data.is_member
    : redemptions.error instanceof ApiError && redemptions.error.status === 400;

  return (
    <section
      className="coins-program"
      aria-labelledby={`coins-${program.uid}`}
      data-program={program.name}
    >
      <div className="coins-program__head">
        <h2 id={`coins-${program.uid}`} className="coins-program__name">
          {program.name}
        </h2>
        {standing.data ? (
          <span className="coins-program__balance" data-coins={standing.data.balances.coins}>
            {t('coins.balance', { count: standing.data.balances.coins })}
          </span>
        ) : null}
      </div>
      {standing.isPending || redemptions.isPending ? (
        <Loading />
      ) : notMember ? (
        <p className="engagement-card__meta">{t('coins.notMember')}</p>
      ) : redemptions.isError ? (
        <p className="engagement-card__meta">{t('engagement.fetchError')}</p>
      ) : (
        <CoinList items={coinRedemptions(redemptions.data)} date={date} />
      )}
    </section>
  );
}

function CoinList({
  items,
  date,
}: {
  items: ReturnType<typeof coinRedemptions>;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="engagement-card__meta">{t('coins.none')}</p>;
  return (
    <ul className="engagement__list">
      {items.map((item) => (
        <li
          key={item.uid}
          className="engagement-card coin-order"
          data-redemption={item.promotion.name}
        >
          <div className="engagement-card__body">
            <div className="engagement-card__top">
              <strong className="engagement-card__title">{item.promotion.name}</strong>
              <span className={`engagement-badge engagement-badge--${item.status.toLowerCase()}`}>
                {t(`coins.status_${item.status}`)}
              </span>
            </div>
            <p className="engagement-card__meta">
              {date(item.created_at)}
              {item.status === 'ACTIVE' ? ` · ${t('coins.code', { code: item.code })}` : ''}
              {item.used_at ? ` · ${t('coins.usedAt', { date: date(item.used_at) })}` : ''}
            </p>
            <p className="coin-order__coins">{t('coins.spent', { count: item.coins_spent })}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
