import {
  staffClientProducts,
  staffClientProductsQuery,
  staffLedgerResult,
  staffPointsInput,
  staffProductRedemptionInput,
  staffProductRedemptionResult,
  staffPromotionLookup,
  staffPromotionQuery,
  staffRedemptionInput,
  staffRedemptionResult,
  staffStampsInput,
  type StaffPermission,
} from '@store/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { StaffScope } from '../../scope/scope';
import { requireStaff, staffOnly } from './guard';
import { addPoints, giveStamps, lookupPromotion, redeem } from './counter';
import { clientProducts, redeemProduct } from './products';
import { access, errors, proofDoc, tags, uidParams, type StaffServer } from './route-docs';

/** What staff give and spend at the counter: promotions, coin-priced products, stamps, points. */
export function counterRoutes(server: StaffServer): void {
  server.get(
    '/v5/staff/promotions/',
    {
      preValidation: staffOnly('lookup'),
      schema: {
        tags,
        summary: 'Finds a promotion by the code the client shows',
        description: `${access} \`code\`: a coupon code of a unit the client holds, or a signed promotion QR (p1.…). Answers the promotion (kind, stock, limits, max amount, the client's state), the client and the unit the code names. Unknown code: 404; bad or expired QR: 400 {code}.`,
        querystring: staffPromotionQuery,
        response: { 200: staffPromotionLookup, ...errors },
      },
    },
    async (request) =>
      lookupPromotion(
        requireStaff(request),
        request.query.code,
        request.query.client_uid || undefined,
      ),
  );

  counterAction(server, {
    path: '/v5/staff/redemptions/',
    permission: 'redeem',
    summary: 'Redeems a promotion for a client at a place',
    description: `${access} The member redemption rules and messages: a unit the client holds is used, else one is taken and used at once (stock, limit per member, coins, stamps), under row locks so the last unit goes once. \`amount\` (consumption) above the maximum: 400 {amount: ['The amount exceeds the maximum']}. A promotion not valid at the place: 400 {place_uid}. \`gift_card_amount\` is the credit a GIFT_CARD promotion gives (null for other kinds). A redemption that uses up something the client owns or is limited to (coins, stamps, a unit they hold, bought by card or not, or a use of a per-member limit) requires the client's proof of presence; a free promotion with no per-member limit does not: ${proofDoc}`,
    body: staffRedemptionInput,
    answer: staffRedemptionResult,
    act: redeem,
  });

  server.get(
    '/v5/staff/clients/:uid/products/',
    {
      preValidation: staffOnly('redeem'),
      schema: {
        tags,
        summary: "The place's redeemable products with the client's coin balance",
        description: `${access} \`place_uid\` (required, a place the user may act at: 400 {place_uid} otherwise). Products of the company that are redeemable with a coin price and active at the place, with the place's stock (null: not counted). \`program\` is the company's coins program the client belongs to (null: none, \`coins\` 0). Validators may use it (they redeem at the counter). Not paged (at most 100).`,
        params: uidParams,
        querystring: staffClientProductsQuery,
        response: { 200: staffClientProducts, ...errors },
      },
    },
    async (request) =>
      clientProducts(requireStaff(request), request.params.uid, request.query.place_uid),
  );

  counterAction(server, {
    path: '/v5/staff/product-redemptions/',
    permission: 'redeem',
    summary: 'Redeems a coin-priced product for a client at a place',
    description: `${access} The member coin-order rules without an order: the client's coins (the company's coins program they belong to) are spent through the ledger and the place's stock taken in one transaction, under the membership row lock, so concurrent redemptions of the last coins or the last unit give exactly one success. Not enough coins: 400 {non_field_errors: ['You do not have enough coins']}; stock gone: 400 {non_field_errors: ['Out of stock: {product}']}; a product not redeemable at the place (or of another company): 400 {product_uid}; a client in no coins program: 400 {non_field_errors}. Recorded in the records report as a redemption (status PRODUCT). Validators may do it, like promotion redemptions. The client's proof of presence is required: ${proofDoc}`,
    body: staffProductRedemptionInput,
    answer: staffProductRedemptionResult,
    act: redeemProduct,
  });

  counterAction(server, {
    path: '/v5/staff/stamps/',
    permission: 'stamps',
    summary: 'Gives the client stamps for a purchase at a place',
    description: `${access} A program without stamps: 400 {non_field_errors: ['The benefits program does not have this functionality enabled']}. Staff cannot give stamps to themselves: 400 {client_uid}. Answers the ledger line and the new balances.`,
    body: staffStampsInput,
    answer: staffLedgerResult,
    act: giveStamps,
  });

  counterAction(server, {
    path: '/v5/staff/points/',
    permission: 'points',
    summary: 'Adds points to the client by hand',
    description: `${access} Amount above 0 and a description (400 on those fields otherwise); only where the program has points and add_points enabled, else 400 {non_field_errors: ['The benefits program does not have this functionality enabled']}. Staff cannot add points to themselves: 400 {client_uid}. Not for validators.`,
    body: staffPointsInput,
    answer: staffLedgerResult,
    act: addPoints,
  });
}

/**
 * A counter action: staff with `permission` POST `body` and get 201 with `answer`, written by
 * `act` (which owns the rule and the transaction) for the staff member who asked.
 */
function counterAction<Body extends z.ZodTypeAny, Answer extends z.ZodTypeAny>(
  server: StaffServer,
  route: {
    path: string;
    permission: StaffPermission;
    summary: string;
    description: string;
    body: Body;
    answer: Answer;
    act: (staff: StaffScope, body: z.output<Body>) => Promise<z.output<Answer>>;
  },
): void {
  // Fastify's untyped face, as memberList's: the body and answer are this function's generics.
  (server as unknown as FastifyInstance).post(
    route.path,
    {
      preValidation: staffOnly(route.permission),
      schema: {
        tags,
        summary: route.summary,
        description: route.description,
        body: route.body,
        response: { 201: route.answer, ...errors },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(201)
        .send(await route.act(requireStaff(request), request.body as z.output<Body>)),
  );
}
