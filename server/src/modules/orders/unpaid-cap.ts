import { count, eq, inArray, notInArray } from 'drizzle-orm';
import { formatMessage, orderMessages, subscriptionMessages } from '@store/contract';
import type { Tx } from '../../db/client';
import { orders, subscriptions, users } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import type { AppRow } from '../tenancy/service';
import { ofTenant, tenantRef } from '../../scope/tenant-query';
import { placeholder, preparedOnce } from '../../db/placeholder';
import { settleInOrder } from '../../db/pipeline';

/**
 * A member may hold at most `apps.max_unpaid_orders` orders nobody has paid
 * yet (cash or card on delivery, or a card still being charged) that are not
 * over (delivered or canceled): otherwise one account could reserve a store's
 * whole stock with orders it never means to pay for. Active subscriptions are
 * counted apart against the same number (docs/decisions.md).
 *
 * Both checks run in the transaction that writes the order or subscription,
 * after locking the member's users row: two racing requests of one member
 * queue there, and the second counts the first one's row. FOR NO KEY UPDATE
 * queues them without blocking rows that merely reference the user.
 */
const memberLock = preparedOnce((db) =>
  db
    .select({ uid: users.uid })
    .from(users)
    .where(
      ofTenant(
        tenantRef(placeholder<string>('tenant')),
        users,
        eq(users.uid, placeholder<string>('user')),
      ),
    )
    .for('no key update')
    .prepare(''),
);

async function lockMember(tx: Tx, appId: string, userUid: string) {
  await memberLock(tx).execute({ tenant: appId, user: userUid });
}

const FINAL_STATUSES = ['DELIVERED', 'CANCELED_BY_PLACE', 'CANCELED_BY_USER'];
const UNPAID = ['PAY_ON_DELIVERY', 'PENDING'] as const;

/** Built once: every order paid later (cash, card on delivery) counts them. */
const unpaidOrdersOfMember = preparedOnce((db) =>
  db
    .select({ open: count() })
    .from(orders)
    .where(
      ofTenant(
        tenantRef(placeholder<string>('tenant')),
        orders,
        eq(orders.userUid, placeholder<string>('user')),
        inArray(orders.paymentStatus, UNPAID),
        notInArray(orders.status, FINAL_STATUSES),
      ),
    )
    .prepare(''),
);

/**
 * The lock and the count are sent together (the count runs once the lock is granted, and reads
 * what committed until then), so this may be part of a pipeline (db/pipeline.ts).
 */
export async function enforceUnpaidOrdersCap(
  tx: Tx,
  app: Pick<AppRow, 'uid' | 'maxUnpaidOrders'>,
  userUid: string,
) {
  const [, [{ open }]] = await settleInOrder([
    lockMember(tx, app.uid, userUid),
    unpaidOrdersOfMember(tx).execute({ tenant: app.uid, user: userUid }),
  ]);
  if (open >= app.maxUnpaidOrders)
    throw new ValidationError(
      formatMessage(orderMessages.tooManyUnpaid, { max: app.maxUnpaidOrders }),
    );
}

export async function enforceActiveSubscriptionsCap(
  tx: Tx,
  app: Pick<AppRow, 'uid' | 'maxUnpaidOrders'>,
  userUid: string,
) {
  await lockMember(tx, app.uid, userUid);
  const [{ active }] = await tx
    .select({ active: count() })
    .from(subscriptions)
    .where(
      ofTenant(
        { app },
        subscriptions,
        eq(subscriptions.userUid, userUid),
        eq(subscriptions.status, 'active'),
      ),
    );
  if (active >= app.maxUnpaidOrders)
    throw new ValidationError(
      formatMessage(subscriptionMessages.tooManyActive, { max: app.maxUnpaidOrders }),
    );
}
