import fp from 'fastify-plugin';
import { isNull, count } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { addOutboxBacklogSource } from './metrics';

/** The mail outbox's unsent rows, read when Prometheus scrapes (never on a request's path). */
export const outboxBacklogPlugin = fp(
  async (app) => {
    const remove = addOutboxBacklogSource(async () => {
      const [row] = await app.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(isNull(mailOutbox.sentAt));
      return Number(row?.n ?? 0);
    });
    app.addHook('onClose', async () => remove());
  },
  { name: 'outbox-backlog', dependencies: ['database'] },
);
