import type { MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@store/contract/orders/schemas';
import { FormAlert } from '../../../components/form-fields';
import {
  CardPaymentFields,
  type CardTokenizer,
} from '../../../components/card-payment/card-payment-fields';
import { YapeFields, type YapeTokenizer } from '../../../components/card-payment/yape-fields';
import type { CardField, PaymentType } from '../../../lib/checkout-logic';
import type { useMemberCoins } from '../../../lib/member-coins';
import type { FormBinding } from '../form/form-binding';
import { PaymentMethodChoice } from './payment-method-choice';
import { CheckoutSection } from './checkout-section';

type PaymentSectionProps = {
  binding: FormBinding<'payment_method' | CardField>;
  coinsCart: boolean;
  coinTotal: number;
  memberCoins: ReturnType<typeof useMemberCoins>;
  methods: readonly PaymentMethod[];
  acceptsCards: boolean;
  paymentType: PaymentType | null;
  chosenMethod: PaymentMethod | undefined;
  total: string | undefined;
  tokenizer: MutableRefObject<CardTokenizer | null>;
  yapeTokenizer: MutableRefObject<YapeTokenizer | null>;
};

/** How the member pays: the coins of a coins cart, or a method (the card or Yape form inline). */
export function PaymentSection({
  binding,
  coinsCart,
  coinTotal,
  memberCoins,
  methods,
  acceptsCards,
  paymentType,
  chosenMethod,
  total,
  tokenizer,
  yapeTokenizer,
}: PaymentSectionProps) {
  const { t } = useTranslation();
  return (
    <CheckoutSection id="co-payment" title={t('checkout.payment')}>
      {coinsCart ? (
        <div className="checkout-coins" data-coin-total={coinTotal}>
          <p>
            <strong>{t('checkout.coinsPay', { count: coinTotal })}</strong>
          </p>
          {memberCoins.known ? (
            <p className="checkout-note">
              {t('checkout.coinsBalance', { count: memberCoins.coins })}
            </p>
          ) : null}
          {!methods.length ? <FormAlert messages={[t('checkout.coinsUnavailable')]} /> : null}
        </div>
      ) : null}
      <PaymentMethodChoice binding={binding} methods={methods} hidden={coinsCart} />
      {!acceptsCards ? <p className="checkout-note">{t('checkout.noCardPayments')}</p> : null}
      {paymentType === 'ONLINE_CARD' && chosenMethod ? (
        <CardPaymentFields
          method={chosenMethod}
          binding={binding}
          tokenizer={tokenizer}
          amount={total ?? null}
        />
      ) : null}
      {paymentType === 'YAPE' && chosenMethod ? (
        <YapeFields publicKey={chosenMethod.public_key ?? ''} tokenizer={yapeTokenizer} />
      ) : null}
    </CheckoutSection>
  );
}
