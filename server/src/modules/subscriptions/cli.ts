/**
 * `npm run subscriptions:run -w server [-- --at 2026-11-23T12:00:00Z] [--lead MINUTES]`
 * creates the subscription orders due now (or at the given instant) once, on
 * the database the environment names (DATABASE_URL or ./data), and prints
 * what it did. Safe to run beside running servers: a day's order is made once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { configFromEnv } from '../../config';
import { openDatabase } from '../../db/client';
import { Mailer } from '../mail/mailer';
import { DEFAULT_LEAD_MINUTES, runSubscriptionOrders } from './runner';

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]) {
  const at = option(argv, '--at');
  const lead = option(argv, '--lead');
  const now = at ? new Date(at) : new Date();
  if (Number.isNaN(now.getTime()) || (lead !== undefined && !/^\d+$/.test(lead))) {
    console.error(
      'usage: npm run subscriptions:run -w server [-- --at ISO-INSTANT] [--lead MINUTES]',
    );
    return 2;
  }
  const config = configFromEnv();
  // The mailer and the runner only say info/warn/error; the console is enough for a command (LOG_LEVEL applies).
  const rank: Record<string, number> = { debug: 0, info: 1, warn: 2, error: 3 };
  const say = (level: string) => (obj: unknown, msg?: string) => {
    if ((rank[level] ?? 1) >= (rank[config.logLevel] ?? 1))
      console.error(level, msg ?? '', JSON.stringify(obj));
  };
  const log = {
    info: say('info'),
    warn: say('warn'),
    error: say('error'),
  } as unknown as FastifyBaseLogger;
  const { db, close } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  const mailer = new Mailer(db, log, {
    smtpUrl: config.accounts.smtpUrl,
    from: config.accounts.mailFrom,
  });
  try {
    const outcomes = await runSubscriptionOrders(db, {
      now,
      leadMinutes: lead ? Number(lead) : DEFAULT_LEAD_MINUTES,
      mailer,
      log,
    });
    for (const o of outcomes)
      console.log(
        `${o.serviceDate} ${o.subscription} ${o.status}${o.orderUid ? ` order ${o.orderUid}` : ''}${o.reason ? `: ${o.reason}` : ''}`,
      );
    console.log(
      `${outcomes.filter((o) => o.status === 'ordered').length} ordered, ${outcomes.filter((o) => o.status === 'skipped').length} skipped`,
    );
  } finally {
    // The orders' mails are in the outbox already; send them now rather than leave them to a server.
    await mailer.idle();
    await mailer.close();
    await close();
  }
  return 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
