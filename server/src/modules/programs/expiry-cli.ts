/**
 * `npm run points:expire -w server [-- --at 2026-11-23T12:00:00Z]` expires the
 * points due now (or at the given instant) once, on the database the
 * environment names (DATABASE_URL or ./data), and prints what it wrote. Safe
 * to run beside running servers: each member's points expire once.
 */
import { runOnceCommand } from '../../lib/run-once-command';
import { expirePoints } from './expiry';

runOnceCommand('npm run points:expire -w server', async (db, now, log) => {
  const outcomes = await expirePoints(db, now, log);
  return [
    ...outcomes.map((o) => `${o.appId} ${o.programUid} ${o.userUid} -${o.amount}`),
    `${outcomes.length} members, ${outcomes.reduce((s, o) => s + o.amount, 0)} points expired`,
  ];
});
