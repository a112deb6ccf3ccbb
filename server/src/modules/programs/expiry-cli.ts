/**
 * `npm run points:expire -w server [-- --at 2026-11-23T12:00:00Z]` expires the
 * points due now (or at the given instant) once, on the database the
 * environment names (DATABASE_URL or ./data), and prints what it wrote. Safe
 * to run beside running servers: each member's points expire once.
 */
import { configFromEnv } from '../../config';
import { openDatabase } from '../../db/client';
import { expirePoints } from './expiry';

async function main(argv: string[]) {
  const i = argv.indexOf('--at');
  const now = i >= 0 ? new Date(argv[i + 1] ?? '') : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error('usage: npm run points:expire -w server [-- --at ISO-INSTANT]');
    return 2;
  }
  const config = configFromEnv();
  const { db, close } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    const outcomes = await expirePoints(db, now, {
      info: () => {},
      error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
    } as never);
    for (const o of outcomes) console.log(`${o.appId} ${o.programUid} ${o.userUid} -${o.amount}`);
    console.log(
      `${outcomes.length} members, ${outcomes.reduce((s, o) => s + o.amount, 0)} points expired`,
    );
  } finally {
    await close();
  }
  return 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
