import assert from 'node:assert/strict';
import { importTenant } from '../../src/tenants/importer';
import { tenantUid } from '../../src/lib/uid';
import { earn } from '../../src/modules/programs/ledger';
import { registerMember } from './accounts';
import type { TestApp } from './test-app';

/** Where a program's members are made: the store's host, its app and the program's uid. */
export type ProgramAt = { host: string; appUid: string; program: string };

/**
 * A new member who joined `program` through the API, with `coins` and `stamps` written straight to
 * the ledger (how they are earned is other tests' subject).
 */
export async function newProgramMember(
  t: TestApp,
  at: ProgramAt,
  balance: { coins?: number; stamps?: number; reason?: string } = {},
) {
  const m = await registerMember(t, at.host);
  const joined = await t.post(
    '/api/v5/me/programs/',
    { program: at.program },
    { host: at.host, headers: m.auth },
  );
  assert.equal(joined.statusCode, 201, joined.body);
  for (const [currency, amount] of [
    ['COINS', balance.coins],
    ['STAMPS', balance.stamps],
  ] as const)
    if (amount)
      await earn(t.db, {
        appId: at.appUid,
        programUid: at.program,
        userUid: m.user.uid,
        currency,
        amount,
        reason: balance.reason ?? 'test',
      });
  return m;
}

/**
 * A store of its own on `<key>.test` whose one company runs one program, `club` (coins on): the
 * uids its tenant file gives, known before `create` imports it with the test's promotions.
 */
export function clubStore(key: string, name: string) {
  const host = `${key}.test`;
  const program = tenantUid(key, 'program', 'club');
  return {
    host,
    program,
    promotion: (promotionKey: string) => tenantUid(key, 'promotion', `club/${promotionKey}`),
    /** Imports the store; its app's uid. */
    async create(t: TestApp, promotions: Record<string, unknown>[]): Promise<string> {
      await importTenant(t.db, {
        app: { key, name, domain: host, main_company: 'main' },
        companies: [{ key: 'main', name: 'Main', benefit_programs_enabled: true }],
        areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
        programs: [{ key: 'club', company: 'main', name: 'Club', coins_enabled: true, promotions }],
      });
      return (await t.appOf(host)).uid;
    },
  };
}
