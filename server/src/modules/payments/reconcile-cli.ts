/**
 * `npm run payments:reconcile -w server [-- --at 2026-11-23T12:00:00Z]` re-reads every undecided
 * card payment from its provider, releases the reservations expired at that instant and retries
 * the failed refunds, once, on the database the environment names. Safe beside running servers.
 */
import { runOnceCommand } from '../../lib/run-once-command';
import { reconcilePayments } from './updates';

runOnceCommand('npm run payments:reconcile -w server', async (db, now, log, mail) => {
  const result = await reconcilePayments(db, now, log, mail);
  return [
    `${result.updated} orders updated; refunds: ${result.refunds.done} done, ${result.refunds.failed} failed; ` +
      `${result.purchases.updated} promotion purchases updated, ${result.purchases.refunds.done} refunded`,
  ];
});
