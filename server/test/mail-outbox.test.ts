import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { adminMessages, messageText } from '@store/contract';
import { apps, mailOutbox } from '../src/db/schema';
import { pruneMailOutbox } from '../src/modules/mail/prune';
import { Mailer } from '../src/modules/mail/mailer';
import type { MailDelivery } from '../src/modules/mail/delivery';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember, startSmtp } from './support/accounts';

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
    const answers = await Promise.all([
      t.post(path, {}, { headers: owner }),
      t.post(path, {}, { headers: owner }),
    ]);
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
