import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importTenant } from '../../src/tenants/importer';
import type { TestApp } from './test-app';

/** Tools for the accounts tests: a real SMTP server, tiny HTTP servers, test tenants and members. */

export { startSmtp, type ReceivedMail } from './smtp';

/** A local HTTP server answering with `handle`; for reCAPTCHA and JWKS. */
export async function startHttp(
  handle: (req: IncomingMessage, body: string, res: ServerResponse) => void,
) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A throw-away tenant on `domain` with app settings of the test's choosing. */
export async function makeTenant(t: TestApp, key: string, app: Record<string, unknown> = {}) {
  const domain = `${key}.test`;
  await importTenant(t.db, {
    app: { key, name: `App ${key}`, domain, main_company: 'main', ...app },
    companies: [{ key: 'main', name: `Company ${key}` }],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
  });
  return { host: domain, app: await t.appOf(domain) };
}

export const acceptances = {
  accept_terms: true,
  accept_age: true,
  accept_data_processing: true,
  accept_publicity: true,
};

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

export async function registerMember(
  t: TestApp,
  host: string,
  overrides: Record<string, unknown> = {},
) {
  const body = newMember(overrides);
  const res = await t.post('/api/v5/register/', body, { host });
  if (res.statusCode !== 201)
    throw new Error(`register failed: ${res.statusCode} ${JSON.stringify(res.data)}`);
  return {
    body,
    token: res.data.token as string,
    user: res.data.user,
    auth: { authorization: `Token ${res.data.token}` },
  };
}
