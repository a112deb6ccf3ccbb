import { useTranslation } from 'react-i18next';
import type { OrderQuote } from '@store/contract/orders/schemas';
import { useFormatPrice } from '../../../lib/money';

type Props = {
  quote: OrderQuote | undefined;
  /** The cart's subtotal, shown until the server has priced the order. */
  cartSubtotal: string;
  /** The cart's lines, shown until the server has priced the order. */
  cartLines: { id: string; title: string; quantity: number; total: string; options: string[] }[];
  loading: boolean;
  pendingShipping: boolean;
};

/** Subtotal, delivery price, taxes, discount and total, as the server prices the order. */
export function OrderSummary({ quote, cartSubtotal, cartLines, loading, pendingShipping }: Props) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  return (
    <section
      className="checkout-summary"
      aria-labelledby="checkout-summary-title"
      aria-busy={loading}
    >
      {/* "Calculando el total..." stands beside the heading, in a line the heading already
          takes: a note that came and went under the totals moved the submit button under a
          press each time the order was priced again (docs/decisions.md). */}
      <div className="checkout-summary__head">
        <h2 id="checkout-summary-title" className="checkout-section__title">
          {t('checkout.summary')}
        </h2>
        <p className="checkout-summary__busy" role="status">
          {loading ? t('checkout.quoteLoading') : ''}
        </p>
      </div>
      <ul className="checkout-summary__lines" aria-label={t('checkout.products')}>
        {(quote
          ? quote.products.map((line, i) => ({
              id: `${line.uid}-${i}`,
              title: line.title,
              quantity: line.quantity,
              total: line.total,
              options: line.options.map((o) => o.name),
            }))
          : cartLines
        ).map((line) => (
          <li key={line.id} className="checkout-summary__line">
            <span>
              {line.quantity} × {line.title}
              {line.options.length > 0 ? (
                <small className="checkout-summary__options">{line.options.join(', ')}</small>
              ) : null}
            </span>
            <span>{price(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__totals" data-testid="checkout-totals">
        <div>
          <dt>{t('checkout.subtotal')}</dt>
          <dd data-testid="summary-subtotal">{price(quote?.subtotal ?? cartSubtotal)}</dd>
        </div>
        {quote ? (
          <>
            <div>
              <dt>{t('checkout.deliveryPrice')}</dt>
              <dd data-testid="summary-delivery">{price(quote.delivery_price)}</dd>
            </div>
            {(quote.discounts ?? []).map((d) => (
              <div key={d.uid} className="checkout-summary__rule" data-testid="summary-rule">
                <dt>{d.name}</dt>
                <dd>- {price(d.amount)}</dd>
              </div>
            ))}
            <div>
              <dt>{t('checkout.discount')}</dt>
              <dd data-testid="summary-discount">
                {Number(quote.discount) > 0 ? `- ${price(quote.discount)}` : price(quote.discount)}
              </dd>
            </div>
            <div className="checkout-summary__taxes">
              <dt>
                {t('checkout.taxes')}{' '}
                <small>
                  {t('checkout.taxesIncluded', {
                    name: quote.tax.name,
                    rate: Number(quote.tax.rate),
                  })}
                </small>
              </dt>
              <dd data-testid="summary-taxes">{price(quote.taxes)}</dd>
            </div>
            <div className="checkout-summary__total">
              <dt>{t('checkout.total')}</dt>
              <dd data-testid="summary-total">{price(quote.total)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <p className="checkout-summary__note" role="status">
        {!loading && !quote && pendingShipping ? t('checkout.quotePending') : ''}
      </p>
    </section>
  );
}
