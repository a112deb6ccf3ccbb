import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../../../components/form-fields';
import { useFormatPrice } from '../../../lib/money';
import type { CouponState } from '../use-coupon';
import { CheckoutSection } from './checkout-section';

type CouponSectionProps = {
  state: CouponState;
  /** Why the server refused the order's price with this coupon, if it did. */
  refusal: string[];
  hidden?: boolean;
};

/** A coupon code to apply, or the applied coupon's terms with a way to remove it. */
export function CouponSection({ state, refusal, hidden }: CouponSectionProps) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const { coupon } = state;
  return (
    <CheckoutSection id="co-coupon" title={t('checkout.coupon')} hidden={hidden}>
      {coupon ? (
        <div className="checkout-coupon checkout-coupon--on" role="status">
          <span>
            <strong>{t('checkout.couponApplied', { code: coupon.code })}</strong>
            <small>
              {coupon.kind === 'PERCENT'
                ? t('checkout.couponPercent', { value: Number(coupon.discount) })
                : t('checkout.couponAmount', { value: price(coupon.discount) })}
              {Number(coupon.min_subtotal) > 0
                ? ` · ${t('checkout.couponMin', { min: price(coupon.min_subtotal) })}`
                : ''}
            </small>
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={state.remove}
          >
            {t('checkout.removeCoupon')}
          </button>
        </div>
      ) : (
        <div className="checkout-coupon">
          <TextField
            label={t('checkout.couponCode')}
            value={state.input}
            autoCapitalize="characters"
            onChange={(e) => state.setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void state.apply(state.input);
              }
            }}
            error={state.error ?? undefined}
          />
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void state.apply(state.input)}
            disabled={state.busy || !state.input.trim()}
          >
            {t('checkout.applyCoupon')}
          </button>
        </div>
      )}
      {coupon && refusal.length ? <FormAlert messages={refusal} /> : null}
    </CheckoutSection>
  );
}
