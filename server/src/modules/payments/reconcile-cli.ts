/**
 * `npm run payments:reconcile -w server [-- --at 2026-11-23T12:00:00Z]` re-reads every undecided
 * card payment from its provider, releases the reservations expired at that instant and retries
 * the failed refunds, once, on the database the environment names. Safe beside running servers.
 */
import { configFromEnv } from '../../config';
import { openDatabase } from '../../db/client';
import { reconcilePayments } from './updates';

async function main(argv: string[]) {
  const i = argv.indexOf('--at');
  const now = i >= 0 ? new Date(argv[i + 1] ?? '') : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error('usage: npm run payments:reconcile -w server [-- --at ISO-INSTANT]');
    return 2;
  }
  const config = configFromEnv();
  const { db, close } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    const result = await reconcilePayments(db, now, {
      info: () => {},
      error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
    } as never);
    console.log(
      `${result.updated} orders updated; refunds: ${result.refunds.done} done, ${result.refunds.failed} failed; ` +
        `${result.purchases.updated} promotion purchases updated, ${result.purchases.refunds.done} refunded`,
    );
  } finally {
    await close();
  }
  return 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
