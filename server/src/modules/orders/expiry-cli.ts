/**
 * `npm run orders:expire -w server [-- --at 2026-11-23T12:00:00Z]` expires
 * the orders stores did not accept in time (as of now or the given instant)
 * once, on the database the environment names (DATABASE_URL or ./data), and
 * prints them. Safe to run beside running servers: each order expires once.
 */
import { runOnceCommand } from '../../lib/run-once-command';
import { expireUnacceptedOrders } from './expiry';

runOnceCommand('npm run orders:expire -w server', async (db, now, log, mail) => {
  const expired = await expireUnacceptedOrders(db, now, log, mail);
  return [
    ...expired.map((o) => `${o.appId} order ${o.number} (${o.uid}) expired`),
    `${expired.length} orders expired`,
  ];
});
