import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponCode,
  pageQuery,
  promotion,
  promotionPlace,
  promotionQr as promotionQrSchema,
  promotionsQuery,
  promotionPurchaseInput,
  redemption,
  redemptionInput,
  redemptionsQuery,
} from '@store/contract';
import { detailErrorBody, errorResponses } from '../../lib/route-errors';
import { memberList, memberRecord } from '../../lib/member-lists';
import { promotionPlacesOf, promotionQr, relatedPromotions } from './extras';
import { getPromotion, listPromotions } from './listing';
import { listRedemptions } from './redemptions';
import { purchasePromotion } from './purchase';
import { redeemAtVenue } from './venue-redemption';
import { getCouponCode } from './coupon-code';
import { areaAccess } from '../../plugins/route-access';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { publicOrigin } from '../../lib/public-url';
import { mercadoPagoNotificationPath } from '../payments/routes';
import { emptyBody } from '../../plugins/empty-body';

const tags = ['promotions'];
const PROMOTIONS_PAGE_SIZE = 24;
const promotionParams = z.object({ program: z.string(), uid: z.string() });
const ruleMessages =
  "Rule messages (400 non_field_errors): 'The promotion can no longer be used', 'You have exceeded the redemption limit for this promotion' (or 'The promotion has already been used' when the limit is 1), 'The stock for this promotion is exhausted', 'You do not have enough coins'; {amount: ['The amount exceeds the maximum']}.";

export const promotionsRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');
  memberList(
    server,
    {
      path: '/v5/me/programs/:uid/promotions/',
      tags,
      summary: "A program's current promotions, with the member's state for each",
      description:
        '24 a page. Filters `kind`, `search` (in the name), `place` (usable there), `tag`. `ordering=-rate_discount` (and rate_discount, name, coin_price, each with -). `tagged=true`: the promotions featured for this member - those the member can still take (stock left, under their limit) that the store features or that the member can afford now with coins (coin price) or stamps (STAMPS kind).',
      row: promotion,
      query: pageQuery.extend(promotionsQuery.shape),
      pageSize: PROMOTIONS_PAGE_SIZE,
      limitedSession: true,
    },
    (request, uid, query, window) => {
      const scope = request.memberScope();
      const { page: _page, page_size: _pageSize, ...filters } = query;
      return listPromotions(
        scope,
        scope.user.uid,
        uid,
        {
          ...filters,
          search: filters.search || undefined,
          place: filters.place || undefined,
          tag: filters.tag || undefined,
        },
        window,
      );
    },
  );

  memberRecord(
    server,
    {
      path: '/v5/me/programs/:program/promotions/:uid/',
      tags,
      summary: "A promotion with the member's state",
      description:
        'state: not_acquired, active (acquired, to show at the venue), already_used, no_longer_usable, limit_exceeded, out_of_stock.',
      params: promotionParams,
      answer: promotion,
    },
    (request, params) => {
      const scope = request.memberScope();
      return getPromotion(scope, scope.user.uid, params.program, params.uid);
    },
  );

  server.post(
    '/v5/me/programs/:program/promotions/:uid/purchase/',
    {
      schema: {
        tags,
        summary: 'Buys a promotion with coins or by card',
        description: [
          'Purchase means acquiring one unit: an ACTIVE redemption with its code is returned, to be used at the venue (POST v5/redemption-by-user/). Free promotions are not purchased.',
          "Coin price (`price` null): no body; the coins are spent (a ledger line), the stock and the member's limit are taken.",
          "Money price (`price`): body `{payment_method, card: {token, payment_method_id, installments, issuer_id}}`, one of the detail's `card_methods` and the token of the provider's card fields (a card number is refused). The server charges the promotion's price (never an amount from the client) with the redemption uid as external reference and idempotency key.",
          "Approved: ACTIVE, payment_status PAID. Declined: 400 'Your card could not be processed correctly' and nothing is taken. Not decided yet (e.g. 3-D Secure): status PENDING, payment_status IN_PROCESS; the unit is held until the provider's notification or the reconciliation run decides it, and released after 30 minutes.",
          "No online card method: 400 'The business does not accept payments by credit card / debit card'. A card for a coin-priced promotion, or none for a money-priced one: 400 {card}. Send an `Idempotency-Key` header to make retries safe: the same key answers the first unit (or its decline) without charging again.",
          ruleMessages,
        ].join(' '),
        params: promotionParams,
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        // Fastify hands a POST without a payload to the validator as null: a coin purchase sends none.
        body: promotionPurchaseInput.nullish(),
        response: { 201: redemption, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { program, uid } = request.params;
      const result = await purchasePromotion(
        {
          ...request.memberScope(),
          // The provider's notifications go to the store's own domain, never to the request's Host.
          paymentNotificationUrl: (methodUid) =>
            `${publicOrigin(request.requireTenant().domain, server.publicUrl)}/api${mercadoPagoNotificationPath(methodUid)}`,
        },
        program,
        uid,
        request.body ?? {},
        idempotencyKeyOf(request),
      );
      return reply.code(201).send(result);
    },
  );

  server.post(
    '/v5/redemption-by-user/',
    {
      schema: {
        tags,
        summary: 'The member redeems a promotion at the venue',
        description: `Body \`{program_promotion: promotion uid, amount?: consumption "12.50", place?: place uid}\`. Uses the member's oldest acquired (ACTIVE) unit if there is one; otherwise takes a unit now (stock, limit, coin price, stamps) and marks it USED. The redemption is written at once to the staff activity of \`place\` (one of the promotion's places, else 400 {place}; without it, the promotion's only place, if it has one). Where the program lets only staff mark units used (\`staff_confirms_redemptions\`): 400 'loyalty.staff_confirms_redemption' and the unit stays ACTIVE until staff scan the member's QR or type their code. ${ruleMessages}`,
        body: redemptionInput,
        response: { 201: redemption, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const result = await redeemAtVenue(
        request.memberScope(),
        request.body.program_promotion,
        request.body.amount,
        request.body.place || undefined,
      );
      return reply.code(201).send(result);
    },
  );

  memberList(
    server,
    {
      path: '/v5/me/programs/:uid/redemptions/',
      tags,
      summary: "The member's redemptions in a program, newest first",
      description: 'Filters `status` (ACTIVE, USED, CANCELLED) and `promotion`.',
      row: redemption,
      query: pageQuery.extend(redemptionsQuery.shape),
      limitedSession: false,
    },
    (request, uid, query, window) => {
      const scope = request.memberScope();
      return listRedemptions(
        scope,
        scope.user.uid,
        uid,
        { status: query.status, promotion: query.promotion || undefined },
        window,
      );
    },
  );

  server.post(
    '/v5/programs/:program/promotions/:uid/coupon/get-code/',
    {
      schema: {
        tags,
        summary: 'A coupon code of a promotion for the member',
        description:
          "Acquires one unit (paying its coin price, if any) and answers `{code, redemption}` (201); asking again answers the code already held, not a second unit. 406 `{detail}` when the promotion cannot give codes any more: 'The promotion can no longer be used', 'The stock for this promotion is exhausted'. 400 for the member's rules: limit, coins, stamps, membership.",
        params: promotionParams,
        response: { 201: couponCode, ...errorResponses(400, 401, 404), 406: detailErrorBody },
      },
    },
    async (request, reply) => {
      const result = await getCouponCode(
        request.memberScope(),
        request.params.program,
        request.params.uid,
      );
      return reply.code(201).send(result);
    },
  );

  server.post(
    '/v5/me/programs/:program/promotions/:uid/qrcode/',
    {
      schema: {
        tags,
        summary: 'A signed, short-lived QR of the promotion for the venue',
        description:
          "Empty body. `{qr, expires_at, redemption, code, counter_code, member_confirms}`: the token `p1.<app>.<member>.<promotion>.<redemption uid or ->.<expiry>.<nonce>.<HMAC>` is signed like the member QR, valid 2 minutes, and proves the member present once, for this promotion only (a session made with the document alone gets a `k1.` token, which proves nothing); redemption and code are the member's oldest ACTIVE unit, null when none is held; `counter_code` a new one-time counter code (replacing the member's previous one) for staff to type instead of scanning, null for a document-only session; `member_confirms` false where the program lets only staff mark units used. Members only; 400 with the promotion's message when the member cannot use it now ('The promotion can no longer be used', 'The promotion has already been used', 'You have exceeded the redemption limit for this promotion', 'The stock for this promotion is exhausted').",
        params: promotionParams,
        body: emptyBody,
        response: { 200: promotionQrSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      promotionQr(request.memberScope(), request.params.program, request.params.uid),
  );

  memberList(
    server,
    {
      path: '/v5/me/promotions/:uid/places/',
      tags,
      summary: 'Places where a promotion can be used',
      description:
        "The promotion's own places, or every active place of the program's company when it names none; by name.",
      row: promotionPlace,
      limitedSession: true,
    },
    (request, uid, _query, window) => {
      request.requireUser();
      return promotionPlacesOf(request.scope(), uid, window);
    },
  );

  memberRecord(
    server,
    {
      path: '/v5/me/programs/:program/promotions/:uid/related/',
      tags,
      summary: 'Other promotions of the program',
      description:
        'Current promotions of the same program, without this one: those of the same kind or sharing a tag first, then the rest in the program order; at most 12, each with the member state.',
      params: promotionParams,
      answer: z.array(promotion),
    },
    (request, params) => relatedPromotions(request.memberScope(), params.program, params.uid),
  );
};
