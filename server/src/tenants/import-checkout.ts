import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { companyTaxRules, coupons, paymentMethods, placeDeliverySettings } from '../db/schema';
import type { TenantFile } from './file-schema';
import { ofTenant, tenantRef } from '../scope/tenant-query';
import { updateSet } from '../db/upsert';
import { unlistedRows, upsertByUid } from './import-rows';

type UidOf = (kind: string, key: string) => string;

/**
 * Payment methods, tax rules and coupons of each company, delivery settings of
 * each place. Orders point at payment methods and coupons, so those are
 * upserted and, when left out of the file, switched off rather than deleted; a
 * coupon's use count is never touched by an import.
 */
export async function importCheckout(tx: Tx, file: TenantFile, appId: string, uidOf: UidOf) {
  for (const c of file.companies) {
    const companyUid = uidOf('company', c.key);
    const methodUids = c.payment_methods.map((m) => uidOf('payment-method', `${c.key}/${m.key}`));
    await tx
      .update(paymentMethods)
      .set({ isActive: false })
      .where(
        unlistedRows(appId, paymentMethods, paymentMethods.companyUid, companyUid, methodUids),
      );
    for (const [position, m] of c.payment_methods.entries()) {
      const row = {
        appId,
        uid: methodUids[position],
        companyUid,
        key: m.key,
        type: m.type,
        name: m.name,
        provider: m.provider,
        publicKey: m.mercadopago?.public_key ?? null,
        accessToken: m.mercadopago?.access_token ?? null,
        webhookSecret: m.mercadopago?.webhook_secret ?? null,
        position,
        isActive: m.is_active,
      };
      // A file without a secret (an export) keeps the stored one; a file that names one replaces it.
      const set = {
        ...row,
        accessToken: sql`coalesce(excluded.access_token, ${paymentMethods.accessToken})`,
        webhookSecret: sql`coalesce(excluded.webhook_secret, ${paymentMethods.webhookSecret})`,
      };
      await tx
        .insert(paymentMethods)
        .values(row)
        .onConflictDoUpdate({
          target: [paymentMethods.appId, paymentMethods.uid],
          set: updateSet(set),
        });
    }

    const tax = {
      appId,
      companyUid,
      name: c.tax.name,
      rateBasisPoints: Math.round(c.tax.rate_percent * 100),
    };
    await tx
      .insert(companyTaxRules)
      .values(tax)
      .onConflictDoUpdate({
        target: [companyTaxRules.appId, companyTaxRules.companyUid],
        set: updateSet(tax),
      });

    const couponUids = c.coupons.map((k) => uidOf('coupon', `${c.key}/${k.key}`));
    await tx
      .update(coupons)
      .set({ isActive: false })
      .where(unlistedRows(appId, coupons, coupons.companyUid, companyUid, couponUids));
    for (const [i, k] of c.coupons.entries()) {
      const row = {
        appId,
        uid: couponUids[i],
        companyUid,
        key: k.key,
        code: k.code.toUpperCase(),
        kind: k.kind,
        value: Math.round(Number(k.value) * 100),
        minSubtotalCents: k.min_subtotal,
        validFrom: k.valid_from ? new Date(k.valid_from) : null,
        validUntil: k.valid_until ? new Date(k.valid_until) : null,
        maxUses: k.max_uses,
        maxUsesPerMember: k.max_uses_per_member,
        isActive: k.is_active,
      };
      await upsertByUid(tx, coupons, row);
    }
  }
  for (const p of file.places) {
    const placeUid = uidOf('place', p.key);
    if (!p.delivery) {
      await tx
        .delete(placeDeliverySettings)
        .where(
          ofTenant(
            tenantRef(appId),
            placeDeliverySettings,
            eq(placeDeliverySettings.placeUid, placeUid),
          ),
        );
      continue;
    }
    const row = {
      appId,
      placeUid,
      enabled: p.delivery.enabled,
      baseFareCents: p.delivery.base_fare,
      perKmCents: p.delivery.per_km,
      maxRadiusMeters: Math.round(p.delivery.max_radius_km * 1000),
    };
    await tx
      .insert(placeDeliverySettings)
      .values(row)
      .onConflictDoUpdate({
        target: [placeDeliverySettings.appId, placeDeliverySettings.placeUid],
        set: updateSet(row),
      });
  }
}
