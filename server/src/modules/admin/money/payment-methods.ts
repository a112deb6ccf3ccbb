import { asc, desc, eq, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  adminMoneyMessages,
  type AdminPaymentMethod,
  type AdminPaymentMethodInput,
  type AdminYapeInput,
} from '@store/contract';
import { paymentMethods } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { recordChange } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Row = typeof paymentMethods.$inferSelect;

/** Secrets never leave: only whether each one is set. */
const toApi = (row: Row): AdminPaymentMethod => ({
  uid: row.uid,
  key: row.key,
  type: row.type,
  name: row.name,
  provider: row.provider,
  is_active: row.isActive,
  public_key: row.publicKey,
  access_token_configured: Boolean(row.accessToken),
  webhook_secret_configured: Boolean(row.webhookSecret),
  version: row.version,
});

export async function listPaymentMethods(admin: AdminScope): Promise<AdminPaymentMethod[]> {
  const rows = await admin.db
    .select()
    .from(paymentMethods)
    .where(
      ofTenant(
        admin,
        paymentMethods,
        eq(paymentMethods.companyUid, admin.company.uid),
        // Paying with coins follows the coin program (orders/coins.ts), not a switch here.
        ne(paymentMethods.type, 'COINS'),
      ),
    )
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.name));
  return rows.map(toApi);
}

/**
 * Switches a method on or off, renames it, or replaces its card credentials. A Mercado
 * Pago method cannot be switched on without its public key and access token: the store
 * would offer a card payment that can only fail.
 */
export async function updatePaymentMethod(
  admin: AdminScope,
  uid: string,
  input: AdminPaymentMethodInput,
): Promise<AdminPaymentMethod> {
  if (!isUid(uid)) throw new NotFoundError(adminMoneyMessages.paymentMethodNotFound);
  return admin.db.transaction(async (tx) => {
    const where = ofTenant(
      admin,
      paymentMethods,
      eq(paymentMethods.uid, uid),
      eq(paymentMethods.companyUid, admin.company.uid),
      ne(paymentMethods.type, 'COINS'),
    );
    const [row] = await tx.select().from(paymentMethods).where(where).for('update');
    if (!row) throw new NotFoundError(adminMoneyMessages.paymentMethodNotFound);
    checkVersion(row, input.version, toApi);
    const next = {
      name: input.name ?? row.name,
      isActive: input.is_active ?? row.isActive,
      publicKey: input.public_key ?? row.publicKey,
      accessToken: input.access_token ?? row.accessToken,
      webhookSecret: input.webhook_secret ?? row.webhookSecret,
    };
    if (row.provider === 'mercadopago' && next.isActive && (!next.publicKey || !next.accessToken))
      throw new ValidationError({ is_active: [adminMoneyMessages.cardCredentialsMissing] });
    const [updated] = await tx
      .update(paymentMethods)
      .set({ ...next, version: sql`${paymentMethods.version} + 1` })
      .where(where)
      .returning();
    await recordChange(withDb(admin, tx), {
      entity: 'payment_method',
      entityUid: uid,
      action: 'update',
      before: toApi(row),
      after: {
        ...toApi(updated),
        // Which secrets this write replaced (the values themselves never reach the log).
        replaced: ['access_token', 'webhook_secret'].filter((k) => k in input),
      },
    });
    return toApi(updated);
  });
}

/**
 * Adds Yape to the company's methods (one per company), through Mercado Pago's Checkout API with
 * the credentials sent or else those of the company's Mercado Pago card method. It is switched on
 * at once when the public key and access token are known, otherwise it waits for them (off).
 */
export async function addYape(
  admin: AdminScope,
  input: AdminYapeInput,
): Promise<AdminPaymentMethod> {
  return admin.db.transaction(async (tx) => {
    const ofCompany = () =>
      ofTenant(admin, paymentMethods, eq(paymentMethods.companyUid, admin.company.uid));
    // The company's methods are locked: two owners adding Yape at once make one method.
    const rows = await tx.select().from(paymentMethods).where(ofCompany()).for('update');
    if (rows.some((r) => r.type === 'YAPE'))
      throw new ValidationError({ non_field_errors: [adminMoneyMessages.yapeExists] });
    const card = rows.find((r) => r.type === 'ONLINE_CARD' && r.provider === 'mercadopago');
    const [last] = await tx
      .select({ position: paymentMethods.position })
      .from(paymentMethods)
      .where(ofCompany())
      .orderBy(desc(paymentMethods.position))
      .limit(1);
    const publicKey = input.public_key ?? card?.publicKey ?? null;
    const accessToken = input.access_token ?? card?.accessToken ?? null;
    const [created] = await tx
      .insert(paymentMethods)
      .values({
        appId: admin.app.uid,
        uid: randomUUID(),
        companyUid: admin.company.uid,
        key: rows.some((r) => r.key === 'yape') ? `yape-${Date.now()}` : 'yape',
        type: 'YAPE',
        name: input.name ?? 'Yape',
        provider: 'mercadopago',
        publicKey,
        accessToken,
        webhookSecret: input.webhook_secret ?? card?.webhookSecret ?? null,
        position: (last?.position ?? -1) + 1,
        isActive: Boolean(publicKey && accessToken),
      })
      .returning();
    await recordChange(withDb(admin, tx), {
      entity: 'payment_method',
      entityUid: created.uid,
      action: 'create',
      before: null,
      after: {
        ...toApi(created),
        replaced: ['access_token', 'webhook_secret'].filter((k) => k in input),
      },
    });
    return toApi(created);
  });
}
