import type { Order } from '@store/contract';
import type { Scope } from '../../../scope/scope';
import type { Mailer } from '../../mail/mailer';
import { orderConfirmationMail } from '../mail';
import { findOrder } from '../queries';

/**
 * Step 5, after the order is final (so nothing here is undone): the buyer's
 * confirmation mail, queued to be sent after answering. Answers the order as the API
 * shows it. Recurring subscription orders send theirs with it too.
 */
export async function notifyOrder(
  scope: Pick<Scope, 'db' | 'app'> & { mailer: Mailer },
  orderUid: string,
  mail: { to?: string; currencySymbol: string },
): Promise<Order | undefined> {
  const order = await findOrder(scope.db, scope.app.uid, orderUid);
  if (order)
    scope.mailer.sendLater(
      scope.app.uid,
      orderConfirmationMail(
        scope.app.name,
        mail.to ?? order.billing!.email,
        order,
        mail.currencySymbol,
      ),
    );
  return order;
}
