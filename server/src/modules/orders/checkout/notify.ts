import type { Scope } from '../../../scope/scope';
import type { Order } from '@store/contract';
import type { PublicUrlConfig } from '../../../config';
import type { Tx } from '../../../db/client';
import { publicOrigin } from '../../../lib/public-url';
import type { Mailer } from '../../mail/mailer';
import { numberedFromOrder, ORDER_NUMBER_MARK, orderConfirmationMail } from '../mail';
import { newOrderMailTo, queueNewOrderMail } from '../notices';
import { findOrder } from '../queries';

/** The mailer, and where the store's mailed links point (its own domain; see lib/public-url.ts). */
type MailScope = Pick<Scope, 'app'> & { mailer: Mailer; publicUrl?: PublicUrlConfig };

/**
 * The buyer's confirmation mail, queued in `tx`: the transaction that makes the order final
 * (the checkout's confirm step, a subscription's reservation), so a final order always has its
 * mail and an undone one never does. The outbox worker sends it after the commit. Answers the
 * order as it read it, final in that transaction: the checkout answers it without reading again.
 * The store's own mail about the new order goes with it when its owner asked for one.
 */
export async function queueOrderMail(
  tx: Tx,
  scope: MailScope,
  orderUid: string,
  mail: { to: string | null; currencySymbol: string },
): Promise<Order | undefined> {
  const order = await findOrder(tx, scope.app.uid, orderUid);
  if (!order) return undefined;
  const storeMailTo = await newOrderMailTo(tx, scope.app.uid, order.company_uid);
  await queueMailOf(tx, scope, order, { ...mail, storeMailTo });
  return order;
}

/**
 * The same for an order the caller holds as that transaction wrote it (the checkout's), to `to`:
 * the member's verified address (mail/safe.ts `verifiedAddress`), never the billing email the
 * client typed; none, no mail. With
 * `numberedBefore`, the order has no number yet: its mail is written with the number's mark, which
 * the database fills in from the order's row (orders/mail.ts `numberedFromOrder`), so it may follow
 * the statement that numbers the order in one pipeline. The rows' writes are sent before this
 * answers (the tenant's domain is given, so the mailer looks nothing up first). `storeMailTo`: the
 * company's address for a mail per new order (`companies.order_mail_to`), read with its settings.
 */
export async function queueMailOf(
  tx: Tx,
  scope: MailScope,
  order: Order,
  mail: {
    to: string | null;
    currencySymbol: string;
    numberedBefore?: boolean;
    storeMailTo?: string | null;
  },
) {
  const { app } = scope;
  const { to } = mail;
  const writes: Promise<void>[] = [];
  if (to)
    writes.push(
      mail.numberedBefore
        ? scope.mailer.queue(
            tx,
            app,
            orderConfirmationMail(app.name, to, order, mail.currencySymbol, ORDER_NUMBER_MARK),
            numberedFromOrder(order.uid),
          )
        : scope.mailer.queue(
            tx,
            app,
            orderConfirmationMail(app.name, to, order, mail.currencySymbol),
          ),
    );
  if (mail.storeMailTo)
    writes.push(
      queueNewOrderMail(
        tx,
        { mailer: scope.mailer, origin: publicOrigin(app.domain, scope.publicUrl ?? {}) },
        app,
        mail.storeMailTo,
        order,
        {
          symbol: mail.currencySymbol,
          numberedBefore: mail.numberedBefore,
          ...(mail.numberedBefore ? { number: ORDER_NUMBER_MARK } : {}),
        },
      ),
    );
  await Promise.all(writes);
}
