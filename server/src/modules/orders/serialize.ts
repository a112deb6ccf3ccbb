import {
  centsToMoney,
  canTransition,
  type CancelReasonCode,
  type DeliveryPointFlag,
  type Order,
  type OrderStatus,
} from '@store/contract';
import type {
  areas,
  electronicReceipts,
  orderLineRemovals,
  orderLines,
  orders,
  paymentMethods,
  places,
} from '../../db/schema';
import { taxToApi } from './settings';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

export type OrderRelated = {
  place: Pick<typeof places.$inferSelect, 'uid' | 'name'>;
  method: typeof paymentMethods.$inferSelect;
  area: typeof areas.$inferSelect | null;
  lines: LineRow[];
  /** Lines the store removed, oldest first, with the status of each one's refund. */
  removals?: {
    removal: typeof orderLineRemovals.$inferSelect;
    refundStatus: 'PENDING' | 'DONE' | null;
  }[];
  /** Its electronic receipts, oldest first (left out where the answer does not show them). */
  receipts?: (typeof electronicReceipts.$inferSelect)[];
};

export function orderToApi(row: OrderRow, related: OrderRelated): Order {
  const status = row.status as OrderStatus;
  return {
    uid: row.uid,
    // Every order shown is numbered: only one whose card is still being charged has no number.
    number: row.number ?? 0,
    created_at: row.createdAt.toISOString(),
    status,
    place: { uid: related.place.uid, name: related.place.name },
    company_uid: row.companyUid,
    name: row.billing ? `${row.billing.first_name} ${row.billing.last_name}` : '',
    shipping_type: row.shippingType,
    pickup_date: row.pickupDate,
    pickup_start: row.pickupStart,
    pickup_end: row.pickupEnd,
    area: related.area ? { uid: related.area.uid, name: related.area.name } : null,
    district: row.district,
    address: row.address,
    reference: row.reference,
    latitude: row.latitude,
    longitude: row.longitude,
    distance_km: row.distanceMeters === null ? null : Math.round(row.distanceMeters / 10) / 100,
    comments: row.comments,
    payment_method: {
      uid: related.method.uid,
      name: related.method.name,
      type: related.method.type,
    },
    payment_type: related.method.name,
    payment_status: row.paymentStatus,
    card_last4: row.cardLast4,
    payment_expires_at: row.paymentExpiresAt?.toISOString() ?? null,
    influencer_uid: row.influencerUid ?? null,
    coupon: row.couponCode,
    products: related.lines
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        uid: l.productUid,
        title: l.title,
        image: l.image,
        quantity: l.quantity,
        unit_price: centsToMoney(l.unitPriceCents),
        options_price: centsToMoney(l.optionsPriceCents),
        total: centsToMoney(l.totalCents),
        options: l.options.map((o) => ({
          group: o.group,
          name: o.name,
          price: centsToMoney(o.price_cents),
        })),
        coin_price: l.coinPrice,
        position: l.position,
        discount: centsToMoney(l.discountCents),
      })),
    removed_lines: (related.removals ?? []).map(({ removal, refundStatus }) => ({
      uid: removal.uid,
      product_uid: removal.productUid,
      title: removal.title,
      quantity: removal.quantity,
      amount: centsToMoney(removal.totalDeltaCents),
      refund_status: refundStatus,
      created_at: removal.createdAt.toISOString(),
    })),
    subtotal: centsToMoney(row.subtotalCents),
    discount: centsToMoney(row.discountCents),
    discounts: row.discounts.map((d) => ({
      uid: d.rule_uid,
      name: d.name,
      amount: centsToMoney(d.amount_cents),
    })),
    delivery_price: centsToMoney(row.deliveryCents),
    taxes: centsToMoney(row.taxesCents),
    price: centsToMoney(row.subtotalCents - row.discountCents),
    total: centsToMoney(row.totalCents),
    coin_total: row.coinTotal,
    tax: taxToApi({ name: row.taxName, rateBasisPoints: row.taxRateBasisPoints }),
    billing: row.billing,
    receipt: row.receiptRequest ?? null,
    ...(related.receipts
      ? {
          electronic_receipts: related.receipts.map((r) => ({
            kind: r.kind,
            serie: r.serie,
            numero: r.numero,
            // The buyer sees a refused or unreachable receipt as being issued: the store retries it.
            status: r.status === 'ISSUED' ? ('ISSUED' as const) : ('PENDING' as const),
            total: centsToMoney(r.totalCents),
            pdf_url: r.status === 'ISSUED' ? r.pdfUrl : null,
            xml_url: r.status === 'ISSUED' ? r.xmlUrl : null,
            issued_at: r.issuedAt?.toISOString() ?? null,
          })),
        }
      : {}),
    can_cancel: canTransition(status, 'CANCELED_BY_USER', 'member', row.shippingType),
    cancel_reason: (row.cancelReason as CancelReasonCode | null) ?? null,
    cancel_note: row.cancelNote ?? null,
    ready_at: row.readyAt?.toISOString() ?? null,
  };
}

/** The doubt about a delivery point, for staff only: the member's own answer never carries it. */
export function locationFlagToApi(row: Pick<OrderRow, 'locationFlag'>): DeliveryPointFlag | null {
  const flag = row.locationFlag;
  if (!flag) return null;
  return { reason: flag.reason, area: flag.reason === 'point_in_other_area' ? flag.area : null };
}
