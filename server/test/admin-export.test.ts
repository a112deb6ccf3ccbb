import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminMessages, messageText } from '@store/contract';
import { parseTenantFile } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { makeStaffShop, PASSWORD, type StaffShop } from './support/staff';

/** `GET v5/admin/export/`: the store's tenant file as a download, for the main company's owner only. */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;

async function login(email: string, password: string, host = 'localhost'): Promise<Auth> {
  const res = await t.post('/api/v5/login/', { email, password }, { host });
  assert.equal(res.statusCode, 200, `${email}: ${res.body}`);
  return { authorization: `Token ${res.data.token}` };
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'exportshop');
});
after(() => t?.close());

describe('GET v5/admin/export/', () => {
  test("answers the owner the store's file as a download, without secrets, and it imports", async () => {
    const owner = await login('dueno@aurora.pe', 'Dueno2026!');
    const res = await t.get('/api/v5/admin/export/', { headers: owner });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="demo-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.data.app.key, 'demo');
    assert.equal(res.data.app.domain, 'localhost');
    const app = await t.appOf('localhost');
    for (const secret of ['"password"', 'Dueno2026!', '"api_key"', app.api_key])
      assert.equal(res.body.includes(secret), false, `${secret} is left out`);
    assert.ok(res.data.users.some((u: { email: string }) => u.email === 'dueno@aurora.pe'));
    assert.ok(res.data.catalog.products.length > 0);
    // The file the owner downloads is one the importer accepts.
    assert.equal(parseTenantFile(res.data).app.key, 'demo');
  });

  test('refuses the manager (owner only) and the owner of a company that is not the main one', async () => {
    const manager = await login('gerente@aurora.pe', 'Gerente2026!');
    const asManager = await t.get('/api/v5/admin/export/', { headers: manager });
    assert.equal(asManager.statusCode, 403);
    assert.deepEqual(asManager.data, { detail: messageText(adminMessages.ownerOnly) });

    const bare = await login('bare@staff.test', PASSWORD, s.host);
    const asChildOwner = await t.get('/api/v5/admin/export/', { host: s.host, headers: bare });
    assert.equal(asChildOwner.statusCode, 403);
    assert.deepEqual(asChildOwner.data, {
      detail: messageText(adminMessages.exportMainOwnerOnly),
    });
    assert.ok(!asChildOwner.body.includes('Main exportshop'));

    const mainOwner = await t.get('/api/v5/admin/export/', { host: s.host, headers: s.auth.owner });
    assert.equal(mainOwner.statusCode, 200, mainOwner.body);
    assert.equal(mainOwner.data.app.key, 'exportshop');
  });
});
