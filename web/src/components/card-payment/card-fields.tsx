import { useTranslation } from 'react-i18next';
import { SANDBOX_CARDS } from '@store/contract/payments/sandbox';
import { TextField } from '../form-fields';
import { formatCardNumber, formatExpiry } from '../../lib/checkout-logic';
import type { FormBinding, InputBinding } from '../../lib/form-binding';

type CardField = 'card_holder' | 'card_number' | 'card_expiry' | 'card_cvc';

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

/** The online card form, with the sandbox's test cards above it. */
export function CardFields({ binding }: { binding: FormBinding<CardField> }) {
  const { t } = useTranslation();
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
    </div>
  );
}
