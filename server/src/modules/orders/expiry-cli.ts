/**
 * `npm run orders:expire -w server [-- --at 2026-11-23T12:00:00Z]` expires
 * the orders stores did not accept in time (as of now or the given instant)
 * once, on the database the environment names (DATABASE_URL or ./data), and
 * prints them. Safe to run beside running servers: each order expires once.
 */
import { configFromEnv } from '../../config';
import { openDatabase } from '../../db/client';
import { expireUnacceptedOrders } from './expiry';

async function main(argv: string[]) {
  const i = argv.indexOf('--at');
  const now = i >= 0 ? new Date(argv[i + 1] ?? '') : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error('usage: npm run orders:expire -w server [-- --at ISO-INSTANT]');
    return 2;
  }
  const config = configFromEnv();
  const { db, close } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    const expired = await expireUnacceptedOrders(db, now, {
      info: () => {},
      error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
    } as never);
    for (const o of expired) console.log(`${o.appId} order ${o.number} (${o.uid}) expired`);
    console.log(`${expired.length} orders expired`);
  } finally {
    await close();
  }
  return 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
