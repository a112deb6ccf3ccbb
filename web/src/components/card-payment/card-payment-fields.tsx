import type { MutableRefObject } from 'react';
import type { PaymentMethod } from '@store/contract/orders/schemas';
import { sandboxCard, type CardField, type CardToken } from '../../lib/checkout-logic';
import { CardFields } from './card-fields';
import { MercadoPagoCardFields, type CardTokenizer } from './mercadopago-card-fields';
import type { FormBinding } from '../../lib/form-binding';

export type { CardTokenizer };

/**
 * The card form of an online card method, wherever a card is paid (the checkout, a promotion
 * bought by card): Mercado Pago's secure fields for a Mercado Pago method, the sandbox's test-card
 * form otherwise. Either way the page ends up with a token, never sends a card number.
 */
export function CardPaymentFields({
  method,
  binding,
  tokenizer,
  amount,
}: {
  method: Pick<PaymentMethod, 'provider' | 'public_key'>;
  binding: FormBinding<CardField>;
  tokenizer: MutableRefObject<CardTokenizer | null>;
  /** The total to pay, for the installment amounts (null while the checkout's quote loads). */
  amount?: string | null;
}) {
  return method.provider === 'mercadopago' ? (
    <MercadoPagoCardFields
      publicKey={method.public_key ?? ''}
      binding={binding}
      tokenizer={tokenizer}
      amount={amount}
    />
  ) : (
    <CardFields binding={binding} amount={amount} />
  );
}

/** Why no token could be made: the provider's form is not loaded, or it refused the card typed. */
export class CardTokenError extends Error {
  constructor(readonly reason: 'unavailable' | 'invalid') {
    super(`card token: ${reason}`);
  }
}

/**
 * The token of the card in the form: Mercado Pago's fields make it (the card never passes
 * through this page); the sandbox form makes it here from the test card, with `salt` random.
 */
export async function cardTokenOf(
  method: Pick<PaymentMethod, 'provider'>,
  values: Record<CardField, string>,
  tokenizer: MutableRefObject<CardTokenizer | null>,
  salt: string,
): Promise<CardToken> {
  if (method.provider !== 'mercadopago') return sandboxCard(values, salt);
  if (!tokenizer.current) throw new CardTokenError('unavailable');
  try {
    return await tokenizer.current(values.card_holder);
  } catch {
    throw new CardTokenError('invalid');
  }
}
