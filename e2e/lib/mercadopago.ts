import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { MercadoPagoFake } from '../../server/test/support/mercadopago-fake';
import { repoRoot } from './server';

const ACCESS_TOKEN = 'TEST-e2e-1234567890-aabbccddeeff';
export const MERCADOPAGO_PUBLIC_KEY = 'TEST-e2e-pk-0f1e2d3c';

/**
 * Mercado Pago for the browser tests, locally: the fake REST API the server's SDK is pointed at
 * (server/test/support/mercadopago-fake.ts, through mercadopago-preload.mjs), and a stand-in of
 * MercadoPago.js that follows its API for the calls the checkout makes: `new MercadoPago(key)`,
 * `fields.create(type).mount(id)` (each field a frame of the stand-in's own origin, so the page
 * cannot read it), `on('binChange')`, `getPaymentMethods({bin})`, `getInstallments({amount, bin})`,
 * `fields.createCardToken()`.
 * The token is made by the stand-in host from the number frame; the cardholder name picks the
 * outcome as with Mercado Pago's test users (APRO, OTHE, CONT).
 */
/**
 * Clicks a control on a page that holds the provider's secure fields. Chromium routes a click over
 * an out-of-process frame by hit-test data that can lag one scroll behind: a click right after
 * Playwright's own scroll-into-view may land in the card-number frame the control has just
 * replaced on screen (seen on a phone viewport). Scroll first and let two frames paint.
 */
export async function clickBesideProviderFrames(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await control.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await control.click();
}

export async function startMercadoPago(options: { brokenScript?: boolean } = {}) {
  const fake = await new MercadoPagoFake(new Set([ACCESS_TOKEN])).start();
  /** Every card number the stand-in host received (only the provider ever sees one). */
  const cardNumbers: string[] = [];
  /** Every Yape phone and approval code the stand-in host received (`phone:code`). */
  const yapeCodes: string[] = [];
  const host = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (url.pathname === '/js/v2') {
        if (options.brokenScript) {
          res.writeHead(503).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(SCRIPT);
        return;
      }
      if (url.pathname === '/field') {
        res
          .writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy':
              "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'",
          })
          .end(fieldHtml(url.searchParams.get('type') ?? 'cardNumber'));
        return;
      }
      if (url.pathname === '/v1/payment_methods/search') {
        const bin = url.searchParams.get('bin') ?? '';
        const id = bin.startsWith('5') ? 'master' : 'visa';
        cors(res).end(JSON.stringify({ results: [{ id, issuer: { id: 1 } }] }));
        return;
      }
      if (url.pathname === '/v1/payment_methods/installments') {
        // Mercado Pago's answer shape (GET /v1/payment_methods/installments, which
        // MercadoPago.js's getInstallments returns as is): per payment method, its issuer and
        // the payer costs; here 1 and 3 without interest, 6 and 12 with some.
        const bin = url.searchParams.get('bin') ?? '';
        const amount = Number(url.searchParams.get('amount'));
        const id = bin.startsWith('5') ? 'master' : 'visa';
        const money = (n: number) => `S/ ${n.toFixed(2).replace('.', ',')}`;
        const payer_costs = [
          [1, 0],
          [3, 0],
          [6, 5.5],
          [12, 11],
        ].map(([installments, rate]) => {
          const total = Math.round(amount * (100 + rate)) / 100;
          const each = Math.round((total * 100) / installments) / 100;
          return {
            installments,
            installment_rate: rate,
            discount_rate: 0,
            labels: rate ? [] : ['CFT_0,00%|TEA_0,00%'],
            min_allowed_amount: 1,
            max_allowed_amount: 60000,
            installment_amount: each,
            total_amount: total,
            recommended_message:
              installments === 1
                ? `1 cuota de ${money(total)} (${money(total)})`
                : `${installments} cuotas de ${money(each)} (${money(total)})`,
          };
        });
        cors(res).end(
          JSON.stringify(
            amount > 0
              ? [
                  {
                    payment_method_id: id,
                    payment_type_id: 'credit_card',
                    issuer: { id: 1, name: 'Banco de prueba' },
                    processing_mode: 'aggregator',
                    merchant_account_id: null,
                    payer_costs,
                    agreements: null,
                  },
                ]
              : [],
          ),
        );
        return;
      }
      if (url.pathname === '/platforms/pci/yape/v1/payment' && req.method === 'POST') {
        const body = JSON.parse(raw) as { phoneNumber: string; otp: string };
        yapeCodes.push(`${body.phoneNumber}:${body.otp}`);
        if (!/^\d{9}$/.test(body.phoneNumber) || !/^\d{6}$/.test(body.otp)) {
          res
            .writeHead(400, {
              'content-type': 'application/json',
              'access-control-allow-origin': '*',
            })
            .end(JSON.stringify({ error: 'bad_request', status: 400 }));
          return;
        }
        const id = fake.yapeToken(body.phoneNumber, body.otp);
        cors(res).end(JSON.stringify({ id, site_id: 'MPE', status: 'active' }));
        return;
      }
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': 'content-type',
            'access-control-allow-methods': 'POST',
          })
          .end();
        return;
      }
      if (url.pathname === '/v1/card_tokens' && req.method === 'POST') {
        const body = JSON.parse(raw) as { card_number: string; cardholder: { name: string } };
        cardNumbers.push(body.card_number);
        const id = fake.cardToken(body.cardholder.name, body.card_number.slice(-4));
        cors(res).end(JSON.stringify({ id }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;

  // The demo's main store, its online card switched to Mercado Pago.
  const demoDir = mkdtempSync(path.join(tmpdir(), 'e2e-mercadopago-'));
  cpSync(path.join(repoRoot, 'server/src/tenants/demo'), demoDir, { recursive: true });
  const file = path.join(demoDir, 'localhost.json');
  const tenant = JSON.parse(readFileSync(file, 'utf8'));
  for (const company of tenant.companies)
    for (const method of company.payment_methods ?? [])
      if (method.type === 'ONLINE_CARD') {
        method.name = 'Tarjeta (Mercado Pago)';
        method.provider = 'mercadopago';
        method.mercadopago = {
          public_key: MERCADOPAGO_PUBLIC_KEY,
          access_token: ACCESS_TOKEN,
          webhook_secret: 'whsec-e2e-0123456789abcdef',
        };
      }
  writeFileSync(file, JSON.stringify(tenant));

  return {
    fake,
    origin,
    cardNumbers,
    yapeCodes,
    env: {
      MERCADOPAGO_SDK_URL: `${origin}/js/v2`,
      E2E_MERCADOPAGO_API_URL: fake.url,
      DEMO_TENANTS_DIR: demoDir,
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(repoRoot, 'e2e/lib/mercadopago-preload.mjs')}`.trim(),
    },
    async stop() {
      await fake.stop();
      await new Promise<void>((ok) => host.close(() => ok()));
      rmSync(demoDir, { recursive: true, force: true });
    },
  };
}

function cors(res: import('node:http').ServerResponse) {
  return res.writeHead(200, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
  });
}

/** One secure field: an input in the stand-in's frame, talking to the page by postMessage. */
function fieldHtml(type: string): string {
  return `<!doctype html><html><body style="margin:0"><input id="f" aria-label="${type}"
 style="width:100%;height:44px;border:0;font:16px sans-serif;padding:0 4px;box-sizing:border-box"
 placeholder="${new URL('http://x/?p=').searchParams.get('p') ?? ''}">
<script>
const input = document.getElementById('f');
const type = ${JSON.stringify(type)};
let lastBin = null;
input.addEventListener('input', () => {
  if (type !== 'cardNumber') return;
  const digits = input.value.replace(/\\D/g, '');
  const bin = digits.length >= 6 ? digits.slice(0, 6) : null;
  if (bin !== lastBin) { lastBin = bin; parent.postMessage({ mp: 'binChange', bin }, '*'); }
});
addEventListener('message', async (event) => {
  if (event.data?.mp === 'placeholder') input.placeholder = event.data.placeholder;
  if (event.data?.mp !== 'tokenize' || type !== 'cardNumber') return;
  // The sibling fields are frames of this same origin: read there, never by the page.
  const read = (name) => parent.frames[name].document.getElementById('f').value;
  const number = input.value.replace(/\\D/g, '');
  const expiry = read('mp-expirationDate');
  const cvc = read('mp-securityCode');
  const answer = { mp: 'token', id: event.data.id };
  if (number.length < 12 || !/^\\d{2}\\/\\d{2}$/.test(expiry) || !/^\\d{3,4}$/.test(cvc)) {
    event.source.postMessage({ ...answer, error: 'invalid card data' }, '*');
    return;
  }
  const response = await fetch('/v1/card_tokens?public_key=' + encodeURIComponent(event.data.publicKey), {
    method: 'POST',
    body: JSON.stringify({ card_number: number, cardholder: { name: event.data.holder } }),
  });
  event.source.postMessage({ ...answer, token: (await response.json()).id }, '*');
});
</script></body></html>`;
}

const SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  class Field {
    constructor(type, options) { this.type = type; this.options = options || {}; this.handlers = {}; }
    mount(id) {
      const frame = document.createElement('iframe');
      frame.src = origin + '/field?type=' + this.type;
      frame.title = this.type;
      frame.name = 'mp-' + this.type;
      frame.addEventListener('load', () => frame.contentWindow.postMessage({ mp: 'placeholder', placeholder: this.options.placeholder || '' }, origin));
      this.frame = frame;
      this.listener = (event) => {
        if (event.origin === origin && event.source === frame.contentWindow && event.data?.mp === 'binChange')
          (this.handlers.binChange || []).forEach((h) => h({ bin: event.data.bin }));
      };
      addEventListener('message', this.listener);
      document.getElementById(id).appendChild(frame);
      return this;
    }
    unmount() { removeEventListener('message', this.listener); this.frame?.remove(); }
    on(event, handler) { (this.handlers[event] ||= []).push(handler); return this; }
    tokenize(publicKey, holder) {
      return new Promise((resolve, reject) => {
        const id = Math.random().toString(36).slice(2);
        const listener = (event) => {
          if (event.origin !== origin || event.data?.mp !== 'token' || event.data.id !== id) return;
          removeEventListener('message', listener);
          if (event.data.error) reject([{ code: 'invalid', message: event.data.error }]);
          else resolve({ id: event.data.token });
        };
        addEventListener('message', listener);
        this.frame.contentWindow.postMessage({ mp: 'tokenize', id, publicKey, holder }, origin);
      });
    }
  }
  window.MercadoPago = class MercadoPago {
    constructor(publicKey) {
      if (!publicKey) throw new Error('public key required');
      const created = {};
      this.fields = {
        create: (type, options) => (created[type] = new Field(type, options)),
        // As in MercadoPago.js, the number frame makes the token: the page never reads the card.
        createCardToken: ({ cardholderName }) => created.cardNumber.tokenize(publicKey, cardholderName),
      };
      // Yape (Peru): the phone and the approval code become a token at Mercado Pago's own host.
      this.yape = ({ phoneNumber, otp }) => ({
        create: async () => {
          const q = new URLSearchParams({ public_key: publicKey });
          const res = await fetch(origin + '/platforms/pci/yape/v1/payment?' + q, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ phoneNumber, otp, requestId: crypto.randomUUID() }),
          });
          const answer = await res.json();
          if (!res.ok) throw answer;
          return answer;
        },
      });
      this.getPaymentMethods = async ({ bin }) =>
        (await fetch(origin + '/v1/payment_methods/search?bin=' + bin + '&public_key=' + encodeURIComponent(publicKey))).json();
      // As MercadoPago.js v2: {amount (a string), bin} -> the array of installment offers.
      this.getInstallments = async ({ amount, bin }) => {
        if (typeof amount !== 'string' || !bin) throw new Error('amount (string) and bin required');
        const q = new URLSearchParams({ amount, bin, public_key: publicKey });
        return (await fetch(origin + '/v1/payment_methods/installments?' + q)).json();
      };
    }
  };
})();`;
