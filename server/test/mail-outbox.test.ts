import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { adminMessages, messageText } from '@store/contract';
import { mailOutbox } from '../src/db/schema';
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
