import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { importTenant, parseTenantFile, TenantFileError } from '../src/tenants/importer';
import { staffMembers, users } from '../src/db/schema';
import { tenantUid } from '../src/lib/uid';

/** The tenant file's staff section: checked references, and re-imports that follow the file without touching owner grants. */
let t: TestApp;
before(async () => {
  t = await startTestApp({ seedDemo: false });
});
after(() => t?.close());

const password = 'Clave segura 1';
function file(staff: unknown[]) {
  return {
    app: { key: 'stafffile', name: 'Staff file', domain: 'stafffile.test', main_company: 'main' },
    companies: [
      { key: 'main', name: 'Main' },
      { key: 'other', name: 'Other' },
    ],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: [
      { key: 'a', company: 'main', area: 'lima', name: 'A', address: 'Av. A 1' },
      { key: 'x', company: 'other', area: 'lima', name: 'X', address: 'Av. X 1' },
    ],
    users: [
      { email: 'one@file.test', password },
      { email: 'two@file.test', password },
      { email: 'three@file.test', password },
    ],
    staff,
  };
}

describe('tenant file staff section', () => {
  test('every wrong reference is refused with its path', () => {
    assert.throws(
      () =>
        parseTenantFile(
          file([
            { user: 'ghost@file.test', company: 'main', role: 'STAFF' },
            { user: 'one@file.test', company: 'nope', role: 'STAFF' },
            { user: 'two@file.test', company: 'main', role: 'STAFF', places: ['x'] },
            { user: 'two@file.test', company: 'main', role: 'VALIDATOR' },
          ]),
        ),
      (err: unknown) => {
        assert.ok(err instanceof TenantFileError);
        const paths = err.problems.map((p) => p.path).sort();
        assert.deepEqual(paths, [
          'staff.0.user',
          'staff.1.company',
          'staff.2.places.0',
          'staff.3.user',
        ]);
        return true;
      },
    );
    assert.throws(
      () => parseTenantFile(file([{ user: 'one@file.test', company: 'main', role: 'BOSS' }])),
      (err: unknown) => {
        assert.deepEqual(
          (err as TenantFileError).problems.map((p) => p.path),
          ['staff.0.role'],
        );
        return true;
      },
    );
  });

  test('a re-import follows the file for its roles and keeps the roles an owner granted', async () => {
    await importTenant(
      t.db,
      file([
        { user: 'one@file.test', company: 'main', role: 'OWNER' },
        { user: 'two@file.test', company: 'main', role: 'STAFF', places: ['a'] },
      ]),
    );
    const appId = tenantUid('app', 'stafffile');
    const uidOf = async (email: string) =>
      (
        await t.db
          .select()
          .from(users)
          .where(and(eq(users.appId, appId), eq(users.email, email)))
      )[0].uid;
    const [one, two, three] = [
      await uidOf('one@file.test'),
      await uidOf('two@file.test'),
      await uidOf('three@file.test'),
    ];
    await t.db.insert(staffMembers).values({
      appId,
      userUid: three,
      companyUid: tenantUid('stafffile', 'company', 'main'),
      role: 'VALIDATOR',
      source: 'owner',
    });
    const rows = async () =>
      Object.fromEntries(
        (await t.db.select().from(staffMembers).where(eq(staffMembers.appId, appId))).map((r) => [
          r.userUid,
          `${r.role}:${r.placeUids.length}`,
        ]),
      );
    assert.deepEqual(await rows(), { [one]: 'OWNER:0', [two]: 'STAFF:1', [three]: 'VALIDATOR:0' });

    await importTenant(t.db, file([{ user: 'one@file.test', company: 'main', role: 'STAFF' }]));
    assert.deepEqual(await rows(), { [one]: 'STAFF:0', [three]: 'VALIDATOR:0' });
  });

  test('a staff row whose email belongs to an unverified account (someone registered it first) gives no role: skipped with a warning', async () => {
    const appId = tenantUid('app', 'stafffile');
    // A stranger registered four@file.test before the store's file named it, and never verified it.
    await t.db.insert(users).values({
      appId,
      uid: crypto.randomUUID(),
      email: 'four@file.test',
      firstName: 'Intruso',
      lastName: '',
      emailVerifiedAt: null,
    });
    const withFour = {
      ...file([
        { user: 'one@file.test', company: 'main', role: 'OWNER' },
        { user: 'four@file.test', company: 'main', role: 'OWNER' },
      ]),
    };
    withFour.users = [...withFour.users, { email: 'four@file.test', password }];
    const result = await importTenant(t.db, withFour);
    assert.deepEqual(result.warnings, [
      'staff.1.user: "four@file.test" has an unverified email; no role given',
    ]);
    const [four] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.email, 'four@file.test')));
    assert.equal(four.firstName, 'Intruso', "the stranger's account is left as it was");
    const roles = await t.db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.appId, appId), eq(staffMembers.userUid, four.uid)));
    assert.deepEqual(roles, [], 'no role for the unverified account');

    // Once the address is verified (by its real owner), the same file gives the role.
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.appId, appId), eq(users.uid, four.uid)));
    const again = await importTenant(t.db, withFour);
    assert.deepEqual(again.warnings, []);
    const granted = await t.db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.appId, appId), eq(staffMembers.userUid, four.uid)));
    assert.equal(granted[0]?.role, 'OWNER');
  });

  test("the demo tenants' staff accounts are verified and keep their roles", async () => {
    const { readDemoTenantFiles } = await import('../src/tenants/demo-seed');
    type Demo = {
      users?: { email: string; email_verified?: boolean }[];
      staff?: { user: string }[];
    };
    for (const { name, data } of await readDemoTenantFiles()) {
      const demo = data as Demo;
      for (const row of demo.staff ?? []) {
        const user = demo.users?.find((u) => u.email === row.user);
        assert.ok(user, `${row.user} is a user of ${name}`);
        assert.notEqual(user.email_verified, false, `${row.user} is imported verified`);
      }
      if (name !== 'localhost.json' && name !== 'multi.localhost.json') continue;
      const result = await importTenant(t.db, data);
      assert.deepEqual(result.warnings, [], `${name}: every demo staff row is granted`);
    }
    const granted = await t.db
      .select({ email: users.email })
      .from(staffMembers)
      .innerJoin(
        users,
        and(eq(users.appId, staffMembers.appId), eq(users.uid, staffMembers.userUid)),
      );
    const emails = granted.map((g) => g.email);
    for (const email of [
      'cajero@aurora.pe',
      'dueno@aurora.pe',
      'validador@aurora.pe',
      'puerto@multi.pe',
    ])
      assert.ok(emails.includes(email), `${email} has its role`);
  });
});
