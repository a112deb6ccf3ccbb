import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCheckoutOptions } from '../../../api/get-checkout-options';
import { useMyOrders } from '../../../api/get-my-orders';
import { usePlaces } from '../../../api/get-places';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { useCurrentCompany } from '../../../lib/current-company';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { useFormatPrice } from '../../../lib/money';
import { SelectField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { Pager } from '../../../components/pager';
import { StatusBadge } from './status-steps';
import '../../../styles/checkout.css';
import { formatInstant } from '../../../lib/format';

/** The list's page and payment method from its query. */
function ordersFilterOf(params: URLSearchParams) {
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    paymentMethod: params.get('payment_method') ?? '',
  };
}

/** /orders: the member's orders, newest first, 20 a page, filtered by payment method. */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const price = useFormatPrice();
  const company = useCurrentCompany();
  const [params, setParams] = useSearchParamsLatest();
  const { page, paymentMethod } = ordersFilterOf(params);
  const places = usePlaces(company.uid);
  const selected = useSelectedPlaceUid();
  const placeUid = selected ?? places.data?.[0]?.uid ?? null;
  const options = useCheckoutOptions(placeUid ?? '', { enabled: !!placeUid });
  const orders = useMyOrders(
    { payment_method: paymentMethod || undefined, page },
    { placeholderData: keepPreviousData },
  );

  const setFilter = (next: { page?: number; payment_method?: string }) =>
    setParams((latest) => {
      const current = ordersFilterOf(latest);
      const method = next.payment_method ?? current.paymentMethod;
      const nextPage = next.page ?? current.page;
      const search = new URLSearchParams();
      if (method) search.set('payment_method', method);
      if (nextPage !== 1) search.set('page', String(nextPage));
      return search;
    });

  const pages = pageCount(orders.data?.count ?? 0, DEFAULT_PAGE_SIZE);
  const date = (iso: string) =>
    formatInstant(iso, i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  return (
    <div className="orders">
      <div className="orders__head">
        <h1 className="orders__title">{t('orders.title')}</h1>
        <SelectField
          className="orders__filter"
          label={t('orders.filterPayment')}
          value={paymentMethod}
          placeholder={t('orders.allPayments')}
          options={(options.data?.payment_methods ?? []).map((m) => ({
            value: m.uid,
            label: m.name,
          }))}
          onChange={(e) => setFilter({ payment_method: e.target.value, page: 1 })}
        />
      </div>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <PageMessage title={t('checkout.fetchError')} />
      ) : orders.data.results.length === 0 ? (
        <PageMessage title={t('orders.noOrders')} />
      ) : (
        <>
          <ul className="orders__list" aria-busy={orders.isFetching}>
            {orders.data.results.map((order) => (
              <li key={order.uid} className="order-card" data-order={order.number}>
                <Link to={`${company.prefix}/orders/${order.uid}`} className="order-card__link">
                  <span className="order-card__top">
                    <strong>{t('orders.orderTitle', { number: order.number })}</strong>
                    <StatusBadge status={order.status} />
                  </span>
                  <span className="order-card__meta">
                    {date(order.created_at)} · {t(`orders.shipping_${order.shipping_type}`)} ·{' '}
                    {order.payment_type}
                  </span>
                  <span className="order-card__meta">
                    {order.place.name} ·{' '}
                    {t('orders.itemCount', {
                      count: order.products.reduce((n, l) => n + l.quantity, 0),
                    })}
                  </span>
                  <span
                    className="order-card__total"
                    data-coin-total={order.coin_total || undefined}
                  >
                    {order.coin_total > 0
                      ? t('checkout.coinOrderTotal', { count: order.coin_total })
                      : price(order.total)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            onPage={(next) => setFilter({ page: next })}
            landmark="orders__pager"
          />
        </>
      )}
    </div>
  );
}
