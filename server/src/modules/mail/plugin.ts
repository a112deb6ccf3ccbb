import fp from 'fastify-plugin';
import { runEvery } from '../../lib/run-every';
import { Mailer, type MailerOptions } from './mailer';
import { pruneMailOutbox } from './prune';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Shares one mailer with every area and runs its outbox worker once the app is ready; closing the
 * app stops the worker after the mails being sent (the rest wait in the outbox). Old sent and
 * failed mails are pruned on a timer (MAIL_PRUNE_RUN_SECONDS, MAIL_KEEP_DAYS).
 */
export const mailPlugin = fp<
  MailerOptions & { prune?: { everySeconds: number; keepDays: number } }
>(
  async (app, options) => {
    const mailer = new Mailer(app.db, app.log, options);
    app.decorate('mailer', mailer);
    app.addHook('onReady', () => mailer.start());
    app.addHook('onClose', () => mailer.close());
    const prune = options.prune;
    if (prune)
      runEvery(app, prune.everySeconds, 'mail outbox pruning', async () => {
        const removed = await pruneMailOutbox(app.db, prune.keepDays);
        if (removed) app.log.info({ removed }, 'old mails removed from the outbox');
      });
  },
  { name: 'mail', dependencies: ['database'] },
);
