import { useTranslation } from 'react-i18next';
import { SANDBOX_CARDS, SANDBOX_INSTALLMENTS } from '@store/contract/payments/sandbox';
import { SelectField, TextField } from '../form-fields';
import {
  formatCardNumber,
  formatExpiry,
  installmentAmounts,
  type CardField,
} from '../../lib/checkout-logic';
import type { FormBinding, InputBinding } from '../../lib/form-binding';
import { useFormatPrice } from '../../lib/money';

// The SANDBOX provider's test cards (contract payments/sandbox): shown so a demo can be paid.
const SHOWN = SANDBOX_CARDS.filter((c) => c.outcome !== 'insufficient_funds');

/** The binding of a field whose typed text is reformatted as it changes (groups, the expiry's slash). */
function formatted(
  binding: InputBinding,
  format: (value: string, previous: string) => string,
  previous: string,
): InputBinding {
  return {
    ...binding,
    onChange: (event) => {
      event.target.value = format(event.target.value, previous);
      return binding.onChange(event);
    },
  };
}

/**
 * The online card form, with the sandbox's test cards above it and the SANDBOX's installment
 * choices (1, 3 or 6 for any card; no interest, so each is the total divided by the count).
 */
export function CardFields({
  binding,
  amount,
}: {
  binding: FormBinding<CardField>;
  /** The total to pay, when known (the checkout's quote may still be loading). */
  amount?: string | null;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  return (
    <div className="checkout-card">
      <div className="checkout-sandbox" role="note">
        <strong>{t('checkout.sandboxTitle')}</strong>
        <p>{t('checkout.sandboxText')}</p>
        <ul>
          {SHOWN.map((c) => (
            <li key={c.number}>
              <code>{formatCardNumber(c.number)}</code> —{' '}
              {c.outcome === 'approved'
                ? t('checkout.sandboxApproves')
                : c.outcome === 'pending'
                  ? t('checkout.sandboxPending')
                  : t('checkout.sandboxDeclines')}
            </li>
          ))}
        </ul>
      </div>
      <TextField
        label={t('checkout.cardHolder')}
        autoComplete="cc-name"
        error={binding.error('card_holder')}
        {...binding.input('card_holder')}
      />
      <TextField
        label={t('checkout.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={binding.error('card_number')}
        {...formatted(binding.input('card_number'), formatCardNumber, binding.value('card_number'))}
      />
      <div className="checkout-row">
        <TextField
          label={t('checkout.cardExpiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/30"
          error={binding.error('card_expiry')}
          maxLength={5}
          {...formatted(binding.input('card_expiry'), formatExpiry, binding.value('card_expiry'))}
        />
        <TextField
          label={t('checkout.cardCvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={binding.error('card_cvc')}
          {...binding.input('card_cvc')}
        />
      </div>
      <SelectField
        label={t('checkout.installments')}
        error={binding.error('card_installments')}
        options={SANDBOX_INSTALLMENTS.map((count) => ({
          value: String(count),
          label: installmentLabel(
            t,
            count,
            amount ? installmentAmounts(amount, count) : null,
            price,
          ),
        }))}
        {...binding.input('card_installments')}
      />
    </div>
  );
}

/**
 * '1 pago de S/ 25.00', '2 cuotas de S/ 12.50', '3 cuotas: 2 de S/ 8.33 y la última de S/ 8.34'
 * (the last absorbs the rounding, so they add up to the total); without the amount while it is
 * not known.
 */
export function installmentLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  count: number,
  amounts: { each: string; last: string } | null,
  price: (amount: string) => string,
): string {
  if (count === 1)
    return amounts
      ? t('checkout.installmentsOnce', { amount: price(amounts.last) })
      : t('checkout.installmentsOnceNoAmount');
  if (!amounts) return t('checkout.installmentsManyNoAmount', { count });
  return amounts.each === amounts.last
    ? t('checkout.installmentsMany', { count, amount: price(amounts.each) })
    : t('checkout.installmentsUneven', {
        count,
        first: count - 1,
        amount: price(amounts.each),
        last: price(amounts.last),
      });
}
