import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutOptions,
  coupon,
  detailErrorBody,
  fareEstimate,
  fareEstimateInput,
  order,
  orderInput,
  couponMessages,
  orderQuote,
  orderQuoteInput,
  ordersQuery,
  paged,
  priceChangedBody,
  centsToMoney,
  placeDiscount,
} from '@store/contract';
import { requireUserHook } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-errors';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { findPlace } from '../places/service';
import { placeOrder } from './checkout/checkout';
import { memberOrder, memberOrders } from './queries';
import { transitionOrder } from './transitions';
import { priceOrder, quoteToApi } from './pricing';
import { placeDiscounts } from './discounts';
import { areasForPoint, judgeDeliveryPoint } from './delivery-point';
import {
  checkoutOptionsOf,
  companyForCode,
  couponToApi,
  CouponError,
  deliveryFare,
  deliveryOf,
  usableCoupon,
} from './settings';
import { areaAccess } from '../../plugins/route-access';
import { publicOrigin } from '../../lib/public-url';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { mercadoPagoNotificationPath } from '../payments/routes';
import { couponGuard } from './coupon-guesses';
import { defaultMailQuotas } from '../../config';

const tags = ['orders'];
const errors = errorResponses(400, 401, 404);
const uidParams = z.object({ uid: z.string() });

/** Shared by every call that takes a coupon code: `validate-code`, the quote and the order. */
const COUPON_LIMITS =
  "A code is counted against the coupon-code limits (per client address, and per member whatever their address), shared with `validate-code` and the quote: over them, 429 with Retry-After, whatever the code; a code naming one of the company's coupons gives its count back.";

export const ordersRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  const couponGuardOf = (request: FastifyRequest) =>
    couponGuard(
      server.db,
      request.requireTenant().uid,
      server.accounts.rateLimits.couponCode,
      { ip: request.ip, memberUid: request.user?.uid ?? null },
      server.clock(),
    );
  server.get(
    '/v5/places/:uid/checkout-options/',
    {
      schema: {
        tags,
        summary:
          'What the checkout of a place offers: payment methods, delivery settings, tax rule, currency',
        params: uidParams,
        response: { 200: checkoutOptions, ...errors },
      },
    },
    async (request) => {
      const scope = request.scope();
      return checkoutOptionsOf(scope, await findPlace(scope.db, scope.app, request.params.uid));
    },
  );

  server.get(
    '/v5/places/:uid/discounts/',
    {
      // Read with every product page; the quote, not this list, is what an order costs.
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'The automatic discounts that may hold at a place, with their conditions',
        description:
          'Rules the checkout applies without a code (docs/decisions.md "Automatic discounts"): paused, used-up and ended ones are left out. The store front shows crossed-out prices from them on its own clock (store time, America/Lima); the quote is what counts.',
        params: uidParams,
        response: { 200: z.array(placeDiscount), ...errors },
      },
    },
    async (request) => {
      const scope = request.scope();
      const place = await findPlace(scope.db, scope.app, request.params.uid);
      return placeDiscounts(scope.db, scope.app.uid, place, scope.clock());
    },
  );

  server.post(
    '/v5/places/:uid/orders/quote/',
    {
      schema: {
        tags,
        summary: 'Prices an order without placing it',
        description:
          'Same body as placing an order; `expected_total`, `payment_method` and `billing` are optional. Answers what the order would cost now: lines, subtotal, discount, delivery_price, taxes (included in prices), total. Writes nothing and takes no stock. ' +
          COUPON_LIMITS,
        params: uidParams,
        body: orderQuoteInput,
        response: { 200: orderQuote, ...errors, 429: detailErrorBody },
      },
    },
    async (request) => {
      const scope = request.scope();
      const place = await findPlace(scope.db, scope.app, request.params.uid);
      return quoteToApi(
        await priceOrder(scope, place, request.body, scope.clock(), {
          requirePayment: false,
          couponGuard: couponGuardOf(request),
        }),
      );
    },
  );

  server.post(
    '/v5/places/:uid/orders/',
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'Places an order (checkout)',
        description: [
          'Body: `shipping_type` delivery|pickup; `delivery` {area, address, reference, latitude, longitude} or `pickup` {date, start} (a slot of `GET v7/places/{uid}/pickup-schedule/`);',
          '`products` as the cart sends them (uid, quantity, option_groups); `expected_total`, the total the buyer was shown; optional `coupon`;',
          "`payment_method` (uid from checkout-options) with `card` {token, payment_method_id, installments, issuer_id} for ONLINE_CARD: the token of the provider's card fields (a card number is refused); `yape` {token} for YAPE: the token MercadoPago.js made of the phone and approval code (any other key, such as `otp`, is refused); `billing` {first_name, last_name, email, phone, city, address}; `comments`.",
          'The server prices every line, applies the coupon and the tax rule (prices include the tax), adds the delivery fare, and takes the stock in the same transaction as the order.',
          'A total different from `expected_total` is a 409 `{detail, code: "price_changed", quote}` with the new prices; nothing is written.',
          "Stock gone: 400 `{non_field_errors: ['Out of stock: {product}']}`. Card declined: 400 'Your card could not be processed correctly', no order is left and no order number is used; a payment the provider has not decided yet places the order with payment_status IN_PROCESS, reserved until payment_expires_at (docs/payments.md).",
          'Send an `Idempotency-Key` header (1-200 visible characters) to make retries safe: the same key of the same member answers the first order (201) instead of placing another.',
          "Coins: a cart of redeemable products (all of them; a mix is a 400) is paid with the COINS method of checkout-options, for pickup, without coupon or priced options, `expected_total` \"0.00\" and `expected_coin_total` the coins shown; the coins of the company's program the member belongs to are spent in the order's transaction (400 'You do not have enough coins', nothing written; not a member: 400). A cancellation gives the coins and the stock back.",
          COUPON_LIMITS,
          `A member places at most ${defaultMailQuotas.ordersPerMember.max} orders a day (RATE_LIMIT_FACTOR scales it): over that, 429 with Retry-After; an attempt that places no order does not count. The confirmation mail goes to the account's verified address only (never \`billing.email\`, which is stored as given); no verified address, no mail.`,
        ].join(' '),
        params: uidParams,
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        body: orderInput,
        response: { 201: order, 409: priceChangedBody, ...errors, 429: detailErrorBody },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const created = await placeOrder(
        {
          ...request.memberScope(),
          mailer: server.mailer,
          couponGuard: couponGuardOf(request),
          ordersPerMember: server.accounts.mailQuotas.ordersPerMember,
          publicUrl: server.publicUrl,
          // The provider's notifications go to the store's own domain, never to the request's Host.
          paymentNotificationUrl: (methodUid) =>
            `${publicOrigin(request.requireTenant().domain, server.publicUrl)}/api${mercadoPagoNotificationPath(methodUid)}`,
        },
        request.params.uid,
        request.body,
        key,
      );
      return reply.status(201).send(created);
    },
  );

  server.get(
    '/v5/me/orders/',
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: "The member's orders, newest first",
        description:
          '`payment_method` (a payment method uid, or a type such as COINS for every method of that type) filters; paged by `page`. No orders: an empty page (the web shows "No orders found").',
        querystring: ordersQuery,
        response: { 200: paged(order), ...errors },
      },
    },
    async (request) => {
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        memberOrders(
          request.memberScope(),
          { paymentMethod: request.query.payment_method || undefined },
          window,
        ),
      );
    },
  );

  server.get(
    '/v5/me/orders/:uid/',
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: "One of the member's orders (404 for anyone else's)",
        params: uidParams,
        response: { 200: order, ...errors },
      },
    },
    async (request) => memberOrder(request.memberScope(), request.params.uid),
  );

  server.post(
    '/v5/me/orders/:uid/cancel/',
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'The member cancels their order (ours)',
        description:
          "Allowed while the order is RECEIVED (the store has not accepted it); it becomes CANCELED_BY_USER, its stock and coupon use go back, and a card payment is refunded (the refund done is mailed to the member's verified address). Otherwise 400 {non_field_errors: ['Este pedido ya no puede cancelarse.']}.",
        params: uidParams,
        response: { 200: order, ...errors },
      },
    },
    async (request) =>
      transitionOrder(request.memberScope(), request.params.uid, 'CANCELED_BY_USER', 'member', {
        // The member knows they canceled; the refund done is still mailed to them.
        mail: { mailer: server.mailer, publicUrl: server.publicUrl },
      }),
  );

  server.post(
    '/v7/deliveries/places/:uid/fare-estimate/',
    {
      schema: {
        tags: ['places'],
        summary: 'Delivery fare from a place to a point',
        description:
          "Body `{latitude, longitude}` or `{address: {latitude, longitude, ...}}`, optionally with the chosen `area` uid (ours; top level or in `address`): a point outside that area's known outline is 400 `orders.point_outside_area` naming the area. Fare = base fare + per-km rate x straight-line (haversine) distance. Beyond the place's radius: 400 `orders.out_of_delivery_range` with the radius as `km` ('Fuera de la zona de reparto, hasta 4 km'); a place without delivery: 400 'The store does not have shipping methods'.",
        params: uidParams,
        body: fareEstimateInput,
        response: { 200: fareEstimate, ...errors },
      },
    },
    async (request) => {
      const app = request.requireTenant();
      const place = await findPlace(server.db, app, request.params.uid);
      const to = request.body.address ?? {
        latitude: request.body.latitude!,
        longitude: request.body.longitude!,
      };
      const areaUid = request.body.area ?? request.body.address?.area;
      const [delivery, known] = await Promise.all([
        deliveryOf(server.db, app.uid, place.uid),
        areaUid ? areasForPoint(server.db, app.uid, areaUid) : null,
      ]);
      // The range first (the refusal the shopper can act on most), then the order's area rule,
      // told while the pin moves (a doubt is for staff only).
      const fare = deliveryFare(place, delivery, to);
      const verdict = known?.chosen
        ? judgeDeliveryPoint(known.chosen, known.outlined, to, null)
        : null;
      if (verdict?.refused) throw new ValidationError(verdict.refused.message);
      return {
        fare: centsToMoney(fare.fareCents),
        distance_km: fare.distanceKm,
        max_radius_km: fare.maxRadiusKm,
      };
    },
  );

  server.get(
    '/v5/companies/:uid/validate-code/:code/',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Checks a coupon code of a company (or of the company of a place)',
        description:
          "Answers the coupon {code, kind PERCENT|AMOUNT, discount, min_subtotal, valid_from, valid_until}. Unknown or switched off: 404 {detail: 'Este código no existe'}; not yet valid, expired, used up, or (signed in) used up by this member: 400 {non_field_errors: [...]}. " +
          COUPON_LIMITS,
        params: z.object({ uid: z.string(), code: z.string().max(100) }),
        response: { 200: coupon, ...errors, 404: detailErrorBody, 429: detailErrorBody },
      },
    },
    async (request) => {
      const app = request.requireTenant();
      try {
        return couponToApi(
          await couponGuardOf(request)(async () => {
            const company = await companyForCode(server.db, app, request.params.uid).catch(() => {
              throw new CouponError(couponMessages.notFound, 404);
            });
            return usableCoupon(
              server.db,
              app.uid,
              company.uid,
              request.params.code,
              request.user?.uid ?? null,
              server.clock(),
            );
          }),
        );
      } catch (err) {
        if (err instanceof CouponError)
          throw err.status === 404
            ? new NotFoundError(err.message)
            : new ValidationError(err.message);
        throw err;
      }
    },
  );
};
