import { randomBytes } from 'node:crypto';
import { parseSandboxToken, SANDBOX_INSTALLMENTS, type CardInput } from '@store/contract';
import { MercadoPagoConfig, MercadoPagoError, Payment, PaymentRefund } from 'mercadopago';

/**
 * What checkout, cancellation and the reconciliation run need from a card provider. The card
 * arrives as the provider's single-use token (made by its fields in the browser): no card number
 * ever reaches our server. A decline is an answer (`status: 'rejected'`), not an exception; an
 * exception means the provider could not be asked (network, credentials).
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * The installments every card may be charged in, when the provider has a fixed list (the
   * SANDBOX); absent when the provider decides per card and amount (Mercado Pago refuses a count
   * its card does not offer, which is then a decline).
   */
  readonly installments?: readonly number[];
  /** Charges the card once per idempotency key: a retry with the same key answers the same payment. */
  createPayment(request: CreatePaymentRequest): Promise<ProviderPayment>;
  /** The payment as the provider sees it now (what a notification is checked against). */
  getPayment(id: string): Promise<ProviderPayment>;
  /**
   * The payment made with this external reference (our order uid), if the provider has one: what
   * a charge whose answer was lost did.
   */
  findByReference?(reference: string): Promise<ProviderPayment | null>;
  /** Gives money back (the whole payment when `amountCents` is null), once per idempotency key. */
  refund(id: string, amountCents: number | null, idempotencyKey: string): Promise<{ id: string }>;
}

/** A payment's state on our side, whatever the provider's words for it. */
export type PaymentOutcome =
  'approved' | 'pending' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';

export type ProviderPayment = {
  id: string;
  status: PaymentOutcome;
  /** The provider's reason (e.g. cc_rejected_insufficient_amount); shown to staff, not to buyers. */
  detail: string | null;
  last4: string | null;
  amountCents: number;
  /** Our reference (the order uid) as the provider keeps it. */
  reference: string | null;
};

export type CreatePaymentRequest = {
  amountCents: number;
  currency: string;
  /** The order uid: the provider's external reference. */
  reference: string;
  idempotencyKey: string;
  description: string;
  payerEmail: string;
  card: CardInput;
  /** Where the provider posts its notifications (the tenant's own domain, never a request header). */
  notificationUrl: string | null;
};

/** The credentials of an ONLINE_CARD payment method (secrets stay on the server). */
export type ProviderSettings = { provider: string | null; accessToken: string | null };

/** Mercado Pago's statuses onto ours: https://www.mercadopago.com.pe/developers/en/reference/payments/_payments/post */
export function mercadoPagoOutcome(status: string | undefined): PaymentOutcome {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
      return 'refunded';
    case 'charged_back':
      return 'charged_back';
    // pending, in_process, authorized (held, not yet captured), in_mediation: not decided yet.
    default:
      return 'pending';
  }
}

/**
 * An error of a provider call with nothing of the request in it (the SDK's errors may carry
 * headers or bodies): only the provider's status and error code reach our logs and staff.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: string,
    readonly status: number | null,
  ) {
    super(`payment provider error: ${code}${status ? ` (${status})` : ''}`);
    this.name = 'PaymentProviderError';
  }
}

function providerError(err: unknown): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  if (err instanceof MercadoPagoError)
    return new PaymentProviderError(String(err.error || 'error').slice(0, 80), err.status);
  return new PaymentProviderError(err instanceof Error ? err.name : 'error', null);
}

const cents = (amount: number | undefined) => Math.round((amount ?? 0) * 100);

/**
 * Mercado Pago through its official SDK (`mercadopago`), one client per access token. The SDK
 * sends every write with our idempotency key (`X-Idempotency-Key`), so a retried charge or refund
 * is done once.
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly name = 'mercadopago';
  private readonly config: MercadoPagoConfig;

  constructor(accessToken: string) {
    this.config = new MercadoPagoConfig({
      accessToken,
      // A buyer waits on the charge: a short timeout and one quick retry of 429/5xx answers.
      options: { timeout: 15_000, maxRetries: 1, initialDelay: 300 },
    });
  }

  async createPayment(r: CreatePaymentRequest): Promise<ProviderPayment> {
    try {
      const payment = await new Payment(this.config).create({
        body: {
          transaction_amount: r.amountCents / 100,
          token: r.card.token,
          description: r.description,
          installments: r.card.installments,
          payment_method_id: r.card.payment_method_id,
          ...(r.card.issuer_id ? { issuer_id: Number(r.card.issuer_id) } : {}),
          payer: { email: r.payerEmail },
          external_reference: r.reference,
          ...(r.notificationUrl ? { notification_url: r.notificationUrl } : {}),
          three_d_secure_mode: 'optional',
        },
        requestOptions: { idempotencyKey: r.idempotencyKey },
      });
      return this.read(payment);
    } catch (err) {
      // A refused card token or card data is the provider's 400: a decline, not an outage.
      if (err instanceof MercadoPagoError && err.status === 400)
        return {
          id: '',
          status: 'rejected',
          detail: String(err.error || 'bad_request').slice(0, 80),
          last4: null,
          amountCents: r.amountCents,
          reference: r.reference,
        };
      throw providerError(err);
    }
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    try {
      return this.read(await new Payment(this.config).get({ id }));
    } catch (err) {
      throw providerError(err);
    }
  }

  async findByReference(reference: string): Promise<ProviderPayment | null> {
    try {
      const found = await new Payment(this.config).search({
        options: { external_reference: reference },
      });
      const payment = (found.results ?? []).find((p) => p.external_reference === reference);
      return payment ? this.read(payment as Awaited<ReturnType<Payment['get']>>) : null;
    } catch (err) {
      throw providerError(err);
    }
  }

  async refund(id: string, amountCents: number | null, idempotencyKey: string) {
    try {
      const refund = await new PaymentRefund(this.config).create({
        payment_id: id,
        body: amountCents === null ? {} : { amount: amountCents / 100 },
        requestOptions: { idempotencyKey },
      });
      return { id: String(refund.id) };
    } catch (err) {
      throw providerError(err);
    }
  }

  private read(p: Awaited<ReturnType<Payment['get']>>): ProviderPayment {
    return {
      id: String(p.id),
      status: mercadoPagoOutcome(p.status),
      detail: p.status_detail ?? null,
      last4: p.card?.last_four_digits ?? null,
      amountCents: cents(p.transaction_amount),
      reference: p.external_reference ?? null,
    };
  }
}

/**
 * SANDBOX provider: no money moves and no network call is made. It takes the tokens of the
 * sandbox form (`sandboxCardToken` in the contract: the test card's outcome travels in the token)
 * and keeps no state: the payment id carries what `getPayment` and `refund` check.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly installments = SANDBOX_INSTALLMENTS;

  async createPayment(r: CreatePaymentRequest): Promise<ProviderPayment> {
    const token = parseSandboxToken(r.card.token);
    const outcome = token?.outcome ?? 'card_declined';
    const last4 = token?.last4 ?? null;
    if (outcome === 'card_declined' || outcome === 'insufficient_funds')
      return {
        id: '',
        status: 'rejected',
        detail: outcome,
        last4,
        amountCents: r.amountCents,
        reference: r.reference,
      };
    const status = outcome === 'approved' ? 'approved' : 'pending';
    const id = `sbx_${status}_${r.amountCents}_${last4}_${randomBytes(9).toString('base64url')}`;
    return this.getPayment(id);
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const match = /^sbx_(approved|pending)_(\d+)_(\d{4})_/.exec(id);
    if (!match) throw new PaymentProviderError('not_found', 404);
    return {
      id,
      status: match[1] as PaymentOutcome,
      detail: match[1] === 'approved' ? 'accredited' : 'pending_challenge',
      last4: match[3],
      amountCents: Number(match[2]),
      reference: null,
    };
  }

  async refund(id: string, amountCents: number | null) {
    const payment = await this.getPayment(id);
    if (payment.status !== 'approved' || (amountCents ?? 0) > payment.amountCents)
      throw new PaymentProviderError('refund_not_allowed', 400);
    return { id: `sbxref_${randomBytes(9).toString('base64url')}` };
  }
}

const sandbox = new SandboxPaymentProvider();
const mercadoPagoClients = new Map<string, MercadoPagoProvider>();

/** The provider of an ONLINE_CARD payment method, with the method's own credentials. */
export function paymentProvider(method: ProviderSettings): PaymentProvider {
  if (method.provider === 'sandbox') return sandbox;
  if (method.provider === 'mercadopago') {
    if (!method.accessToken) throw new Error('a Mercado Pago payment method without access token');
    let client = mercadoPagoClients.get(method.accessToken);
    if (!client) {
      client = new MercadoPagoProvider(method.accessToken);
      mercadoPagoClients.set(method.accessToken, client);
    }
    return client;
  }
  throw new Error(`unknown payment provider ${method.provider}`);
}
