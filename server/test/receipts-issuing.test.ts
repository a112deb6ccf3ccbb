import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, goodCard, makeShop, type Shop } from './support/orders';
import { startNubefactFake } from './support/nubefact-fake';
import { NubefactProvider } from '../src/modules/receipts/issuing/nubefact';
import { auditLog, electronicReceipts, mailOutbox } from '../src/db/schema';

/**
 * Electronic receipts (issue 40 part 2): a paid order's boleta or factura is queued with its
 * number in the sale's transaction and issued through Nubefact's JSON API (a local stand-in);
 * a provider that is down loses nothing, a rejection keeps its reason, a refund gets its credit
 * note, and concurrent sales never share a number.
 */
let t: TestApp;
let fake: Awaited<ReturnType<typeof startNubefactFake>>;
/** A company's own Nubefact account, set by its owner (another account, another token). */
let own: Awaited<ReturnType<typeof startNubefactFake>>;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;
let owner: Record<string, string>;

before(async () => {
  fake = await startNubefactFake();
  own = await startNubefactFake('company-own-token-0003');
  t = await startTestApp({
    more: {
      receipts: {
        provider: new NubefactProvider(fake.url, fake.token),
        // The stand-in's origin is where an owner's account may point here.
        companyAccounts: { origins: [new URL(own.url).origin] },
        // The tests drain the outbox themselves; retries are due at once.
        delivery: { pollMs: 3_600_000, retryBaseMs: 1, maxAttempts: 3 },
      },
    },
  });
  shop = await makeShop(t, 'issuing-shop', { stock: 500, staff: true });
  member = await shop.member();
  owner = await shop.signIn();
});
after(async () => {
  await t?.close();
  await fake?.close();
  await own?.close();
});

async function order(options: { receipt?: unknown; quantity?: number; cash?: boolean } = {}) {
  const quantity = options.quantity ?? 1;
  const res = await t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products: [shop.cakeLine(quantity)],
      expected_total: (10 * quantity).toFixed(2),
      payment_method: options.cash ? shop.cash : shop.online,
      ...(options.cash ? {} : { card: goodCard }),
      ...(options.receipt ? { receipt: options.receipt } : {}),
      billing,
    },
    { host: shop.host, headers: member.auth },
  );
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; number: number };
}

const receiptsOf = (orderUid: string) =>
  t.db
    .select()
    .from(electronicReceipts)
    .where(
      and(eq(electronicReceipts.appId, shop.app.uid), eq(electronicReceipts.orderUid, orderUid)),
    )
    .orderBy(electronicReceipts.createdAt);

const drain = async () => {
  // Retries wait a millisecond (retryBaseMs): let them fall due before looking again.
  await new Promise((r) => setTimeout(r, 5));
  await t.app.receiptIssuer!.drain();
};

describe('electronic receipts', () => {
  test('a paid order gets its boleta B001 with IGV from the tax rule, the links kept and mailed', async () => {
    const placed = await order({
      receipt: { type: 'boleta', document_type: 'DNI', document_number: '45678912' },
    });
    let [receipt] = await receiptsOf(placed.uid);
    assert.equal(receipt!.kind, 'BOLETA');
    assert.match(receipt!.serie, /^B\d{3}$/);
    assert.equal(receipt!.status, 'PENDING');
    await drain();
    [receipt] = await receiptsOf(placed.uid);
    assert.equal(receipt!.status, 'ISSUED', receipt!.error ?? '');
    assert.match(receipt!.pdfUrl!, /\.pdf$/);
    assert.match(receipt!.xmlUrl!, /\.xml$/);
    const sent = fake.received.find(
      (b) => b.serie === receipt!.serie && b.numero === receipt!.numero,
    )!;
    assert.equal(sent.tipo_de_comprobante, 2);
    assert.equal(sent.cliente_tipo_de_documento, '1');
    assert.equal(sent.cliente_numero_de_documento, '45678912');
    // S/ 10.00 with 18 % IGV included: 8.47 + 1.53.
    assert.equal(sent.porcentaje_de_igv, 18);
    assert.equal(sent.total, 10);
    assert.equal(sent.total_igv, 1.53);
    assert.equal(sent.total_gravada, 8.47);
    // The buyer's order shows it, with the provider's links.
    const mine = await t.get(`/api/v5/me/orders/${placed.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(mine.statusCode, 200, mine.body);
    assert.deepEqual(mine.data.electronic_receipts, [
      {
        kind: 'BOLETA',
        serie: receipt!.serie,
        numero: receipt!.numero,
        status: 'ISSUED',
        total: '10.00',
        pdf_url: receipt!.pdfUrl,
        xml_url: receipt!.xmlUrl,
        issued_at: receipt!.issuedAt!.toISOString(),
      },
    ]);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.appId, shop.app.uid), eq(mailOutbox.to, billing.email)));
    assert.ok(mails.some((m) => m.subject.includes(`${receipt!.serie}-${receipt!.numero}`)));
  });

  test('a factura: tipo 1 with the RUC, razón social and fiscal address, series F', async () => {
    const placed = await order({
      receipt: {
        type: 'factura',
        ruc: '20100070970',
        business_name: 'Supermercados Peruanos S.A.',
        fiscal_address: 'Calle Morelli 181, San Borja, Lima',
      },
    });
    await drain();
    const [receipt] = await receiptsOf(placed.uid);
    assert.equal(receipt!.kind, 'FACTURA');
    assert.match(receipt!.serie, /^F\d{3}$/);
    assert.equal(receipt!.status, 'ISSUED', receipt!.error ?? '');
    const sent = fake.received.find(
      (b) => b.serie === receipt!.serie && b.numero === receipt!.numero,
    )!;
    assert.equal(sent.tipo_de_comprobante, 1);
    assert.equal(sent.cliente_tipo_de_documento, '6');
    assert.equal(sent.cliente_denominacion, 'Supermercados Peruanos S.A.');
    const listed = await t.get('/api/v5/admin/money/receipts/?status=ISSUED', {
      host: shop.host,
      headers: owner,
    });
    const shown = listed.data.results.find((r: { uid: string }) => r.uid === receipt!.uid);
    assert.deepEqual(shown.buyer, {
      document_type: 'RUC',
      document_number: '20100070970',
      name: 'Supermercados Peruanos S.A.',
    });
  });

  test('the provider down: the receipt waits and is issued once it is back; a rejection keeps its reason and is retried by the owner', async () => {
    fake.state.mode = 'down';
    const placed = await order();
    await t.app.receiptIssuer!.drain();
    let [receipt] = await receiptsOf(placed.uid);
    assert.equal(receipt!.status, 'PENDING');
    assert.equal(receipt!.attempts, 1);
    assert.match(receipt!.error!, /503/);
    fake.state.mode = 'up';
    await drain();
    [receipt] = await receiptsOf(placed.uid);
    assert.equal(receipt!.status, 'ISSUED');
    assert.equal(receipt!.attempts, 2);

    fake.state.mode = 'reject';
    const rejected = await order();
    await drain();
    [receipt] = await receiptsOf(rejected.uid);
    assert.equal(receipt!.status, 'REJECTED');
    assert.equal(receipt!.error, 'El RUC del cliente no está activo en SUNAT');
    // The owner sees it in /admin with the provider's reason, and retries it.
    const listed = await t.get('/api/v5/admin/money/receipts/?status=REJECTED', {
      host: shop.host,
      headers: owner,
    });
    assert.equal(listed.statusCode, 200, listed.body);
    const shown = listed.data.results.find((r: { uid: string }) => r.uid === receipt!.uid);
    assert.equal(shown.error, 'El RUC del cliente no está activo en SUNAT');
    assert.equal(shown.order.number, rejected.number);
    assert.deepEqual(shown.buyer, {
      document_type: null,
      document_number: null,
      name: `${billing.first_name} ${billing.last_name}`,
    });
    // The buyer reads it as being issued, never the provider's reason nor a link.
    const mine = await t.get(`/api/v5/me/orders/${rejected.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.deepEqual(
      mine.data.electronic_receipts.map((r: Record<string, unknown>) => [r.status, r.pdf_url]),
      [['PENDING', null]],
    );
    assert.equal(JSON.stringify(mine.data).includes('SUNAT'), false);
    // One order's receipts (the screen follows a retried one by its order); a bad uid: none.
    for (const [order, count] of [
      [rejected.uid, 1],
      ['not-a-uid', 0],
    ] as const) {
      const one = await t.get(`/api/v5/admin/money/receipts/?order=${order}`, {
        host: shop.host,
        headers: owner,
      });
      assert.equal(one.statusCode, 200, one.body);
      assert.equal(one.data.count, count);
    }
    fake.state.mode = 'up';
    const retried = await t.post(`/api/v5/admin/money/receipts/${receipt!.uid}/retry/`, undefined, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.data.status, 'PENDING');
    await drain();
    [receipt] = await receiptsOf(rejected.uid);
    assert.equal(receipt!.status, 'ISSUED');
    assert.equal(receipt!.error, null);
    // A uid that is no uid, or no receipt of this company: 404, never a 500.
    for (const uid of ['0', '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.post(`/api/v5/admin/money/receipts/${uid}/retry/`, undefined, {
        host: shop.host,
        headers: owner,
      });
      assert.equal(missing.statusCode, 404, missing.body);
    }
  });

  test('a refund gets a credit note (BC series) naming the boleta it corrects', async () => {
    const placed = await order({ quantity: 2 });
    await drain();
    const cancel = await t.post(`/api/v5/me/orders/${placed.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    await drain();
    const [sale, note] = await receiptsOf(placed.uid);
    assert.equal(note!.kind, 'CREDIT_NOTE');
    assert.match(note!.serie, /^BC\d{2}$/);
    assert.equal(note!.refersToUid, sale!.uid);
    assert.equal(note!.totalCents, 2000);
    assert.equal(note!.status, 'ISSUED', note!.error ?? '');
    const mine = await t.get(`/api/v5/me/orders/${placed.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.deepEqual(
      mine.data.electronic_receipts.map((r: Record<string, unknown>) => [r.kind, r.total]),
      [
        ['BOLETA', '20.00'],
        ['CREDIT_NOTE', '20.00'],
      ],
    );
    // The owner's order screen reads the order's receipts: newest first, the credit note's links.
    const listed = await t.get(`/api/v5/admin/money/receipts/?order=${placed.uid}`, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(
      listed.data.results.map((r: Record<string, unknown>) => [
        r.kind,
        `${r.serie}-${r.numero}`,
        r.status,
        r.total,
      ]),
      [
        ['CREDIT_NOTE', `${note!.serie}-${note!.numero}`, 'ISSUED', '20.00'],
        ['BOLETA', `${sale!.serie}-${sale!.numero}`, 'ISSUED', '20.00'],
      ],
    );
    assert.equal(listed.data.results[0].pdf_url, note!.pdfUrl);
    assert.equal(listed.data.results[0].xml_url, note!.xmlUrl);
    const sent = fake.received.find((b) => b.serie === note!.serie && b.numero === note!.numero)!;
    assert.equal(sent.tipo_de_comprobante, 3);
    assert.equal(sent.documento_que_se_modifica_serie, sale!.serie);
    assert.equal(sent.documento_que_se_modifica_numero, sale!.numero);
    assert.equal(sent.total, 20);
  });

  test('a cash order gets its receipt when delivered, not before', async () => {
    const placed = await order({ cash: true });
    assert.equal((await receiptsOf(placed.uid)).length, 0);
    for (const action of ['accept', 'deliver']) {
      const moved = await t.post(
        `/api/v5/staff/orders/${placed.uid}/transition/`,
        { action },
        { host: shop.host, headers: owner },
      );
      assert.equal(moved.statusCode, 200, moved.body);
    }
    await drain();
    const [receipt] = await receiptsOf(placed.uid);
    assert.equal(receipt!.status, 'ISSUED', receipt?.error ?? 'no receipt');
  });

  test('a company issuing on delivery: a card order waits for its delivery (Pagos e impuestos)', async () => {
    const tax = await t.get('/api/v5/admin/money/tax/', { host: shop.host, headers: owner });
    assert.equal(tax.data.receipt_issue_on, 'PAYMENT');
    const set = await t.call('PUT', '/api/v5/admin/money/tax/', {
      body: {
        name: tax.data.name,
        rate: tax.data.rate,
        receipt_issue_on: 'DELIVERY',
        version: tax.data.version,
      },
      host: shop.host,
      headers: owner,
    });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.data.receipt_issue_on, 'DELIVERY');
    const placed = await order();
    assert.equal((await receiptsOf(placed.uid)).length, 0);
    for (const action of ['accept', 'deliver'])
      await t.post(
        `/api/v5/staff/orders/${placed.uid}/transition/`,
        { action },
        { host: shop.host, headers: owner },
      );
    assert.equal((await receiptsOf(placed.uid)).length, 1);
    await t.call('PUT', '/api/v5/admin/money/tax/', {
      body: {
        name: tax.data.name,
        rate: tax.data.rate,
        receipt_issue_on: 'PAYMENT',
        version: set.data.version,
      },
      host: shop.host,
      headers: owner,
    });
  });

  test("the company's own Nubefact account: validated, token write-only, used instead of the deployment's, forgotten back to it", async () => {
    const put = (body: unknown) =>
      t.call('PUT', '/api/v5/admin/money/receipt-account/', {
        host: shop.host,
        headers: owner,
        body,
      });
    const first = await t.get('/api/v5/admin/money/receipt-account/', {
      host: shop.host,
      headers: owner,
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.data, {
      provider: 'nubefact',
      url: null,
      token_configured: false,
      issuer: 'DEPLOYMENT',
      version: 0,
    });
    // Bad input: 400 with the field, nothing kept.
    const refusals: [unknown, Record<string, string[]>][] = [
      [
        { url: 'https://evil.example/api/v1/x', token: 'x', version: 0 },
        { url: ['admin.receipt_url_invalid'] },
      ],
      // Our own network is not the provider (the server would post the sales there).
      [
        { url: 'http://127.0.0.1:1/api/v1/x', token: 'x', version: 0 },
        { url: ['admin.receipt_url_invalid'] },
      ],
      [{ url: 'not a url', token: 'x', version: 0 }, { url: ['admin.receipt_url_invalid'] }],
      [{ url: own.url, version: 0 }, { token: ['admin.receipt_token_required'] }],
      [{ url: own.url, token: '', version: 0 }, { token: ['form.required'] }],
      [{ token: 'x', version: 0 }, { url: ['form.required'] }],
    ];
    for (const [body, fields] of refusals) {
      const res = await put(body);
      assert.equal(res.statusCode, 400, res.body);
      for (const [field, codes] of Object.entries(fields))
        assert.deepEqual(
          (res.errorCodes?.codes?.[field] ?? []).map((c) => c.code),
          codes,
          `${JSON.stringify(body)}: ${res.body}`,
        );
    }
    const stray = await put({ url: own.url, token: 'x', version: 0, extra: 1 });
    assert.equal(stray.statusCode, 400, stray.body);

    const set = await put({ url: own.url, token: own.token, version: 0 });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.data, {
      provider: 'nubefact',
      url: own.url,
      token_configured: true,
      issuer: 'COMPANY',
      version: 1,
    });
    assert.ok(!set.body.includes(own.token), 'the token is never answered');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, shop.app.uid), eq(auditLog.entity, 'receipt_account')));
    assert.equal(audit.length, 1);
    assert.ok(!JSON.stringify(audit).includes(own.token), 'nor written to the audit log');
    assert.deepEqual((audit[0]!.after as { replaced: string[] }).replaced, ['token']);
    const stale = await put({ url: own.url, token: own.token, version: 0 });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.ok(!stale.body.includes(own.token));

    // The company's sale goes through its own account, not the deployment's.
    const mine = await order();
    await drain();
    let [receipt] = await receiptsOf(mine.uid);
    assert.equal(receipt!.status, 'ISSUED', receipt!.error ?? '');
    const key = (b: Record<string, unknown>) => `${b.serie}-${b.numero}`;
    const id = `${receipt!.serie}-${receipt!.numero}`;
    assert.ok(
      own.received.some((b) => key(b) === id),
      'sent with the company account',
    );
    assert.ok(!fake.received.some((b) => key(b) === id), 'not with the deployment account');

    // The URL alone changes, the token kept; then forgotten: the deployment's account again.
    const moved = await put({ url: `${own.url}/`, version: 1 });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.data.token_configured, true);
    const cleared = await put({ url: null, version: 2 });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(cleared.data, {
      provider: 'nubefact',
      url: null,
      token_configured: false,
      issuer: 'DEPLOYMENT',
      version: 3,
    });
    const next = await order();
    await drain();
    [receipt] = await receiptsOf(next.uid);
    assert.equal(receipt!.status, 'ISSUED', receipt!.error ?? '');
    assert.ok(fake.received.some((b) => key(b) === `${receipt!.serie}-${receipt!.numero}`));
  });

  test('ten paid orders at once: ten different consecutive numbers of one series', async () => {
    const placed = await Promise.all(Array.from({ length: 10 }, () => order()));
    const rows = (await Promise.all(placed.map((p) => receiptsOf(p.uid)))).map((r) => r[0]!);
    const series = new Set(rows.map((r) => r.serie));
    assert.equal(series.size, 1);
    const numbers = rows.map((r) => r.numero).sort((a, b) => a - b);
    assert.equal(new Set(numbers).size, 10);
    assert.equal(numbers[9]! - numbers[0]!, 9);
    await drain();
  });
});
