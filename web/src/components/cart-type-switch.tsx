import { useTranslation } from 'react-i18next';
import { cartCount } from '../lib/cart-logic';
import { useStoredCart, type CartType } from '../lib/cart-store';
import '../styles/subscriptions.css';

/**
 * The switch between the normal cart and the subscription cart of a place (`typeCart`), each
 * with its count of units; the page decides what switching does (show the other cart, or go to
 * the other store screen). Each cart keeps its own lines.
 */
export function CartTypeSwitch({
  placeUid,
  value,
  onChange,
}: {
  placeUid: string | null;
  value: CartType;
  onChange: (type: CartType) => void;
}) {
  const { t } = useTranslation();
  const normal = useStoredCart(placeUid, 'cart');
  const subscription = useStoredCart(placeUid, 'subscription');
  const options: { type: CartType; label: string; count: number }[] = [
    {
      type: 'cart',
      label: t('subscription.normalCart'),
      count: normal ? cartCount(normal.products) : 0,
    },
    {
      type: 'subscription',
      label: t('subscription.subscriptionCart'),
      count: subscription ? cartCount(subscription.products) : 0,
    },
  ];
  return (
    <div className="cart-switch" role="group" aria-label={t('subscription.cartType')}>
      {options.map((option) => (
        <button
          key={option.type}
          type="button"
          className={`cart-switch__option${value === option.type ? ' cart-switch__option--on' : ''}`}
          aria-pressed={value === option.type}
          data-cart-type={option.type}
          onClick={() => onChange(option.type)}
        >
          <span>{option.label}</span>
          {option.count > 0 ? <span className="cart-switch__count">{option.count}</span> : null}
        </button>
      ))}
    </div>
  );
}
