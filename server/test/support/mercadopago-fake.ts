import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of Mercado Pago's REST API for the calls we make, following its published
 * contract (https://www.mercadopago.com.pe/developers/en/reference): `POST /v1/card_tokens`,
 * `POST /v1/payments` (idempotent per `X-Idempotency-Key`), `GET /v1/payments/{id}` and
 * `POST /v1/payments/{id}/refunds`, each behind `Authorization: Bearer <access token>`. Card
 * outcomes follow Mercado Pago's test cardholder names: APRO approved, CONT pending, OTHE
 * rejected (cc_rejected_other_reason), FUND rejected (cc_rejected_insufficient_amount).
 * `notification` signs a webhook as Mercado Pago does (x-signature `ts=...,v1=...`).
 */
export type FakePayment = {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  installments: number;
  issuer_id: string | null;
  external_reference: string | null;
  notification_url: string | null;
  payer: { email: string };
  card: { last_four_digits: string };
  refunds: { id: number; amount: number }[];
};

const OUTCOMES: Record<string, [string, string]> = {
  APRO: ['approved', 'accredited'],
  CONT: ['in_process', 'pending_contingency'],
  OTHE: ['rejected', 'cc_rejected_other_reason'],
  FUND: ['rejected', 'cc_rejected_insufficient_amount'],
};

/**
 * Yape's test phone numbers from Mercado Pago's Yape guide (OTP 123456): the `status_detail` each
 * gives. 111111119 (in process) is ours only: Mercado Pago documents Yape payments as approved or
 * rejected, but our code must still survive a pending answer.
 */
export const YAPE_OUTCOMES: Record<string, [string, string]> = {
  '111111111': ['approved', 'accredited'],
  '111111112': ['rejected', 'cc_rejected_call_for_authorize'],
  '111111113': ['rejected', 'cc_amount_rate_limit_exceeded'],
  '111111114': ['rejected', 'cc_unsupported_unsupported'],
  '111111115': ['rejected', 'cc_rejected_card_type_not_allowed'],
  '111111116': ['rejected', 'cc_rejected_max_attempts'],
  '111111117': ['rejected', 'cc_rejected_bad_filled_security_code'],
  '111111118': ['rejected', 'cc_rejected_form_error'],
  '111111119': ['in_process', 'pending_contingency'],
};
export const YAPE_TEST_OTP = '123456';

export class MercadoPagoFake {
  readonly payments = new Map<number, FakePayment>();
  readonly tokens = new Map<string, { last4: string; holder: string; used: boolean }>();
  /** Every request as received (method, path, headers, body), to check what the SDK sent. */
  readonly requests: {
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: unknown;
  }[] = [];
  private readonly byIdempotencyKey = new Map<string, unknown>();
  /** Refund calls still to fail with a 500 (a provider outage). */
  failRefunds = 0;
  /**
   * Payment creations still to be done but never answered (the connection dropped after the
   * provider took the money): the caller sees a network error.
   */
  dropPaymentAnswers = 0;
  /** Payment searches (look-ups by our reference) still to fail with a 500. */
  failSearches = 0;
  /**
   * Refunds of this payment are done at once but answered only when `until` settles: the window
   * in which the money is back at the provider and the caller has not heard of it yet.
   */
  holdRefundAnswers: { paymentId: number; until: Promise<void> } | null = null;
  private nextId = 1_000_000;
  private server?: Server;
  /** While started, the official SDK's calls come here (`interceptMercadoPago`). */
  private undoInterception?: () => void;
  url = '';

  constructor(readonly accessTokens: Set<string>) {}

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = raw ? JSON.parse(raw) : undefined;
        this.requests.push({ method: req.method!, path: req.url!, headers: req.headers, body });
        const [status, answer] = this.handle(req, body);
        if (req.method === 'POST' && req.url === '/v1/payments' && this.dropPaymentAnswers > 0) {
          this.dropPaymentAnswers--;
          res.destroy();
          return;
        }
        const send = () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        };
        const held = this.holdRefundAnswers;
        if (held && req.method === 'POST' && req.url === `/v1/payments/${held.paymentId}/refunds`)
          void held.until.then(send);
        else send();
      });
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.undoInterception = interceptMercadoPago(this.url);
    return this;
  }

  stop() {
    this.undoInterception?.();
    this.undoInterception = undefined;
    return new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  /** A card token as the provider's browser fields make it (the holder name picks the outcome). */
  cardToken(holder: keyof typeof OUTCOMES | string, last4 = '3704') {
    const id = randomUUID().replace(/-/g, '');
    this.tokens.set(id, { last4, holder, used: false });
    return id;
  }

  /**
   * A Yape token as MercadoPago.js makes it (`mp.yape({phoneNumber, otp}).create()`, which posts
   * to `/platforms/pci/yape/v1/payment`): the phone number picks the outcome. A wrong OTP is
   * tokenised too and then declined as a wrong code (cc_rejected_bad_filled_security_code).
   */
  yapeToken(phone: string, otp = YAPE_TEST_OTP) {
    const id = randomUUID().replace(/-/g, '');
    this.tokens.set(id, { last4: phone.slice(-4), holder: `yape:${phone}:${otp}`, used: false });
    return id;
  }

  /** The provider deciding a pending payment (3-D Secure done, review over). */
  settle(id: number | string, status: string, detail: string) {
    const p = this.payments.get(Number(id))!;
    p.status = status;
    p.status_detail = detail;
  }

  /** A notification signed with `secret` as Mercado Pago sends it: query, headers and body. */
  notification(paymentId: number | string, secret: string, now = Date.now()) {
    const ts = String(Math.floor(now / 1000));
    const requestId = randomUUID();
    const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
    const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
    return {
      query: `?data.id=${paymentId}&type=payment`,
      headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      body: {
        action: 'payment.updated',
        api_version: 'v1',
        type: 'payment',
        data: { id: String(paymentId) },
      },
    };
  }

  private handle(
    req: IncomingMessage,
    body: Record<string, unknown> | undefined,
  ): [number, unknown] {
    // Yape's token call is the browser's, with the public key in the query (no access token).
    if (req.method === 'POST' && req.url!.startsWith('/platforms/pci/yape/v1/payment')) {
      const b = (body ?? {}) as { phoneNumber?: string | number; otp?: string | number };
      const publicKey = new URL(req.url!, 'http://fake').searchParams.get('public_key');
      if (!publicKey || !/^\d{9}$/.test(String(b.phoneNumber)) || !/^\d{6}$/.test(String(b.otp)))
        return [400, { message: 'bad request', error: 'bad_request', status: 400, cause: [] }];
      const id = this.yapeToken(String(b.phoneNumber), String(b.otp));
      return [
        201,
        {
          id,
          public_key: publicKey,
          site_id: 'MPE',
          status: 'active',
          cardholder: { name: 'yape' },
          last_four_digits: String(b.phoneNumber).slice(-4),
        },
      ];
    }
    const auth = req.headers.authorization ?? '';
    if (!this.accessTokens.has(auth.replace(/^Bearer /, '')))
      return [
        401,
        { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] },
      ];
    const path = req.url!.split('?')[0];
    const key = req.headers['x-idempotency-key'] as string | undefined;
    if (req.method === 'POST' && key && this.byIdempotencyKey.has(`${path}|${key}`))
      return [200, this.byIdempotencyKey.get(`${path}|${key}`)];
    const remember = (answer: unknown): [number, unknown] => {
      if (key) this.byIdempotencyKey.set(`${path}|${key}`, answer);
      return [201, answer];
    };
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/payments') {
      const b = body as { token?: string; transaction_amount?: number; payment_method_id?: string };
      const token = b.token ? this.tokens.get(b.token) : undefined;
      if (!token || token.used || !b.payment_method_id || !(Number(b.transaction_amount) > 0))
        return [
          400,
          {
            message: 'Invalid card_token_id',
            error: 'bad_request',
            status: 400,
            cause: [{ code: 2006 }],
          },
        ];
      const yape = /^yape:(\d+):(\d+)$/.exec(token.holder);
      if (Boolean(yape) !== (b.payment_method_id === 'yape'))
        return [
          400,
          {
            message: 'Invalid payment_method_id',
            error: 'bad_request',
            status: 400,
            cause: [{ code: 4050 }],
          },
        ];
      token.used = true;
      const [status, detail] = yape
        ? yape[2] !== YAPE_TEST_OTP
          ? ['rejected', 'cc_rejected_bad_filled_security_code']
          : (YAPE_OUTCOMES[yape[1]] ?? ['rejected', 'cc_rejected_other_reason'])
        : (OUTCOMES[token.holder] ?? OUTCOMES.OTHE);
      const payment: FakePayment = {
        id: this.nextId++,
        status,
        status_detail: detail,
        transaction_amount: Number(b.transaction_amount),
        installments: Number(body!.installments ?? 1),
        issuer_id: body!.issuer_id != null ? String(body!.issuer_id) : null,
        external_reference: (body!.external_reference as string) ?? null,
        notification_url: (body!.notification_url as string) ?? null,
        payer: body!.payer as { email: string },
        card: { last_four_digits: token.last4 },
        refunds: [],
      };
      this.payments.set(payment.id, payment);
      return remember(payment);
    }
    if (req.method === 'GET' && path === '/v1/payments/search') {
      if (this.failSearches > 0) {
        this.failSearches--;
        return [
          500,
          { message: 'internal error', error: 'internal_error', status: 500, cause: [] },
        ];
      }
      const reference = new URL(req.url!, 'http://fake').searchParams.get('external_reference');
      const results = [...this.payments.values()].filter(
        (p) => reference && p.external_reference === reference,
      );
      return [200, { results, paging: { total: results.length, limit: 30, offset: 0 } }];
    }
    if (req.method === 'GET' && (m = /^\/v1\/payments\/(\d+)$/.exec(path))) {
      const p = this.payments.get(Number(m[1]));
      return p
        ? [200, p]
        : [404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [] }];
    }
    if (req.method === 'POST' && (m = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path))) {
      if (this.failRefunds > 0) {
        this.failRefunds--;
        return [
          500,
          { message: 'internal error', error: 'internal_error', status: 500, cause: [] },
        ];
      }
      const p = this.payments.get(Number(m[1]));
      if (!p || p.status !== 'approved')
        return [
          400,
          { message: 'Payment not refundable', error: 'bad_request', status: 400, cause: [] },
        ];
      const refunded = p.refunds.reduce((a, r) => a + r.amount, 0);
      const amount =
        (body as { amount?: number } | undefined)?.amount ?? p.transaction_amount - refunded;
      if (amount + refunded > p.transaction_amount + 1e-9)
        return [400, { message: 'Amount too high', error: 'bad_request', status: 400, cause: [] }];
      const refund = { id: this.nextId++, amount };
      p.refunds.push(refund);
      if (refunded + amount >= p.transaction_amount) p.status = 'refunded';
      return remember({ ...refund, payment_id: p.id, status: 'approved' });
    }
    return [404, { message: 'not found', error: 'not_found', status: 404, cause: [] }];
  }
}

/**
 * Points the official SDK at the fake: the SDK calls the global `fetch` with
 * https://api.mercadopago.com; this rewrites that origin (and only it) under the SDK. Returns the
 * undo.
 */
function interceptMercadoPago(fakeUrl: string): () => void {
  const real = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('https://api.mercadopago.com/'))
      return real(fakeUrl + url.slice('https://api.mercadopago.com'.length), init);
    return real(input, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = real;
  };
}
