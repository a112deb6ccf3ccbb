import type { Scope } from '../../../scope/scope';
import type { Order } from '@store/contract';
import type { Tx } from '../../../db/client';
import type { Mailer } from '../../mail/mailer';
import { orderConfirmationMail } from '../mail';
import { findOrder } from '../queries';

/**
 * The buyer's confirmation mail, queued in `tx`: the transaction that makes the order final
 * (the checkout's confirm step, a subscription's reservation), so a final order always has its
 * mail and an undone one never does. The outbox worker sends it after the commit. Answers the
 * order as it read it, final in that transaction: the checkout answers it without reading again.
 */
export async function queueOrderMail(
  tx: Tx,
  scope: Pick<Scope, 'app'> & { mailer: Mailer },
  orderUid: string,
  mail: { to?: string; currencySymbol: string },
): Promise<Order | undefined> {
  const order = await findOrder(tx, scope.app.uid, orderUid);
  if (!order) return undefined;
  await queueMailOf(tx, scope, order, mail);
  return order;
}

/** The same for an order the caller holds as that transaction wrote it (the checkout's). */
export async function queueMailOf(
  tx: Tx,
  scope: Pick<Scope, 'app'> & { mailer: Mailer },
  order: Order,
  mail: { to?: string; currencySymbol: string },
) {
  const to = mail.to ?? order.billing?.email;
  if (!to) return;
  await scope.mailer.queue(
    tx,
    scope.app.uid,
    orderConfirmationMail(scope.app.name, to, order, mail.currencySymbol),
  );
}
