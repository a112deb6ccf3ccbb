import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { makeShop, type Shop } from './support/orders';
import { findAppRowByDomain } from '../src/modules/tenancy/service';
import { balancesOf, earn, ensureMember, reverseByReference } from '../src/modules/programs/ledger';
import { expirePoints, nextExpiring, pointsToExpire } from '../src/modules/programs/expiry';
import { companies, loyaltyLedger, programs, type LedgerKind } from '../src/db/schema';
import { programsSection } from '../src/tenants/programs-schema';

const DAY = 86_400_000;
const NOW = new Date('2026-11-22T15:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let t: TestApp;
let shopA: Shop;
let shopB: Shop;
const appOf: Record<string, string> = {};
const companyOf: Record<string, string> = {};

before(async () => {
  t = await startTestApp();
  for (const key of ['expa', 'expb']) {
    const shop = await makeShop(t, key);
    const app = (await findAppRowByDomain(t.db, shop.host))!;
    appOf[key] = app.uid;
    const [company] = await t.db.select().from(companies).where(eq(companies.appId, app.uid));
    companyOf[key] = company.uid;
    await t.db
      .update(companies)
      .set({ benefitProgramsEnabled: true })
      .where(and(eq(companies.appId, app.uid), eq(companies.uid, company.uid)));
    if (key === 'expa') shopA = shop;
    else shopB = shop;
  }
});
after(() => t?.close());

async function makeProgram(
  key: 'expa' | 'expb',
  days: number | null,
  levels: { name: string; min_points: number }[] = [],
) {
  const uid = randomUUID();
  await t.db.insert(programs).values({
    appId: appOf[key],
    uid,
    companyUid: companyOf[key],
    key: `p-${uid}`,
    name: 'Club',
    pointsExpireAfterDays: days,
    levels,
  });
  return uid;
}

async function line(
  key: 'expa' | 'expb',
  programUid: string,
  userUid: string,
  amount: number,
  daysAgo: number,
  kind: LedgerKind = 'earn',
  reference: string | null = null,
) {
  await ensureMember(t.db, appOf[key], programUid, userUid);
  // As appendLedger does: an earn's expiry is fixed by the program's rule when it is earned.
  const [{ days }] = await t.db
    .select({ days: programs.pointsExpireAfterDays })
    .from(programs)
    .where(and(eq(programs.appId, appOf[key]), eq(programs.uid, programUid)));
  await t.db.insert(loyaltyLedger).values({
    appId: appOf[key],
    uid: randomUUID(),
    programUid,
    userUid,
    currency: 'POINTS',
    amount,
    kind,
    reason: 'test',
    reference,
    createdAt: ago(daysAgo),
    expiresAt: kind === 'earn' && days ? ago(daysAgo - days) : null,
  });
}

const expireLines = (key: 'expa' | 'expb', programUid: string, userUid?: string) =>
  t.db
    .select()
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.appId, appOf[key]),
        eq(loyaltyLedger.programUid, programUid),
        eq(loyaltyLedger.kind, 'expire'),
        userUid ? eq(loyaltyLedger.userUid, userUid) : undefined,
      ),
    );
const points = async (key: 'expa' | 'expb', programUid: string, userUid: string) =>
  (await balancesOf(t.db, appOf[key], programUid, userUid)).points;

describe('points expiry', () => {
  test('the FIFO rule: spends consume the oldest points; a reversal cancels its own earn; never more than the balance', () => {
    const l = (
      amount: number,
      daysAgo: number,
      kind = 'earn',
      reference: string | null = null,
    ) => ({
      amount,
      kind,
      reference,
      createdAt: ago(daysAgo),
      // Earned in a program whose points expire after 30 days.
      expiresAt: kind === 'earn' ? ago(daysAgo - 30) : null,
    });
    assert.equal(pointsToExpire([l(100, 40), l(50, 10)], NOW), 100);
    assert.equal(pointsToExpire([l(100, 40), l(50, 10), l(-30, 5, 'spend')], NOW), 70);
    assert.equal(pointsToExpire([l(100, 40), l(50, 10), l(-130, 5, 'spend')], NOW), 0);
    // A recent order reversed does not eat into the old points; an old one reversed leaves nothing to expire.
    assert.equal(
      pointsToExpire([l(100, 40), l(50, 10, 'earn', 'o2'), l(-50, 2, 'reverse', 'o2')], NOW),
      100,
    );
    assert.equal(
      pointsToExpire([l(100, 40, 'earn', 'o1'), l(50, 10), l(-100, 2, 'reverse', 'o1')], NOW),
      0,
    );
    assert.equal(pointsToExpire([l(100, 40), l(-100, 1, 'expire')], NOW), 0);
    // A stray negative line: the balance caps it.
    assert.equal(pointsToExpire([l(100, 40), l(-150, 1, 'reverse', 'x')], NOW), 0);
    assert.deepEqual(nextExpiring([l(100, 40), l(20, 10), l(5, 10)], NOW), {
      amount: 100,
      date: '2026-11-22',
    });
    assert.deepEqual(nextExpiring([l(20, 10), l(5, 10), l(-10, 1, 'spend')], NOW), {
      amount: 15,
      date: '2026-12-12',
    });
    assert.equal(nextExpiring([l(20, 10), l(-20, 1, 'spend')], NOW), null);
  });

  test('old earns expire, recent ones do not; the level drops; a second run at the same instant writes nothing', async () => {
    const program = await makeProgram('expa', 30, [{ name: 'Oro', min_points: 100 }]);
    const member = await shopA.member();
    const user = member.user.uid;
    await line('expa', program, user, 80, 45);
    await line('expa', program, user, 40, 31);
    await line('expa', program, user, 25, 5);
    let seen = await t.get(`/api/v5/me/programs/${program}/`, {
      host: shopA.host,
      headers: member.auth,
    });
    assert.equal(seen.data.level.current.name, 'Oro');
    assert.equal(seen.data.points_expiring.amount, 120);

    const first = await expirePoints(t.db, NOW);
    assert.deepEqual(
      first.filter((o) => o.programUid === program).map((o) => o.amount),
      [120],
    );
    assert.equal(await points('expa', program, user), 25);
    const lines = await expireLines('expa', program, user);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].amount, -120);
    assert.equal(lines[0].createdAt.getTime(), NOW.getTime());

    assert.equal((await expirePoints(t.db, NOW)).filter((o) => o.programUid === program).length, 0);
    assert.equal((await expireLines('expa', program, user)).length, 1);

    seen = await t.get(`/api/v5/me/programs/${program}/`, {
      host: shopA.host,
      headers: member.auth,
    });
    assert.equal(seen.data.balances.points, 25);
    assert.equal(seen.data.level.current, null);
    assert.equal(seen.data.level.points_to_next, 75);
    // The recent 25 expire 30 days after they were earned.
    assert.equal(seen.data.points_expiring.amount, 25);
    assert.match(seen.data.points_expiring.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(seen.data.points_expiring.date > NOW.toISOString().slice(0, 10));

    // Later, the 25 are old too: only they expire, the balance stops at zero.
    await expirePoints(t.db, new Date(NOW.getTime() + 40 * DAY));
    assert.equal(await points('expa', program, user), 0);
    assert.equal((await expireLines('expa', program, user)).length, 2);
  });

  test("changing the program's rule moves only points earned after it: earned points keep their date", async () => {
    const program = await makeProgram('expa', 365);
    const member = await shopA.member();
    const user = member.user.uid;
    const earned = {
      appId: appOf.expa,
      programUid: program,
      userUid: user,
      currency: 'POINTS' as const,
      reason: 'test',
    };
    await earn(t.db, { ...earned, amount: 100 });
    // The owner shortens the rule: the 100 keep their year, new points get 30 days.
    await t.db
      .update(programs)
      .set({ pointsExpireAfterDays: 30 })
      .where(and(eq(programs.appId, appOf.expa), eq(programs.uid, program)));
    await earn(t.db, { ...earned, amount: 10 });
    const seen = await t.get(`/api/v5/me/programs/${program}/`, {
      host: shopA.host,
      headers: member.auth,
    });
    assert.equal(seen.data.points_expiring.amount, 10, 'the 10 expire first');
    const later = (days: number) => new Date(Date.now() + days * DAY);
    await expirePoints(t.db, later(40));
    assert.equal(await points('expa', program, user), 100, 'only the 10 expired');
    // Switching expiry off does not take back the date of what was earned before.
    await t.db
      .update(programs)
      .set({ pointsExpireAfterDays: null })
      .where(and(eq(programs.appId, appOf.expa), eq(programs.uid, program)));
    await earn(t.db, { ...earned, amount: 5 });
    await expirePoints(t.db, later(366));
    assert.equal(
      await points('expa', program, user),
      5,
      'the year-old 100 expired; the 5 never do',
    );
    await expirePoints(t.db, later(5000));
    assert.equal(await points('expa', program, user), 5);
  });

  test('spent points are not expired again and the balance never goes negative', async () => {
    const program = await makeProgram('expa', 30);
    const user = (await shopA.member()).user.uid;
    await line('expa', program, user, 100, 60);
    await line('expa', program, user, -70, 40, 'spend');
    await line('expa', program, user, 10, 2);
    await expirePoints(t.db, NOW);
    assert.equal(await points('expa', program, user), 10);
    const other = (await shopA.member()).user.uid;
    await line('expa', program, other, 100, 60, 'earn', 'order-x');
    await reverseByReference(t.db, appOf.expa, 'order-x', 'cancelled');
    await expirePoints(t.db, NOW);
    assert.equal(await points('expa', program, other), 0);
    assert.equal((await expireLines('expa', program, other)).length, 0);
  });

  test('two concurrent runs write one set of lines', async () => {
    const program = await makeProgram('expa', 30);
    const users = [
      (await shopA.member()).user.uid,
      (await shopA.member()).user.uid,
      (await shopA.member()).user.uid,
    ];
    for (const user of users) {
      await line('expa', program, user, 50, 31);
      await line('expa', program, user, 7, 1);
    }
    const runs = await Promise.all([
      expirePoints(t.db, NOW),
      expirePoints(t.db, NOW),
      expirePoints(t.db, NOW),
    ]);
    assert.equal(runs.flat().filter((o) => o.programUid === program).length, 3);
    const lines = await expireLines('expa', program);
    assert.equal(lines.length, 3);
    for (const user of users) assert.equal(await points('expa', program, user), 7);
  });

  test('a program without the setting is untouched and answers no expiry', async () => {
    const program = await makeProgram('expa', null);
    const member = await shopA.member();
    await line('expa', program, member.user.uid, 100, 3000);
    await expirePoints(t.db, NOW);
    assert.equal(await points('expa', program, member.user.uid), 100);
    assert.equal((await expireLines('expa', program)).length, 0);
    const seen = await t.get(`/api/v5/me/programs/${program}/`, {
      host: shopA.host,
      headers: member.auth,
    });
    assert.equal(seen.data.points_expiring, null);
  });

  test('tenant isolation: each tenant expires by its own program; one tenant cannot see the other program', async () => {
    const programA = await makeProgram('expa', 30);
    const programB = await makeProgram('expb', 90);
    const memberA = await shopA.member();
    const memberB = await shopB.member();
    await line('expa', programA, memberA.user.uid, 40, 60);
    await line('expb', programB, memberB.user.uid, 40, 60);
    await expirePoints(t.db, NOW);
    assert.equal(await points('expa', programA, memberA.user.uid), 0);
    assert.equal(await points('expb', programB, memberB.user.uid), 40);
    const lines = await expireLines('expa', programA);
    assert.ok(lines.every((l) => l.appId === appOf.expa && l.userUid === memberA.user.uid));
    const cross = await t.get(`/api/v5/me/programs/${programA}/`, {
      host: shopB.host,
      headers: memberB.auth,
    });
    assert.equal(cross.statusCode, 404);
    const seen = await t.get(`/api/v5/me/programs/${programB}/`, {
      host: shopB.host,
      headers: memberB.auth,
    });
    assert.equal(seen.data.points_expiring.amount, 40);
  });

  test('the tenant file field: null by default, whole days of at least 1', () => {
    const base = { key: 'club', company: 'shop', name: 'Club' };
    assert.equal(programsSection.parse([base])[0].points_expire_after_days, null);
    assert.equal(
      programsSection.parse([{ ...base, points_expire_after_days: 365 }])[0]
        .points_expire_after_days,
      365,
    );
    assert.equal(
      programsSection.safeParse([{ ...base, points_expire_after_days: 0 }]).success,
      false,
    );
    assert.equal(
      programsSection.safeParse([{ ...base, points_expire_after_days: 1.5 }]).success,
      false,
    );
  });
});
