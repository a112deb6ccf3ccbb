import { asc, count, eq, sql } from 'drizzle-orm';
import {
  isOnlinePayment,
  centsToMoney,
  couponMessages,
  formatMessage,
  orderMessages,
  type CheckoutOptions,
  type Coupon,
} from '@store/contract';
import type { Database, Tx } from '../../db/client';
import {
  areas,
  companies,
  companyTaxRules,
  coupons,
  orders,
  paymentMethods,
  placeDeliverySettings,
  places,
} from '../../db/schema';
import type { AppRow } from '../tenancy/service';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { coinsMethodRow, hasCoinProgram } from './coins';
import { placeReachesArea } from './delivery-point';
import { haversineMeters } from './distance';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { jsonRow, rowFromJson } from '../../db/json-rows';
import type { TenantDb } from '../../scope/scope';
import { placeholder, preparedOnce } from '../../db/placeholder';

/** Checkout settings of companies and places: payment methods, tax rule, delivery fares, coupons. */

type PlaceRow = typeof places.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type DeliveryRow = typeof placeDeliverySettings.$inferSelect;
export type TaxRule = { name: string; rateBasisPoints: number };

const DEFAULT_TAX: TaxRule = { name: 'IGV', rateBasisPoints: 1800 };

export async function companyOf(
  db: Database | Tx,
  appId: string,
  companyUid: string,
): Promise<CompanyRow> {
  const [row] = await db
    .select()
    .from(companies)
    .where(ofTenant(tenantRef(appId), companies, eq(companies.uid, companyUid)));
  if (!row) throw new NotFoundError();
  return row;
}

export async function taxRuleOf(db: Database, appId: string, companyUid: string): Promise<TaxRule> {
  const [row] = await db
    .select()
    .from(companyTaxRules)
    .where(ofTenant(tenantRef(appId), companyTaxRules, eq(companyTaxRules.companyUid, companyUid)));
  return row ? { name: row.name, rateBasisPoints: row.rateBasisPoints } : DEFAULT_TAX;
}

/**
 * What a checkout reads of a company, in one statement: the company, its tax rule and its active
 * payment methods (by position). Read from the database on every order and quote rather than
 * kept in memory, so a price, tax or method changed in the back office decides the very next
 * order in every process.
 */
export async function checkoutSettingsOf(
  db: Database | Tx,
  appId: string,
  companyUid: string,
): Promise<{ company: CompanyRow; tax: TaxRule; methods: PaymentMethodRow[] }> {
  const [row] = await companyCheckoutSettings(db).execute({ tenant: appId, company: companyUid });
  if (!row) throw new NotFoundError();
  return {
    company: row.company,
    tax:
      row.taxName === null || row.taxRate === null
        ? DEFAULT_TAX
        : { name: row.taxName, rateBasisPoints: row.taxRate },
    methods: row.methods.map((m) => rowFromJson(paymentMethods, m)),
  };
}

/** The company with its tax rule and active payment methods: one statement, built once. */
const companyCheckoutSettings = preparedOnce((db) => {
  const tenant = tenantRef(placeholder<string>('tenant'));
  const methods = db
    .select({
      list: sql`coalesce(json_agg(${jsonRow(paymentMethods)} ORDER BY ${paymentMethods.position}), '[]'::json)`,
    })
    .from(paymentMethods)
    // The tenant named again, not only matched to the company's: Citus prunes a correlated
    // subquery by its own `app_id = constant` (see groupsJson in catalog/query-parts.ts).
    .where(
      ofTenant(
        tenant,
        paymentMethods,
        sameTenant(paymentMethods, companies, eq(paymentMethods.companyUid, companies.uid)),
        eq(paymentMethods.isActive, true),
      ),
    );
  return db
    .select({
      company: companies,
      taxName: companyTaxRules.name,
      taxRate: companyTaxRules.rateBasisPoints,
      methods: sql<Record<string, unknown>[]>`(${methods})`,
    })
    .from(companies)
    .leftJoin(
      companyTaxRules,
      sameTenant(companyTaxRules, companies, eq(companyTaxRules.companyUid, companies.uid)),
    )
    .where(ofTenant(tenant, companies, eq(companies.uid, placeholder<string>('company'))))
    .prepare('');
});

export function taxToApi(tax: TaxRule) {
  return { name: tax.name, rate: centsToMoney(tax.rateBasisPoints), included: true as const };
}

export async function activePaymentMethods(
  db: Database,
  appId: string,
  companyUid: string,
): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(
      ofTenant(
        tenantRef(appId),
        paymentMethods,
        eq(paymentMethods.companyUid, companyUid),
        eq(paymentMethods.isActive, true),
      ),
    )
    .orderBy(asc(paymentMethods.position));
}

/** A payment method as buyers see it: never its access token or webhook secret. */
export function paymentMethodToApi(row: PaymentMethodRow) {
  return {
    uid: row.uid,
    name: row.name,
    type: row.type,
    ...(isOnlinePayment(row.type) ? { provider: row.provider, public_key: row.publicKey } : {}),
  };
}

export async function deliveryOf(
  db: Database,
  appId: string,
  placeUid: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(placeDeliverySettings)
    .where(
      ofTenant(
        tenantRef(appId),
        placeDeliverySettings,
        eq(placeDeliverySettings.placeUid, placeUid),
      ),
    );
  return row;
}

export { haversineMeters } from './distance';

/**
 * The delivery fare from a place to a point: base fare plus the per-km rate
 * times the straight-line distance, rounded to the cent. A place without
 * (enabled) delivery has no shipping methods (the spec's words); a point beyond
 * the radius is out of the delivery area, with the radius in the message.
 */
export function deliveryFare(
  place: PlaceRow,
  settings: DeliveryRow | undefined,
  to: { latitude: number; longitude: number },
) {
  if (!settings?.enabled || place.latitude === null || place.longitude === null)
    throw new ValidationError(orderMessages.noShippingMethods);
  const meters = Math.round(
    haversineMeters({ latitude: place.latitude, longitude: place.longitude }, to),
  );
  // The refusal names the radius, so the shopper knows how far to move the point.
  if (meters > settings.maxRadiusMeters)
    throw new ValidationError(
      formatMessage(orderMessages.outOfDeliveryRange, { km: settings.maxRadiusMeters / 1000 }),
    );
  const fareCents = settings.baseFareCents + Math.round((settings.perKmCents * meters) / 1000);
  return {
    fareCents,
    meters,
    distanceKm: Math.round(meters / 10) / 100,
    maxRadiusKm: settings.maxRadiusMeters / 1000,
  };
}

export async function checkoutOptionsOf(
  scope: TenantDb,
  place: PlaceRow,
): Promise<CheckoutOptions> {
  const { db, app } = scope;
  const [{ company, methods, tax }, delivery] = await Promise.all([
    checkoutSettingsOf(db, app.uid, place.companyUid),
    deliveryOf(db, app.uid, place.uid),
  ]);
  const enabled = Boolean(delivery?.enabled && place.latitude !== null && place.longitude !== null);
  return {
    place_uid: place.uid,
    company_uid: company.uid,
    ecommerce_enabled: company.ecommerceEnabled,
    // The COINS method pays carts of redeemable products when the company's program has coins (see ./coins).
    payment_methods: [
      ...methods.map(paymentMethodToApi),
      ...((await hasCoinProgram(db, app.uid, company.uid))
        ? [paymentMethodToApi(coinsMethodRow(app.uid, company.uid))]
        : []),
    ],
    delivery: {
      enabled,
      base_fare: centsToMoney(enabled ? delivery!.baseFareCents : 0),
      per_km: centsToMoney(enabled ? delivery!.perKmCents : 0),
      max_radius_km: enabled ? delivery!.maxRadiusMeters / 1000 : 0,
    },
    pickup: place.pickupEnabled,
    // The areas the checkout offers for delivery: those the place reaches (delivery-point.ts).
    delivery_area_uids: enabled
      ? (
          await db
            .select({ uid: areas.uid, bounds: areas.bounds })
            .from(areas)
            .where(ofTenant(tenantRef(app.uid), areas))
        )
          .filter((a) => placeReachesArea(place, a, delivery!.maxRadiusMeters))
          .map((a) => a.uid)
      : [],
    tax: taxToApi(tax),
    currency: { code: company.currencyCode, symbol: company.currencySymbol },
  };
}

/** The company a validate-code path names: a company uid of the app, or a place uid (its company). */
export async function companyForCode(db: Database, app: AppRow, uid: string): Promise<CompanyRow> {
  if (!isUid(uid)) throw new NotFoundError();
  const [company] = await db
    .select()
    .from(companies)
    .where(ofTenant({ app }, companies, eq(companies.uid, uid)));
  if (company) return company;
  const [place] = await db
    .select({ companyUid: places.companyUid })
    .from(places)
    .where(ofTenant({ app }, places, eq(places.uid, uid)));
  if (!place) throw new NotFoundError();
  return companyOf(db, app.uid, place.companyUid);
}

/**
 * A coupon of the company that can be used now (by this member, when one is
 * signed in): unknown or switched off is 'Este código no existe'; dates, the
 * overall limit and the member's limit each have their message. The overall
 * limit is enforced again, atomically, when an order takes the coupon.
 */
export async function usableCoupon(
  db: Database,
  appId: string,
  companyUid: string,
  code: string,
  userUid: string | null,
  now: Date,
): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(
      ofTenant(
        tenantRef(appId),
        coupons,
        eq(coupons.companyUid, companyUid),
        eq(coupons.code, code.trim().toUpperCase()),
        eq(coupons.isActive, true),
      ),
    );
  if (!row) throw new CouponError(couponMessages.notFound, 404);
  if (row.validFrom && row.validFrom > now) throw new CouponError(couponMessages.notStarted);
  if (row.validUntil && row.validUntil < now) throw new CouponError(couponMessages.expired);
  if (row.maxUses !== null && row.uses >= row.maxUses)
    throw new CouponError(couponMessages.exhausted);
  if (
    userUid &&
    row.maxUsesPerMember !== null &&
    (await memberUses(db, appId, row.uid, userUid)) >= row.maxUsesPerMember
  )
    throw new CouponError(couponMessages.memberLimit);
  return row;
}

/** A coupon refused; `message` is the code (ref) of why. */
export class CouponError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

/** Orders of the member that used the coupon and were not canceled. */
export async function memberUses(
  db: Database | Tx,
  appId: string,
  couponUid: string,
  userUid: string,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      ofTenant(
        tenantRef(appId),
        orders,
        eq(orders.couponUid, couponUid),
        eq(orders.userUid, userUid),
        sql`${orders.status} NOT IN ('CANCELED_BY_PLACE', 'CANCELED_BY_USER')`,
      ),
    )
    // Sent at once (not on the builder's await), so the count may follow another statement in a pipeline.
    .execute();
  return n;
}

export function couponDiscountCents(row: CouponRow, subtotalCents: number): number {
  const raw = row.kind === 'PERCENT' ? Math.round((subtotalCents * row.value) / 10_000) : row.value;
  return Math.min(raw, subtotalCents);
}

export function checkCouponMinimum(row: CouponRow, subtotalCents: number) {
  if (subtotalCents < row.minSubtotalCents)
    throw new CouponError(
      formatMessage(couponMessages.minSubtotal, { min: centsToMoney(row.minSubtotalCents) }),
    );
}

export function couponToApi(row: CouponRow): Coupon {
  return {
    code: row.code,
    kind: row.kind,
    discount: centsToMoney(row.value),
    min_subtotal: centsToMoney(row.minSubtotalCents),
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    company_uid: row.companyUid,
  };
}
