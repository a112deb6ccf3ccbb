import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * The tenant rule of eslint.config.js (issue 23): outside server/src/scope a
 * query may compare app_id only through ofTenant/sameTenant. Proves the rule
 * fires on each way of writing the comparison by hand, and stays quiet on the
 * helpers, so a typo in its selectors cannot switch it off unnoticed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });
const file = path.join(root, 'server/src/modules/catalog/tenant-rule-probe.ts');

async function tenantErrors(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

const header = `
import { and, eq, inArray, sql } from 'drizzle-orm';
import { places, products } from '../../db/schema';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
declare const appId: string;
declare const scope: { app: { uid: string } };
export const probe = `;

test('hand-written tenant comparisons are refused', async () => {
  for (const code of [
    'eq(products.appId, appId);',
    'and(eq(products.appId, places.appId), eq(products.uid, places.uid));',
    'eq(appId, products.appId);',
    'inArray(products.appId, [appId]);',
    'sql`${products.appId} = ${appId}`;',
    'sql`SELECT 1 FROM products WHERE app_id = ${appId}`;',
    'sql.raw(`app_id = 1`);',
  ])
    assert.ok((await tenantErrors(header + code)) >= 1, code);
});

test('the helpers pass', async () => {
  for (const code of [
    'ofTenant(scope, products, eq(products.uid, appId));',
    'sameTenant(products, places, eq(products.uid, places.uid));',
    'sql`SELECT 1 WHERE ${sameTenant(products, places)}`;',
  ])
    assert.equal(await tenantErrors(header + code), 0, code);
});

test('the scope folder itself may compare app_id', async () => {
  const [result] = await eslint.lintText(header + 'eq(products.appId, appId);', {
    filePath: path.join(root, 'server/src/scope/tenant-rule-probe.ts'),
  });
  assert.equal(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length, 0);
});
