import type { TestApp } from './test-app';

let counter = 0;

/** Registers a member through the API, as a visitor would, and answers the headers that carry their token. */
export async function registerMember(t: TestApp, host = 'localhost', overrides: Record<string, unknown> = {}) {
  counter++;
  const n = String(10_000_000 + process.pid * 100 + counter).slice(-8);
  const body = {
    email: `member${n}@example.com`,
    password: 'Secreto123',
    first_name: 'Ana',
    last_name: 'Quispe',
    document_type: 'NATIONAL_ID',
    document_number: n,
    birthdate: '1990-01-01',
    accept_terms: true,
    accept_age: true,
    accept_data_processing: true,
    accept_publicity: true,
    ...overrides,
  };
  const res = await t.post('/api/v5/register/', body, { host });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { token: res.data.token as string, user: res.data.user, headers: { authorization: `Token ${res.data.token}` }, email: body.email };
}
