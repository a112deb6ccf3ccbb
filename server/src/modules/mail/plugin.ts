import fp from 'fastify-plugin';
import { Mailer, type MailerOptions } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Shares one mailer with every area and runs its outbox worker once the app is ready; closing the
 * app stops the worker after the mails being sent (the rest wait in the outbox).
 */
export const mailPlugin = fp<MailerOptions>(
  async (app, options) => {
    const mailer = new Mailer(app.db, app.log, options);
    app.decorate('mailer', mailer);
    app.addHook('onReady', () => mailer.start());
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
