import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import type { FormBinding } from '../form/form-binding';
import { CheckoutSection } from './checkout-section';

type BillingField = 'first_name' | 'last_name' | 'email' | 'phone' | 'city' | 'billing_address';

/**
 * Who the order is billed to; prefilled from the member's profile by the page. No address for a
 * pickup paid at the counter (`withAddress` false).
 */
export function BillingSection({
  binding,
  withAddress = true,
}: {
  binding: FormBinding<BillingField>;
  withAddress?: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: BillingField, label: string, autoComplete: string, type = 'text') => (
    <TextField
      label={t(label)}
      type={type}
      autoComplete={autoComplete}
      error={binding.error(name)}
      {...binding.input(name)}
    />
  );
  return (
    <CheckoutSection id="co-billing" title={t('checkout.billing')}>
      <div className="checkout-row">
        {field('first_name', 'checkout.firstName', 'given-name')}
        {field('last_name', 'checkout.lastName', 'family-name')}
      </div>
      <div className="checkout-row">
        {field('email', 'checkout.email', 'email', 'email')}
        {field('phone', 'checkout.phone', 'tel', 'tel')}
      </div>
      <div className="checkout-row">
        {field('city', 'checkout.city', 'address-level2')}
        {withAddress ? field('billing_address', 'checkout.billingAddress', 'street-address') : null}
      </div>
    </CheckoutSection>
  );
}
