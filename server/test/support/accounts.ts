import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { importTenant } from '../../src/tenants/importer';
import type { TestApp } from './test-app';

/** Tools for the accounts tests: a real SMTP server, tiny HTTP servers, test tenants and members. */

export type ReceivedMail = { to: string; subject: string; text: string; links: string[] };

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on a free port; mails it receives are parsed for their links. */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const decoded = decodeQuotedPrintable(raw);
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
        const subject = subjectLine.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' '))).replace(/\r?\n[ \t]/g, '');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject,
          text: decoded,
          links: [...new Set(decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
        });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` whose subject matches, waiting for it to arrive. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = mails.findIndex((m) => m.to === to && subject.test(m.subject));
        if (index >= 0) return mails.splice(index, 1)[0];
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}; got ${mails.map((m) => `${m.to}: ${m.subject}`).join('; ')}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local HTTP server answering with `handle`; for reCAPTCHA and JWKS. */
export async function startHttp(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A throw-away tenant on `domain` with app settings of the test's choosing. */
export async function makeTenant(t: TestApp, key: string, app: Record<string, unknown> = {}) {
  const domain = `${key}.test`;
  await importTenant(t.db, { app: { key, name: `App ${key}`, domain, main_company: 'main', ...app }, companies: [{ key: 'main', name: `Company ${key}` }], areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }] });
  return { host: domain, app: await t.appOf(domain) };
}

export const acceptances = { accept_terms: true, accept_age: true, accept_data_processing: true, accept_publicity: true };

let counter = 0;
/** A fresh valid registration body; override what the test is about. */
export function newMember(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = String(10000000 + counter * 7919 + Math.floor(Math.random() * 1000)).slice(0, 8);
  return {
    email: `member${counter}.${n}@example.com`,
    password: 'Clave segura 1',
    first_name: 'Ana',
    last_name: 'Quispe',
    document_type: 'NATIONAL_ID',
    document_number: n,
    birthdate: '1990-05-14',
    ...acceptances,
    ...overrides,
  };
}

export async function registerMember(t: TestApp, host: string, overrides: Record<string, unknown> = {}) {
  const body = newMember(overrides);
  const res = await t.post('/api/v5/register/', body, { host });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${JSON.stringify(res.data)}`);
  return { body, token: res.data.token as string, user: res.data.user, auth: { authorization: `Token ${res.data.token}` } };
}
