import type { Scope } from '../../../scope/scope';
import type { Order } from '@store/contract';
import type { Tx } from '../../../db/client';
import type { Mailer } from '../../mail/mailer';
import { numberedFromOrder, ORDER_NUMBER_MARK, orderConfirmationMail } from '../mail';
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

/**
 * The same for an order the caller holds as that transaction wrote it (the checkout's). With
 * `numberedBefore`, the order has no number yet: its mail is written with the number's mark, which
 * the database fills in from the order's row (orders/mail.ts `numberedFromOrder`), so it may follow
 * the statement that numbers the order in one pipeline. The row's write is sent before this
 * answers (the tenant's domain is given, so the mailer looks nothing up first).
 */
export async function queueMailOf(
  tx: Tx,
  scope: Pick<Scope, 'app'> & { mailer: Mailer },
  order: Order,
  mail: { to?: string; currencySymbol: string; numberedBefore?: boolean },
) {
  const to = mail.to ?? order.billing?.email;
  if (!to) return;
  const { app } = scope;
  await (mail.numberedBefore
    ? scope.mailer.queue(
        tx,
        app,
        orderConfirmationMail(app.name, to, order, mail.currencySymbol, ORDER_NUMBER_MARK),
        numberedFromOrder(order.uid),
      )
    : scope.mailer.queue(tx, app, orderConfirmationMail(app.name, to, order, mail.currencySymbol)));
}
