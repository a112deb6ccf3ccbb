import { z } from 'zod';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { emailField, isoDate, requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import {
  documentNumberError,
  documentType,
  mobileNumberError,
  normaliseDocumentNumber,
  normaliseMobileNumber,
} from '../profile/user';
import { program, ledgerLine, balances } from '../loyalty/programs';
import { promotion, redemption } from '../loyalty/promotions';
import { order } from '../orders/schemas';
import {
  orderStatus,
  type OrderStatus,
  type ShippingType,
  canMarkReady,
  canTransition,
} from '../orders/status';
import { cancelReasonFields, refineCancelReason } from '../orders/cancel-reasons';
import { staffMessages } from './messages';
import { formatMessage } from '../errors/refs';

/**
 * Staff console (`/api/v5/staff/...`). Every call answers for the company the
 * signed-in user is staff of on the current tenant: 401 anonymous, 403 not
 * staff (or staff whose role may not do it), 404 for anything of another
 * company or tenant.
 */

/**
 * OWNER: everything plus the staff list; MANAGER: the back office but for staff and money
 * settings (admin/schemas.ts), and the counter and orders as STAFF; STAFF: the counter and
 * the orders; VALIDATOR: look up and redeem only.
 */
export const staffRole = z.enum(['OWNER', 'MANAGER', 'STAFF', 'VALIDATOR']);
export type StaffRole = z.infer<typeof staffRole>;

export const staffPermission = z.enum([
  'lookup',
  'redeem',
  'stamps',
  'points',
  'create_clients',
  'orders',
  'records',
  'members',
]);
export type StaffPermission = z.infer<typeof staffPermission>;

/** What each role may do; the server checks the same table. */
export const staffPermissions: Record<StaffRole, readonly StaffPermission[]> = {
  OWNER: ['lookup', 'redeem', 'stamps', 'points', 'create_clients', 'orders', 'records', 'members'],
  MANAGER: ['lookup', 'redeem', 'stamps', 'points', 'create_clients', 'orders', 'records'],
  STAFF: ['lookup', 'redeem', 'stamps', 'points', 'create_clients', 'orders', 'records'],
  VALIDATOR: ['lookup', 'redeem', 'stamps'],
};

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return staffPermissions[role].includes(permission);
}

const uidField = () => z.string().trim().min(1, formMessages.required);
const namedRef = z.object({ uid: z.string(), name: z.string() });

/** `GET v5/staff/me/`. `places` are the places the user may act at (every place of the company unless limited). */
export const staffMe = z.object({
  company: namedRef,
  role: staffRole,
  permissions: z.array(staffPermission),
  places: z.array(namedRef),
  limited_to_places: z.boolean(),
  programs: z.array(program),
});
export type StaffMe = z.infer<typeof staffMe>;

export const staffMembership = z.object({
  program_uid: z.string(),
  program_name: z.string(),
  points: z.number().int(),
  coins: z.number().int(),
  stamps: z.number().int(),
  /** Name of the member's level, null when none. */
  level: z.string().nullable(),
});
export type StaffMembership = z.infer<typeof staffMembership>;

/** A client as staff see it: the data to recognise them and their standing in the company's programs. */
export const staffClient = z.object({
  uid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  document_type: documentType.nullable(),
  document_number: z.string().nullable(),
  memberships: z.array(staffMembership),
});
export type StaffClient = z.infer<typeof staffClient>;

/**
 * `GET v5/staff/clients/?document_type=&document_number=` or `?mobile_phone=`.
 * A phone with its country code matches exactly; nine digits alone match any
 * number ending in them, hence the spec's "more than one user" answer.
 */
export const staffClientQuery = z
  .object({
    document_type: documentType.optional(),
    document_number: z.string().trim().max(20).transform(normaliseDocumentNumber).optional(),
    mobile_phone: z.string().trim().max(20).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mobile_phone) {
      if (!/^\+?\d{6,15}$/.test(v.mobile_phone.replace(/[\s\-()]/g, '')))
        ctx.addIssue({ code: 'custom', path: ['mobile_phone'], message: formMessages.telephone });
      return;
    }
    if (!v.document_number) {
      ctx.addIssue({
        code: 'custom',
        path: ['document_number'],
        message: staffMessages.identifyClient,
      });
      return;
    }
    if (!v.document_type)
      ctx.addIssue({ code: 'custom', path: ['document_type'], message: formMessages.required });
  });
export type StaffClientQuery = z.input<typeof staffClientQuery>;

/** `POST v5/staff/clients/from-qr/`: the member's QR (from `GET v5/me/programs/{uid}/qr/`), scanned or pasted. */
export const staffQrInput = z.object({
  code: z.string().trim().min(1, formMessages.required).max(500),
});

/** A consent the client must give: absent or false is refused with its own message. */
const consent = (message: string) => z.boolean({ error: message }).refine((v) => v, { message });

/** `POST v5/staff/clients/`: creates the user (no password: they set one with "forgot password") and joins the program. */
export const staffCreateClientInput = z
  .object({
    program_uid: uidField(),
    first_name: requiredText(100),
    last_name: requiredText(100),
    email: z.union([z.literal(''), emailField()]).optional(),
    mobile_phone: z.string().trim().max(20).optional(),
    document_type: documentType,
    document_number: z.string().trim().max(20).transform(normaliseDocumentNumber),
    /**
     * The consents of sign-up (POST v5/register/), given by the client at the counter: terms,
     * age (14 or over on the staff side, Peru's age to consent to the use of one's own data) and
     * data processing are required; publicity stays optional (Ley 29733).
     */
    // Refined per field, so a form sent empty shows them with the other required fields.
    accept_terms: consent(staffMessages.clientAcceptTerms),
    accept_age: consent(staffMessages.clientAcceptAge),
    accept_data_processing: consent(staffMessages.clientAcceptDataProcessing),
    accept_publicity: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const docError = documentNumberError(v.document_type, v.document_number);
    if (docError) ctx.addIssue({ code: 'custom', path: ['document_number'], message: docError });
    if (v.mobile_phone) {
      const phoneError = mobileNumberError(normaliseMobileNumber(v.mobile_phone));
      if (phoneError) ctx.addIssue({ code: 'custom', path: ['mobile_phone'], message: phoneError });
    }
  });
export type StaffCreateClientInput = z.input<typeof staffCreateClientInput>;

/** `GET v5/staff/clients/{uid}/promotions/?program_uid=`: the company's usable promotions with the client's state. */
export const staffClientPromotionsQuery = z.object({ program_uid: z.string().trim().optional() });

/**
 * `GET v5/staff/promotions/?code=&client_uid=`: `code` is a promotion coupon
 * code (10 letters) or a signed promotion QR; both name the client, so
 * `client` is filled. `client_uid` gives the state for that client.
 */
export const staffPromotionQuery = z.object({
  code: z.string().trim().min(1, formMessages.required).max(500),
  client_uid: z.string().trim().optional(),
});
export const staffPromotionLookup = z.object({
  promotion,
  client: staffClient.nullable(),
  /** The acquired unit the code names, if any (redeeming uses it). */
  redemption: redemption.nullable(),
});
export type StaffPromotionLookup = z.infer<typeof staffPromotionLookup>;

/**
 * Proof that the client is at the counter, required where staff spend the
 * client's coins or stamps: the member QR the client shows (`v1.…`, from
 * `POST v5/me/programs/{uid}/qr/`) or the 6-digit code their phone shows
 * (`POST v5/me/counter-code/`). A code works once.
 */
export const presenceProof = z.string().trim().max(500).optional();
export const COUNTER_CODE_LENGTH = 6;

const amountField = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, formMessages.positiveNumber);

/** `POST v5/staff/redemptions/`: the member redemption rules and messages; `amount` is the consumption, not above the maximum. */
export const staffRedemptionInput = z.object({
  client_uid: uidField(),
  promotion_uid: uidField(),
  place_uid: uidField(),
  amount: amountField.optional(),
  /** Required when the promotion is paid with coins or stamps (see presenceProof). */
  proof: presenceProof,
});
export type StaffRedemptionInput = z.input<typeof staffRedemptionInput>;
export const staffRedemptionResult = z.object({
  redemption,
  client: staffClient,
  /** The credit a GIFT_CARD promotion gives the client (null for other kinds), to tell them at the counter. */
  gift_card_amount: money.nullable(),
});
export type StaffRedemptionResult = z.infer<typeof staffRedemptionResult>;

/** The most stamps and points the counter gives in one go (a typo's 9999999 is refused). */
export const STAFF_MAX_STAMPS = 100;
export const STAFF_MAX_POINTS = 1_000_000;

/** `POST v5/staff/stamps/`: stamps given for a purchase at a place. */
export const staffStampsInput = z.object({
  client_uid: uidField(),
  program_uid: uidField(),
  place_uid: uidField(),
  quantity: z.coerce
    .number({ error: formMessages.numeric })
    .int(formMessages.positiveNumber)
    .min(1, staffMessages.quantityPositive)
    // Its own message: otherwise zod 4 reports the number's 'Ingresar un número' for a too-big one.
    .max(STAFF_MAX_STAMPS, formatMessage('staff.stamps_at_most', { max: STAFF_MAX_STAMPS })),
});
export type StaffStampsInput = z.input<typeof staffStampsInput>;

/** `POST v5/staff/points/`: amount above 0 and description required (spec); place optional. */
export const staffPointsInput = z.object({
  client_uid: uidField(),
  program_uid: uidField(),
  place_uid: z.string().trim().optional(),
  amount: z.coerce
    .number({ error: formMessages.numeric })
    .int(formMessages.positiveNumber)
    .min(1, staffMessages.amountPositive)
    .max(
      STAFF_MAX_POINTS,
      formatMessage('staff.points_at_most', { max: STAFF_MAX_POINTS.toLocaleString('es-PE') }),
    ),
  description: requiredText(200),
});
export type StaffPointsInput = z.input<typeof staffPointsInput>;

/** Answer of stamps and points: the ledger line written and the client's balances after it. */
export const staffLedgerResult = z.object({ entry: ledgerLine, balances });
export type StaffLedgerResult = z.infer<typeof staffLedgerResult>;

/** `GET v5/staff/clients/{uid}/products/?place_uid=`: the place's redeemable products and the client's coins to pay them. */
export const staffClientProductsQuery = z.object({ place_uid: uidField() });

/** A redeemable product at the place: its coin price and the place's stock (null: not counted). */
export const staffRedeemableProduct = z.object({
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  coin_price: z.number().int(),
  stock: z.number().int().nullable(),
});
export type StaffRedeemableProduct = z.infer<typeof staffRedeemableProduct>;

/**
 * `program` is the company's coins program the client belongs to (null: they
 * belong to none, so nothing can be redeemed) and `coins` their balance in it.
 */
export const staffClientProducts = z.object({
  program: namedRef.nullable(),
  coins: z.number().int(),
  products: z.array(staffRedeemableProduct),
});
export type StaffClientProducts = z.infer<typeof staffClientProducts>;

/** `POST v5/staff/product-redemptions/`: coins spent and the place's stock taken in one transaction. */
export const staffProductRedemptionInput = z.object({
  client_uid: uidField(),
  place_uid: uidField(),
  product_uid: uidField(),
  quantity: z.coerce
    .number({ error: formMessages.numeric })
    .int(formMessages.positiveNumber)
    .min(1, staffMessages.quantityPositive)
    .max(100)
    .default(1),
  /** Always required: the client's coins are spent (see presenceProof). */
  proof: presenceProof,
});
export type StaffProductRedemptionInput = z.input<typeof staffProductRedemptionInput>;
export const staffProductRedemptionResult = z.object({
  product: z.object({ uid: z.string(), title: z.string() }),
  quantity: z.number().int(),
  coins_spent: z.number().int(),
  /** The spend line written in the ledger. */
  entry: ledgerLine,
  client: staffClient,
});
export type StaffProductRedemptionResult = z.infer<typeof staffProductRedemptionResult>;

/**
 * The store's actions on an order (spec: accept, cancel, mark shipped, mark delivered), and
 * `ready`: a pickup order prepared, which stays ACCEPTED and tells the customer to come.
 */
export const staffOrderAction = z.enum(['accept', 'cancel', 'ship', 'deliver', 'ready']);
export type StaffOrderAction = z.infer<typeof staffOrderAction>;
/** The actions that move the order along the state machine, and the status each moves it to. */
export type StaffMoveAction = Exclude<StaffOrderAction, 'ready'>;
export const staffActionStatus: Record<StaffMoveAction, OrderStatus> = {
  accept: 'ACCEPTED',
  cancel: 'CANCELED_BY_PLACE',
  ship: 'SHIPPED',
  deliver: 'DELIVERED',
};

/** Actions the store may take on an order now, after the contract's state machine. */
export function staffActionsFor(
  status: OrderStatus,
  shippingType: ShippingType,
  readyAt?: string | null,
): StaffOrderAction[] {
  return staffOrderAction.options.filter((a) =>
    a === 'ready'
      ? canMarkReady(status, shippingType, readyAt)
      : canTransition(status, staffActionStatus[a], 'place', shippingType),
  );
}

/**
 * Staff only: why the delivery point may not be where the client is, so staff call them before
 * sending the order (set at checkout; docs/decisions.md, "Delivery point and district").
 * point_in_other_area: the point lies in `area`, not in the district chosen (which has no known
 * outline); point_at_store: the point is the store's own pin, never moved by the client.
 */
export const deliveryPointFlag = z.object({
  reason: z.enum(['point_in_other_area', 'point_at_store']),
  area: z.string().nullable(),
});
export type DeliveryPointFlag = z.infer<typeof deliveryPointFlag>;

export const staffOrder = order.extend({
  client: z
    .object({
      uid: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      mobile_phone: z.string().nullable(),
    })
    .nullable(),
  actions: z.array(staffOrderAction),
  location_flag: deliveryPointFlag.nullable(),
});
export type StaffOrder = z.infer<typeof staffOrder>;

/** `GET v5/staff/orders/?status=&place_uid=&page=`: newest first; the web polls it. */
export const staffOrdersQuery = z.object({
  status: orderStatus.optional(),
  place_uid: z.string().trim().optional(),
  ...pageQuery.shape,
});
export type StaffOrdersQuery = z.input<typeof staffOrdersQuery>;

/** A move, with the reason of a cancellation (the customer's mail and order page show it). */
export const staffTransitionInput = z
  .object({ action: staffOrderAction, ...cancelReasonFields })
  .superRefine(refineCancelReason);
export type StaffTransitionInput = z.input<typeof staffTransitionInput>;

export const recordKind = z.enum(['redemptions', 'stamps', 'points', 'orders']);
export type RecordKind = z.infer<typeof recordKind>;

// A calendar day: '2026-02-30' is refused here, not by the database (it was a 500).
const dayField = isoDate();

/** Filters of `GET v5/staff/records/` and `GET v5/staff/records.csv`; days are Lima days (UTC-5), both ends included. */
export const staffRecordsQuery = z
  .object({
    kind: recordKind.optional(),
    date_from: dayField.optional(),
    date_to: dayField.optional(),
    place_uid: z.string().trim().optional(),
    ...pageQuery.shape,
  })
  .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
    path: ['date_from'],
    message: staffMessages.dateRange,
  });
export type StaffRecordsQuery = z.input<typeof staffRecordsQuery>;

/**
 * Who confirmed a records line: staff at the counter, the member alone on their phone
 * ('Sí, estoy en el local', no staff on the line), or an online order.
 */
export const recordChannel = z.enum(['COUNTER', 'SELF', 'ONLINE']);
export type RecordChannel = z.infer<typeof recordChannel>;

/** One line of the records report. amount is money (redemption consumption, order total); quantity counts points or stamps. */
export const staffRecord = z.object({
  uid: z.string(),
  date: z.string(),
  kind: recordKind,
  place: namedRef.nullable(),
  client: z
    .object({ uid: z.string(), name: z.string(), document_number: z.string().nullable() })
    .nullable(),
  staff: namedRef.nullable(),
  description: z.string(),
  amount: money.nullable(),
  quantity: z.number().int().nullable(),
  /** Order status, or the redemption's. */
  status: z.string().nullable(),
  channel: recordChannel,
});
export type StaffRecord = z.infer<typeof staffRecord>;

/** Column headers of the CSV download, in order. */
export const staffRecordsCsvColumns = [
  'fecha',
  'tipo',
  'local',
  'cliente',
  'documento',
  'descripcion',
  'monto',
  'cantidad',
  'estado',
  'personal',
  'canal',
] as const;

/** `GET/POST v5/staff/members/`, `DELETE v5/staff/members/{user_uid}/` (owner only). */
export const staffMember = z.object({
  user_uid: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: staffRole,
  places: z.array(namedRef),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffMemberInput = z.object({
  email: emailField(),
  role: staffRole,
  place_uids: z.array(z.string().trim().min(1)).max(100).default([]),
});
export type StaffMemberInput = z.input<typeof staffMemberInput>;

/**
 * `POST v5/staff/invitations/` (owner): a role offered to an email address;
 * the invitee accepts it from the mailed link, signed in with that address.
 * `GET v5/staff/invitations/` lists the pending ones, `DELETE .../{uid}/` revokes.
 */
export const staffInvitationInput = staffMemberInput;
export type StaffInvitationInput = StaffMemberInput;
export const staffInvitation = z.object({
  uid: z.string(),
  email: z.string(),
  role: staffRole,
  places: z.array(namedRef),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Past its expiry (the owner may revoke it and invite again). */
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;

/** `GET v5/invitations/{uid}/{token}/`: what the invitee is offered, before signing in. */
export const staffInvitationOffer = z.object({
  uid: z.string(),
  company: namedRef,
  email: z.string(),
  role: staffRole,
  places: z.array(namedRef),
  expires_at: z.string(),
});
export type StaffInvitationOffer = z.infer<typeof staffInvitationOffer>;

/** `POST v5/me/counter-code/`: a one-time code the member reads out at the counter. */
export const counterCode = z.object({ code: z.string(), expires_at: z.string() });
export type CounterCode = z.infer<typeof counterCode>;

/**
 * Why a subscription day got no order, as the staff screen names it. The
 * runner records its reason as text; the server sorts it into one of these
 * (`other` when it knows no better) and sends the text as `reason_detail`.
 */
export const subscriptionSkipReason = z.enum([
  'out_of_stock',
  'product_unavailable',
  'place_closed',
  'slot_unavailable',
  'delivery_unavailable',
  'payment_unavailable',
  'member_gone',
  'missed',
  'other',
]);
export type SubscriptionSkipReason = z.infer<typeof subscriptionSkipReason>;

/** Filters of `GET v5/staff/subscriptions/skipped-days/`: service days (Lima), both ends included. */
export const staffSkippedDaysQuery = z
  .object({
    date_from: dayField.optional(),
    date_to: dayField.optional(),
    place_uid: z.string().trim().optional(),
    ...pageQuery.shape,
  })
  .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
    path: ['date_from'],
    message: staffMessages.dateRange,
  });
export type StaffSkippedDaysQuery = z.input<typeof staffSkippedDaysQuery>;

/** One subscription day that got no order: which day, whose, where, what, and why. */
export const staffSkippedDay = z.object({
  subscription_uid: z.string(),
  /** The day the order was for (YYYY-MM-DD, Lima). */
  service_date: z.string(),
  /** When the run recorded the skip. */
  recorded_at: z.string(),
  place: namedRef,
  client: z.object({
    uid: z.string(),
    name: z.string(),
    document_number: z.string().nullable(),
  }),
  shipping_type: z.enum(['pickup', 'delivery']),
  time_slot: z.object({ start: z.string(), end: z.string() }),
  products: z.array(z.object({ uid: z.string(), title: z.string(), quantity: z.number().int() })),
  reason: subscriptionSkipReason,
  /** The reason as the run recorded it (the order rules' message). */
  reason_detail: z.string(),
});
export type StaffSkippedDay = z.infer<typeof staffSkippedDay>;

/**
 * Filters of `GET v5/staff/subscriptions/due/`: the service day (YYYY-MM-DD, Lima; tomorrow when
 * left out) and a place.
 */
export const staffDueSubscriptionsQuery = z.object({
  date: dayField.optional(),
  place_uid: z.string().trim().optional(),
  ...pageQuery.shape,
});
export type StaffDueSubscriptionsQuery = z.input<typeof staffDueSubscriptionsQuery>;

/** What became of a subscription's day: not run yet, its order made, or skipped (see skipped days). */
export const dueDayStatus = z.enum(['pending', 'ordered', 'skipped']);
export type DueDayStatus = z.infer<typeof dueDayStatus>;

/** An active subscription due on the day: whose, where, when, what, and whether its order exists yet. */
export const staffDueSubscription = z.object({
  subscription_uid: z.string(),
  /** The day asked for (YYYY-MM-DD, Lima). */
  service_date: z.string(),
  place: namedRef,
  client: z.object({
    uid: z.string(),
    name: z.string(),
    document_number: z.string().nullable(),
    mobile_number: z.string().nullable(),
  }),
  shipping_type: z.enum(['pickup', 'delivery']),
  time_slot: z.object({ start: z.string(), end: z.string() }),
  /** Delivery address (delivery only). */
  address: z.string().nullable(),
  products: z.array(z.object({ uid: z.string(), title: z.string(), quantity: z.number().int() })),
  comments: z.string(),
  day_status: dueDayStatus,
  /** The day's order once the run made it. */
  order_uid: z.string().nullable(),
});
export type StaffDueSubscription = z.infer<typeof staffDueSubscription>;
