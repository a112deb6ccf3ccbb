import type { FastifyBaseLogger } from 'fastify';
import { configFromEnv } from '../config';
import { openDatabase, type Database } from '../db/client';
import { Mailer } from '../modules/mail/mailer';
import type { OrderMail } from '../modules/orders/notices';

/**
 * The shape of the operators' one-shot commands (`orders:expire`, `points:expire`,
 * `payments:reconcile`): `[-- --at ISO-INSTANT]`, the database the environment names
 * (DATABASE_URL or ./data), the job run once as of that instant, its report printed line by
 * line, the exit code 2 on a bad instant. The jobs are the schedulers' own, safe beside
 * running servers, so the command and the scheduler can never disagree.
 */
export function runOnceCommand(
  usage: string,
  job: (db: Database, now: Date, log: FastifyBaseLogger, mail: OrderMail) => Promise<string[]>,
): void {
  void main(process.argv.slice(2)).then((code) => process.exit(code));

  async function main(argv: string[]): Promise<number> {
    const i = argv.indexOf('--at');
    const now = i >= 0 ? new Date(argv[i + 1] ?? '') : new Date();
    if (Number.isNaN(now.getTime())) {
      console.error(`usage: ${usage} [-- --at ISO-INSTANT]`);
      return 2;
    }
    const config = configFromEnv();
    const { db, close } = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      preparedStatements: config.databasePreparedStatements,
    });
    try {
      // The jobs only report errors through the log; their results are the command's output.
      const log = {
        info: () => {},
        warn: () => {},
        error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
      } as unknown as FastifyBaseLogger;
      // The mails a job causes (an expired order, a refund done) go through the outbox as the
      // server's do, and are sent before the command ends (SMTP_URL) or kept for the servers.
      const mailer = new Mailer(db, log, {
        smtpUrl: config.accounts.smtpUrl,
        from: config.accounts.mailFrom,
      });
      try {
        for (const line of await job(db, now, log, { mailer, publicUrl: config.publicUrl }))
          console.log(line);
      } finally {
        await mailer.idle();
        await mailer.close();
      }
    } finally {
      await close();
    }
    return 0;
  }
}
