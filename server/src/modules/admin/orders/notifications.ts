import { eq, isNotNull, sql } from 'drizzle-orm';
import {
  adminMessages,
  type OrderNotificationSettings,
  type OrderNotificationSettingsInput,
} from '@store/contract';
import { companies, staffMembers, users } from '../../../db/schema';
import { ValidationError } from '../../../lib/http-errors';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Settings = Pick<
  typeof companies.$inferSelect,
  'orderMailTo' | 'customerOrderMails' | 'orderSettingsVersion'
>;

function toApi(row: Settings): OrderNotificationSettings {
  return {
    new_order_mail_to: row.orderMailTo,
    customer_status_mails: row.customerOrderMails,
    version: row.orderSettingsVersion,
  };
}

const columns = {
  orderMailTo: companies.orderMailTo,
  customerOrderMails: companies.customerOrderMails,
  orderSettingsVersion: companies.orderSettingsVersion,
};

/** Who hears about the company's orders: its owner's mail per new order, its customers' mails. */
export async function orderNotificationSettings(
  admin: AdminScope,
): Promise<OrderNotificationSettings> {
  const [row] = await admin.db
    .select(columns)
    .from(companies)
    .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)));
  return toApi(row);
}

/**
 * Whether an address is the verified email of someone on the company's staff: the mail per new
 * order (with the client's name and address) goes to the store's own team, never to any
 * address a store owner types, so the setting cannot turn the store's mails on a stranger.
 */
async function isTeamAddress(admin: AdminScope, email: string): Promise<boolean> {
  const [row] = await admin.db
    .select({ uid: users.uid })
    .from(staffMembers)
    .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
    .where(
      ofTenant(
        admin,
        staffMembers,
        eq(staffMembers.companyUid, admin.company.uid),
        eq(users.email, email.toLowerCase()),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** One versioned, audited write of those settings (the company row locked meanwhile). */
export async function updateOrderNotificationSettings(
  admin: AdminScope,
  input: OrderNotificationSettingsInput,
): Promise<OrderNotificationSettings> {
  const to = input.new_order_mail_to || null;
  if (to && !(await isTeamAddress(admin, to)))
    throw new ValidationError({ new_order_mail_to: [adminMessages.orderMailNotStaff] });
  return admin.db.transaction(async (tx) => {
    const where = ofTenant(admin, companies, eq(companies.uid, admin.company.uid));
    const [row] = await tx.select(columns).from(companies).where(where).for('update');
    checkVersion({ ...row, version: row.orderSettingsVersion }, input.version, toApi);
    const [updated] = await tx
      .update(companies)
      .set({
        orderMailTo: to,
        customerOrderMails: input.customer_status_mails,
        orderSettingsVersion: sql`${companies.orderSettingsVersion} + 1`,
      })
      .where(where)
      .returning(columns);
    return recordSave(
      withDb(admin, tx),
      'order_settings',
      admin.company.uid,
      toApi(row),
      toApi(updated),
    );
  });
}
