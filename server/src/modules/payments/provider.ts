import { randomBytes } from 'node:crypto';

/**
 * What checkout needs from a card payment provider. Adding a real provider
 * (Culqi, Niubiz, Stripe, Mercado Pago) means implementing this interface and
 * naming it in `providers` below; a real one would take a client-side card
 * token in `source` instead of card numbers.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Holds the amount on the card; a decline is an answer, not an exception. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Takes the held amount. */
  capture(authorization: string, amountCents: number): Promise<void>;
  /** Gives a captured amount back (a canceled order). */
  refund(authorization: string, amountCents: number): Promise<void>;
}

export type CardSource = {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  holder_name: string;
};
export type AuthorizeRequest = {
  amountCents: number;
  currency: string;
  reference: string;
  source: CardSource;
};
export type AuthorizeResult =
  | { approved: true; authorization: string; last4: string }
  | { approved: false; reason: string; last4: string };

/**
 * SANDBOX provider: no money moves and no network call is made. Its test
 * cards (any future expiry, any CVC):
 *   4242 4242 4242 4242  approved
 *   5555 5555 5555 4444  approved
 *   4000 0000 0000 0002  declined (card_declined)
 *   4000 0000 0000 9995  declined (insufficient_funds)
 * Any other number is declined as well. It keeps no state: the
 * authorization id carries what capture and refund check.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  static readonly approving = new Set(['4242424242424242', '5555555555554444']);
  static readonly declining: Record<string, string> = {
    '4000000000000002': 'card_declined',
    '4000000000009995': 'insufficient_funds',
  };

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const number = request.source.number.replace(/\s+/g, '');
    const last4 = number.slice(-4);
    if (!SandboxPaymentProvider.approving.has(number))
      return {
        approved: false,
        reason: SandboxPaymentProvider.declining[number] ?? 'card_declined',
        last4,
      };
    return {
      approved: true,
      authorization: `sbx_${request.amountCents}_${randomBytes(9).toString('base64url')}`,
      last4,
    };
  }

  async capture(authorization: string, amountCents: number): Promise<void> {
    this.check(authorization, amountCents);
  }

  async refund(authorization: string, amountCents: number): Promise<void> {
    this.check(authorization, amountCents);
  }

  private check(authorization: string, amountCents: number) {
    const match = /^sbx_(\d+)_/.exec(authorization);
    if (!match || Number(match[1]) < amountCents)
      throw new Error(`sandbox: ${authorization} does not cover ${amountCents}`);
  }
}

const providers: Record<string, PaymentProvider> = { sandbox: new SandboxPaymentProvider() };

export function paymentProvider(name: string | null): PaymentProvider {
  const provider = name ? providers[name] : undefined;
  if (!provider) throw new Error(`unknown payment provider ${name}`);
  return provider;
}

/** Luhn check: a mistyped number is a field error before any provider is asked. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
