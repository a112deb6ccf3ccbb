import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-fields';
import type { FormBinding } from '../form/form-binding';

type ShippingTypeChoiceProps = {
  binding: FormBinding<'shipping_type'>;
  offersPickup: boolean;
  offersDelivery: boolean;
};

/** Pickup or delivery, as the place offers them; a clear message when it offers neither. */
export function ShippingTypeChoice({
  binding,
  offersPickup,
  offersDelivery,
}: ShippingTypeChoiceProps) {
  const { t } = useTranslation();
  const chosen = binding.value('shipping_type');
  const error = binding.error('shipping_type');
  const choice = (option: 'pickup' | 'delivery') => (
    <label className={`checkout-choice${chosen === option ? ' checkout-choice--on' : ''}`}>
      <input type="radio" {...binding.radio('shipping_type', option)} />
      <span>{t(`checkout.${option}`)}</span>
    </label>
  );
  return (
    <>
      {!offersPickup && !offersDelivery ? (
        <FormAlert messages={[t('checkout.noShippingMethods')]} />
      ) : (
        <fieldset className="checkout-choices">
          <legend className="visually-hidden">{t('checkout.shippingType')}</legend>
          {offersPickup ? choice('pickup') : null}
          {offersDelivery ? choice('delivery') : null}
        </fieldset>
      )}
      {error ? <FormAlert messages={[error]} /> : null}
    </>
  );
}
