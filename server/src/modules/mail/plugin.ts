import fp from 'fastify-plugin';
import { Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Shares one mailer with every area; closing the app waits for mails still on their way. */
export const mailPlugin = fp<{ smtpUrl?: string; from: string }>(
  async (app, options) => {
    const mailer = new Mailer(app.db, app.log, options);
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
