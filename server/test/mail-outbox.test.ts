import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { adminMessages, messageText } from '@store/contract';
import { apps, mailOutbox, users } from '../src/db/schema';
import { pruneMailOutbox } from '../src/modules/mail/prune';
import { Mailer } from '../src/modules/mail/mailer';
import { dayInWords } from '../src/modules/mail/words';
import type { MailDelivery } from '../src/modules/mail/delivery';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember, startSmtp } from './support/accounts';
import { billing, firstSlot, goodCard, makeShop, north, type Shop } from './support/orders';

/**
 * The outbox (issue 21): a mail is written with what caused it and sent by a worker that retries
 * with backoff, never twice, and gives up visibly. A real SMTP server goes down and comes back.
 */

const fast: MailDelivery = { pollMs: 50, retryBaseMs: 100, maxAttempts: 50, leaseSeconds: 30 };
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function rowsTo(t: TestApp, to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

async function login(t: TestApp, email: string, password: string) {
  const res = await t.post('/api/v5/login/', { email, password });
  assert.equal(res.statusCode, 200, res.body);
  return { authorization: `Token ${res.data.token}` };
}

describe('SMTP down, then back', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    // A port where nothing listens yet: the SMTP server is down when the mail is written.
    const probe = await startSmtp();
    port = Number(new URL(probe.url).port);
    await probe.close();
    t = await startTestApp({
      accounts: { smtpUrl: `smtp://127.0.0.1:${port}`, mailDelivery: fast },
    });
  });
  after(() => t.close());

  test('registering still answers 201; the mail waits, is retried with growing waits, and arrives once', async () => {
    const m = await registerMember(t, 'localhost');
    const email = m.body.email as string;
    const retried = await until('two failed attempts', async () => {
      const [row] = await rowsTo(t, email);
      return row && row.attempts >= 2 ? row : undefined;
    });
    assert.equal(retried.sentAt, null);
    assert.equal(retried.failedAt, null);
    assert.match(retried.error ?? '', /ECONNREFUSED|connect/i);
    // Backoff: the next try is further away than the first retry's wait.
    assert.ok(retried.nextAttemptAt.getTime() - Date.now() > -1000);

    const smtp = await startSmtp({ port });
    try {
      const mail = await smtp.waitFor(email, /Confirma tu correo/, 10_000);
      assert.ok(mail.links.some((l) => l.includes('/verification-email/')));
      await t.app.mailer.idle();
      await new Promise((r) => setTimeout(r, 400));
      assert.equal(smtp.mails.filter((x) => x.to === email).length, 0, 'sent a second time');
      const [row] = await rowsTo(t, email);
      assert.ok(row.sentAt);
      assert.equal(row.error, null);
      // Its link carried a token: once delivered the body is kept nowhere but the mailbox.
      assert.equal(row.text, '');
      assert.equal(row.html, '');
    } finally {
      await smtp.close();
    }
  });
});

describe('several workers on one outbox', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    smtp = await startSmtp();
    t = await startTestApp();
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  test('three processes working the same outbox send each of 40 mails exactly once', async () => {
    const [app] = await t.db.query.apps.findMany({ limit: 1 });
    const workers = [1, 2, 3].map(
      () => new Mailer(t.db, quiet, { smtpUrl: smtp.url, from: 'a@b.pe', delivery: fast }),
    );
    const to = Array.from({ length: 40 }, (_, i) => `lote${i}@example.com`);
    await t.db.transaction(async (tx) => {
      for (const [i, address] of to.entries())
        await workers[i % 3].queue(tx, app.uid, {
          to: address,
          subject: `Lote ${i}`,
          text: 'hola',
          html: '<p>hola</p>',
        });
    });
    workers.forEach((w) => w.start());
    await until(
      'every mail sent',
      async () => {
        const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
        return rows.every((r) => r.sentAt) ? rows : undefined;
      },
      30_000,
    );
    await Promise.all(workers.map((w) => w.idle()));
    await Promise.all(workers.map((w) => w.close()));
    assert.deepEqual(smtp.mails.map((m) => m.to).sort(), [...to].sort());
  });

  test('a mail queued in a transaction that is undone is never written nor sent', async () => {
    const [app] = await t.db.query.apps.findMany({ limit: 1 });
    const mailer = new Mailer(t.db, quiet, { smtpUrl: smtp.url, from: 'a@b.pe', delivery: fast });
    await assert.rejects(
      t.db.transaction(async (tx) => {
        await mailer.queue(tx, app.uid, {
          to: 'nunca@example.com',
          subject: 'x',
          text: 'x',
          html: 'x',
        });
        throw new Error('what caused the mail failed');
      }),
      /what caused the mail failed/,
    );
    mailer.start();
    await mailer.idle();
    await mailer.close();
    assert.equal((await rowsTo(t, 'nunca@example.com')).length, 0);
    assert.ok(!smtp.mails.some((m) => m.to === 'nunca@example.com'));
  });
});

describe('a mail the server refuses', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    smtp = await startSmtp({ rejectRecipients: /^rechazado/ });
    t = await startTestApp({ accounts: { smtpUrl: smtp.url, mailDelivery: fast } });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  test('fails at once (a 5xx is not retried) and the owner sees it, without its link', async () => {
    const email = `rechazado.${Date.now()}@example.com`;
    await registerMember(t, 'localhost', { email });
    const failed = await until('the mail given up on', async () => {
      const [row] = await rowsTo(t, email);
      return row?.failedAt ? row : undefined;
    });
    assert.equal(failed.attempts, 1);
    assert.match(failed.error ?? '', /550/);

    const owner = await login(t, 'dueno@aurora.pe', 'Dueno2026!');
    const res = await t.get('/api/v5/admin/mail/', { headers: owner });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const entry = res.data.failed.find((m: { to: string }) => m.to === email);
    assert.ok(entry, res.body);
    assert.match(entry.subject, /Confirma tu correo/);
    assert.equal(entry.attempts, 1);
    assert.match(entry.error, /550/);
    assert.equal(typeof res.data.pending, 'number');
    // Neither body nor link: the verification token would work for whoever read it.
    assert.ok(!res.body.includes('verification-email'), res.body);
    assert.ok(!res.body.includes(failed.text.slice(0, 40)), res.body);
    assert.deepEqual(Object.keys(entry).sort(), [
      'attempts',
      'created_at',
      'error',
      'failed_at',
      'subject',
      'to',
      'uid',
    ]);

    const manager = await login(t, 'gerente@aurora.pe', 'Gerente2026!');
    const refused = await t.get('/api/v5/admin/mail/', { headers: manager });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.data, { detail: messageText(adminMessages.ownerOnly) });
    assert.equal((await t.get('/api/v5/admin/mail/')).statusCode, 401);
  });
});

describe("the owner's retry of a failed mail", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    smtp = await startSmtp({ rejectRecipients: /^rechazado/ });
    t = await startTestApp({ accounts: { smtpUrl: smtp.url, mailDelivery: fast } });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  test('puts it back in the queue once, audited, for the main owner only', async () => {
    const email = `rechazado.retry.${Date.now()}@example.com`;
    await registerMember(t, 'localhost', { email });
    const failed = await until('the mail given up on', async () => {
      const [row] = await rowsTo(t, email);
      return row?.failedAt ? row : undefined;
    });
    const owner = await login(t, 'dueno@aurora.pe', 'Dueno2026!');
    const manager = await login(t, 'gerente@aurora.pe', 'Gerente2026!');
    const path = `/api/v5/admin/mail/${failed.uid}/retry/`;

    assert.equal((await t.post(path, {})).statusCode, 401);
    assert.equal((await t.post(path, {}, { headers: manager })).statusCode, 403);
    const bad = await t.post('/api/v5/admin/mail/no-es-un-uid/retry/', {}, { headers: owner });
    assert.equal(bad.statusCode, 400, bad.body);
    const unknown = await t.post(
      '/api/v5/admin/mail/00000000-0000-4000-8000-000000000000/retry/',
      {},
      { headers: owner },
    );
    assert.equal(unknown.statusCode, 404, unknown.body);

    // Two retries at once: the mail goes back to the queue once, the other finds nothing failed.
    // The worker's new attempt is held at the refusal meanwhile: had it failed the mail again
    // between the two (a slow machine runs them one after the other), a second retry would
    // rightly find it failed once more.
    smtp.holdRefusals();
    const answers = await Promise.all([
      t.post(path, {}, { headers: owner }),
      t.post(path, {}, { headers: owner }),
    ]).finally(() => smtp.releaseRefusals());
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 404]);
    const ok = answers.find((a) => a.statusCode === 200)!;
    assert.equal(ok.headers['cache-control'], 'no-store');
    assert.equal(typeof ok.data.pending, 'number');

    // The address is still refused: the worker tries once more and gives up again.
    const again = await until('the second attempt', async () => {
      const [row] = await rowsTo(t, email);
      return row?.failedAt && row.failedAt > failed.failedAt! ? row : undefined;
    });
    assert.equal(again.attempts, 1);

    const audit = await t.get(`/api/v5/admin/audit/?entity=mail&entity_uid=${failed.uid}`, {
      headers: owner,
    });
    assert.equal(audit.statusCode, 200, audit.body);
    assert.equal(audit.data.count, 1, audit.body);
    assert.deepEqual(audit.data.results[0].after, {
      to: email,
      subject: failed.subject,
      status: 'pending',
    });
    assert.ok(!audit.body.includes(failed.text.slice(0, 40)), 'the body is never audited');
  });
});

describe('pruning the outbox', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test('removes sent and failed mails older than the kept days, never a waiting one', async () => {
    const [app] = await t.db.query.apps.findMany({ limit: 1 });
    const old = new Date(Date.now() - 40 * 86_400_000);
    const recent = new Date(Date.now() - 5 * 86_400_000);
    const rows = [
      { to: 'viejo.enviado@example.com', sentAt: old },
      { to: 'viejo.fallido@example.com', failedAt: old },
      { to: 'reciente.enviado@example.com', sentAt: recent },
      { to: 'viejo.pendiente@example.com', createdAt: old },
    ];
    for (const [i, row] of rows.entries())
      await t.db.insert(mailOutbox).values({
        appId: app.uid,
        uid: `00000000-0000-4000-8000-00000000000${i}`,
        subject: 'x',
        text: '',
        html: '',
        ...row,
      });
    const removed = await pruneMailOutbox(t.db, 30);
    assert.equal(removed, 2);
    const left = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          rows.map((r) => r.to),
        ),
      );
    assert.deepEqual(left.map((r) => r.to).sort(), [
      'reciente.enviado@example.com',
      'viejo.pendiente@example.com',
    ]);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test("a demo store's mail is printed; a real store's mail waits unsent and is never logged", async () => {
    const lines: string[] = [];
    const capture = {
      info: (_o: unknown, msg: string) => lines.push(msg),
      warn: (_o: unknown, msg: string) => lines.push(msg),
      error() {},
      debug() {},
    } as unknown as FastifyBaseLogger;
    const mailer = new Mailer(t.db, capture, { from: 'a@b.pe' });
    const [demo] = await t.db.select().from(apps).where(eq(apps.domain, 'localhost'));
    const [real] = await t.db
      .update(apps)
      .set({ domain: 'tienda.example.pe' })
      .where(eq(apps.domain, 'rockypez.localhost'))
      .returning();
    const mail = (to: string) => ({
      to,
      subject: 'Recupera tu contraseña',
      text: `https://tienda.example.pe/recover/token-secreto-${to}`,
      html: '<p>x</p>',
    });
    await mailer.queue(t.db, demo.uid, mail('demo@example.com'));
    await mailer.queue(t.db, real.uid, mail('real@example.com'));

    const [demoRow] = await rowsTo(t, 'demo@example.com');
    const [realRow] = await rowsTo(t, 'real@example.com');
    assert.ok(demoRow.sentAt, 'the demo reads its links from the kept mail');
    assert.equal(realRow.sentAt, null, 'waits for a server with SMTP_URL');
    assert.equal(realRow.failedAt, null);
    assert.ok(lines.some((l) => l.includes('token-secreto-demo@example.com')));
    assert.ok(!lines.some((l) => l.includes('token-secreto-real@example.com')), lines.join('\n'));
  });
});

describe('order notices: the customer and the store hear about orders', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let shop: Shop;
  let owner: Record<string, string>;
  const weekdayDate =
    /(lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)/;

  before(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ accounts: { smtpUrl: smtp.url, mailDelivery: fast } });
    shop = await makeShop(t, 'notices', { stock: 100, staff: true });
    owner = await shop.signIn();
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A member whose address is verified (only those are mailed about their orders). */
  async function verifiedMember() {
    const m = await shop.member();
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.uid, m.user.uid));
    return m;
  }

  async function place(
    auth: Record<string, string>,
    extra: Record<string, unknown> = {},
  ): Promise<{ uid: string; number: number }> {
    const delivery = extra.shipping_type === 'delivery';
    const res = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: await firstSlot(t, shop),
        products: [shop.cakeLine(1)],
        expected_total: '10.00',
        payment_method: shop.cash,
        billing,
        ...(delivery
          ? {
              pickup: undefined,
              delivery: {
                area: shop.area,
                address: 'Jr. <Los Olivos> 123',
                reference: 'Puerta "verde"',
                ...north(2),
              },
              expected_total: '18.00',
            }
          : {}),
        ...extra,
      },
      { host: shop.host, headers: auth },
    );
    assert.equal(res.statusCode, 201, res.body);
    return res.data;
  }

  const move = (uid: string, body: Record<string, unknown>) =>
    t.post(`/api/v5/admin/orders/${uid}/transition/`, body, { host: shop.host, headers: owner });

  async function settings(body: {
    new_order_mail_to: string | null;
    customer_status_mails: boolean;
  }) {
    const now = await t.get('/api/v5/admin/order-notifications/', {
      host: shop.host,
      headers: owner,
    });
    assert.equal(now.statusCode, 200, now.body);
    return t.call('PUT', '/api/v5/admin/order-notifications/', {
      host: shop.host,
      headers: owner,
      body: { ...body, version: now.data.version },
    });
  }

  const subjectsTo = async (to: string) =>
    (await rowsTo(t, to))
      .map((r) => r.subject)
      .filter((s) => /pedido N°/.test(s) && !/recibido/.test(s));

  test('dates in words, as the mails say them', () => {
    assert.equal(dayInWords('2026-12-03', '2026-11-30'), 'jueves 3 de diciembre');
    assert.equal(dayInWords('2027-01-04', '2026-12-30'), 'lunes 4 de enero de 2027');
  });

  test("a store's cancellation mails its reason, escaped, and the refund; the refund done mails again", async () => {
    const m = await verifiedMember();
    const o = await place(m.auth, { payment_method: shop.online, card: goodCard });
    const res = await move(o.uid, {
      action: 'cancel',
      reason: 'other',
      reason_note: 'Se nos fue la luz <b>hoy</b> & "mañana"',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.cancel_reason, 'other');
    const canceled = await smtp.waitFor(
      m.body.email,
      new RegExp(`pedido N° ${o.number} fue cancelado`),
    );
    assert.match(canceled.text, /canceló tu pedido N° \d+ del /);
    assert.match(canceled.text, weekdayDate);
    assert.match(
      canceled.text,
      /Motivo: Se nos fue la luz <b>hoy<\/b> & "mañana"/,
      'the text part as typed',
    );
    assert.match(
      canceled.text,
      /Motivo: Se nos fue la luz &lt;b&gt;hoy&lt;\/b&gt; &amp; &quot;mañana&quot;/,
      'the HTML part escaped',
    );
    assert.ok(!canceled.text.includes('<b>hoy</b></p>'), 'no markup of the store in the HTML');
    assert.match(canceled.text, /Te devolveremos S\/ 10\.00 a tu tarjeta terminada en 4242/);
    assert.ok(
      canceled.links.some((l) => l.endsWith(`/orders/${o.uid}`)),
      canceled.links.join(),
    );
    assert.doesNotMatch(canceled.text, /\busted\b|\bsu pedido\b/i);
    const refunded = await smtp.waitFor(
      m.body.email,
      new RegExp(`Te devolvimos S/\\.? 10\\.00 del pedido N° ${o.number}`),
    );
    assert.match(refunded.text, /tarjeta terminada en 4242/);
    // Exactly once each.
    await t.app.mailer.idle();
    assert.deepEqual(
      (await subjectsTo(m.body.email)).sort(),
      [
        `Te devolvimos S/ 10.00 del pedido N° ${o.number} - Shop notices`,
        `Tu pedido N° ${o.number} fue cancelado - Shop notices`,
      ].sort(),
    );
  });

  test('accepted, ready and on its way mail the customer while the owner keeps them on', async () => {
    const m = await verifiedMember();
    assert.equal(
      (await settings({ new_order_mail_to: null, customer_status_mails: false })).statusCode,
      200,
    );
    const quiet = await place(m.auth);
    assert.equal((await move(quiet.uid, { action: 'accept' })).statusCode, 200);
    assert.equal((await move(quiet.uid, { action: 'ready' })).statusCode, 200);
    await t.app.mailer.idle();
    assert.deepEqual(await subjectsTo(m.body.email), [], 'switched off: no status mail');

    assert.equal(
      (await settings({ new_order_mail_to: null, customer_status_mails: true })).statusCode,
      200,
    );
    const pickup = await place(m.auth);
    assert.equal((await move(pickup.uid, { action: 'accept' })).statusCode, 200);
    const accepted = await smtp.waitFor(
      m.body.email,
      new RegExp(`N° ${pickup.number} fue aceptado`),
    );
    assert.match(accepted.text, /Te esperamos el /);
    assert.match(accepted.text, weekdayDate);
    assert.match(accepted.text, /de \d\d:\d\d a \d\d:\d\d en Main/);
    const ready = await move(pickup.uid, { action: 'ready' });
    assert.equal(ready.statusCode, 200, ready.body);
    assert.equal(ready.data.status, 'ACCEPTED');
    assert.ok(ready.data.ready_at);
    assert.deepEqual(ready.data.actions, ['cancel', 'deliver']);
    const readyMail = await smtp.waitFor(
      m.body.email,
      new RegExp(`N° ${pickup.number} está listo para recoger`),
    );
    assert.match(readyMail.text, /recógelo en Main, Av\. Larco 1/);
    assert.equal((await move(pickup.uid, { action: 'deliver' })).statusCode, 200);

    const delivery = await place(m.auth, { shipping_type: 'delivery' });
    assert.equal((await move(delivery.uid, { action: 'accept' })).statusCode, 200);
    await smtp.waitFor(m.body.email, new RegExp(`N° ${delivery.number} fue aceptado`));
    assert.equal((await move(delivery.uid, { action: 'ship' })).statusCode, 200);
    const shipped = await smtp.waitFor(
      m.body.email,
      new RegExp(`N° ${delivery.number} está en camino`),
    );
    assert.match(shipped.text, /salió hacia Jr\. <Los Olivos> 123/);
    assert.match(shipped.text, /Jr\. &lt;Los Olivos&gt; 123.* \(Puerta &quot;verde&quot;\)/);
    await t.app.mailer.idle();
    assert.ok(
      !(await subjectsTo(m.body.email)).some((s) => /entregado/i.test(s)),
      'a delivered order mails nobody',
    );
  });

  test("the member's own cancellation mails no notice, but the refund done", async () => {
    const m = await verifiedMember();
    const o = await place(m.auth, { payment_method: shop.online, card: goodCard });
    const res = await t.post(`/api/v5/me/orders/${o.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: m.auth,
    });
    assert.equal(res.statusCode, 200, res.body);
    await smtp.waitFor(
      m.body.email,
      new RegExp(`Te devolvimos S/\\.? 10\\.00 del pedido N° ${o.number}`),
    );
    await t.app.mailer.idle();
    assert.deepEqual(await subjectsTo(m.body.email), [
      `Te devolvimos S/ 10.00 del pedido N° ${o.number} - Shop notices`,
    ]);
  });

  test('an address the member never verified gets no notice', async () => {
    const m = await shop.member();
    const o = await place(m.auth);
    assert.equal((await move(o.uid, { action: 'cancel', reason: 'closed' })).statusCode, 200);
    await t.app.mailer.idle();
    assert.deepEqual(await subjectsTo(m.body.email), []);
  });

  test("the owner's mail per new order: to the team's own address, for cash and card orders", async () => {
    const refused = await settings({
      new_order_mail_to: 'extrano@example.com',
      customer_status_mails: true,
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.data, {
      new_order_mail_to: [messageText(adminMessages.orderMailNotStaff)],
    });
    const ok = await settings({
      new_order_mail_to: `OWNER@${shop.host}`,
      customer_status_mails: true,
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.data.new_order_mail_to, `owner@${shop.host}`);
    const m = await verifiedMember();
    const cash = await place(m.auth);
    const first = await smtp.waitFor(
      `owner@${shop.host}`,
      new RegExp(`Nuevo pedido N° ${cash.number} -`),
    );
    assert.match(first.text, /Llegó el pedido N° \d+ de Ana Quispe/);
    assert.match(first.text, /1 x Torta/);
    assert.ok(
      first.links.some((l) => l.endsWith(`/admin/orders/${cash.uid}`)),
      first.links.join(),
    );
    const card = await place(m.auth, { payment_method: shop.online, card: goodCard });
    await smtp.waitFor(`owner@${shop.host}`, new RegExp(`Nuevo pedido N° ${card.number} -`));
    // Off again: no more mails.
    assert.equal(
      (await settings({ new_order_mail_to: '', customer_status_mails: true })).statusCode,
      200,
    );
    const quiet = await place(m.auth);
    await t.app.mailer.idle();
    assert.ok(
      !(await rowsTo(t, `owner@${shop.host}`)).some((r) =>
        r.subject.includes(`N° ${quiet.number} `),
      ),
    );
  });
});
