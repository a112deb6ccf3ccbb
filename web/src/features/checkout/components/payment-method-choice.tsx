import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@store/contract/orders/schemas';
import { FormAlert } from '../../../components/form-fields';
import type { FormBinding } from '../form/form-binding';

type PaymentMethodChoiceProps = {
  binding: FormBinding<'payment_method'>;
  methods: readonly PaymentMethod[];
  hidden?: boolean;
};

/** The place's payment methods as radio cards, with the field's error under them. */
export function PaymentMethodChoice({ binding, methods, hidden }: PaymentMethodChoiceProps) {
  const { t } = useTranslation();
  const chosen = binding.value('payment_method');
  const error = binding.error('payment_method');
  return (
    <>
      <fieldset className="checkout-methods" hidden={hidden}>
        <legend className="visually-hidden">{t('checkout.paymentMethod')}</legend>
        {methods.map((method) => (
          <label
            key={method.uid}
            className={`checkout-method${chosen === method.uid ? ' checkout-method--on' : ''}`}
          >
            <input type="radio" {...binding.radio('payment_method', method.uid)} />
            <span>
              <strong>{method.name}</strong>
              <small>{t(`checkout.payment${method.type}`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? <FormAlert messages={[error]} /> : null}
    </>
  );
}
