import { useTranslation } from 'react-i18next';
import type { OrderQuote } from '@store/contract/orders/schemas';
import { useFormatPrice } from '../../../lib/money';

export type PriceChange = { detail: string; quote: OrderQuote; previous: string };

type PriceChangeDialogProps = {
  change: PriceChange;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The server priced the order differently from what the member saw: the new lines and total, to accept or not. */
export function PriceChangeDialog({ change, onConfirm, onCancel }: PriceChangeDialogProps) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  return (
    <div
      className="checkout-price-change"
      role="alertdialog"
      aria-labelledby="co-price-title"
      aria-describedby="co-price-text"
    >
      <h2 id="co-price-title">{t('checkout.priceChangedTitle')}</h2>
      <p id="co-price-text">{change.detail}</p>
      <ul>
        {change.quote.products.map((line) => (
          <li key={line.uid}>
            {line.quantity} × {line.title}: {price(line.total)}
          </li>
        ))}
      </ul>
      <p>
        {t('checkout.previousTotal')}: <s>{price(change.previous)}</s> · {t('checkout.newTotal')}:{' '}
        <strong>{price(change.quote.total)}</strong>
      </p>
      <div className="checkout-price-change__actions">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t('checkout.priceChangedConfirm')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('checkout.priceChangedCancel')}
        </button>
      </div>
    </div>
  );
}
