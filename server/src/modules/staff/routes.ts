import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paged,
  promotion,
  recentOrders,
  staffClient,
  staffClientProducts,
  staffClientProductsQuery,
  staffClientPromotionsQuery,
  staffClientQuery,
  staffCreateClientInput,
  staffLedgerResult,
  staffMe,
  staffMember,
  staffMemberInput,
  staffInvitation,
  staffInvitationInput,
  staffOrder,
  removeLineDoc,
  removeLineInput,
  staffOrdersQuery,
  staffPermissions,
  staffPointsInput,
  staffProductRedemptionInput,
  staffProductRedemptionResult,
  staffPromotionLookup,
  staffPromotionQuery,
  staffQrInput,
  staffRecord,
  staffRecordsQuery,
  staffRedemptionInput,
  staffRedemptionResult,
  staffDueSubscription,
  staffDueSubscriptionsQuery,
  staffSkippedDay,
  staffSkippedDaysQuery,
  staffStampsInput,
  staffTransitionInput,
  storeDateOf,
} from '@store/contract';
import { detailErrorBody, errorResponses } from '../../lib/route-errors';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { programToApi } from '../programs/service';
import { requireStaff, staffHook, staffOnly } from './guard';
import { companyPrograms } from './programs';
import { clientFromQr, clientPromotions, createClient, lookupClient } from './clients';
import { addPoints, giveStamps, lookupPromotion, redeem } from './counter';
import {
  getOrder,
  listOrders,
  moveOrder,
  recentOrders as recentOrdersOf,
  removeLine,
} from './orders';
import { orderMail, recentOrdersDoc, transitionDoc } from './order-docs';
import { clientProducts, redeemProduct } from './products';
import { listRecords, recordsCsv } from './records';
import { grantMember, listMembers, removeMember } from './members';
import { listSkippedDays } from './skipped-days';
import { listDueSubscriptions } from './due-subscriptions';
import {
  createInvitation,
  INVITATION_QUOTA,
  listInvitations,
  revokeInvitation,
} from './invitations';
import { authScope } from '../auth/context';
import { areaAccess } from '../../plugins/route-access';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
const uidParams = z.object({ uid: z.string() });
const proofDoc =
  "`proof`: the client's member QR (`v1.…`, scanned), the promotion QR of their activation steps (`p1.…`, for that promotion only) or the 6-digit code their phone shows (`POST v5/me/counter-code/`). Each lives 2 minutes and proves presence once: it is spent in the transaction of the spend it allows. Missing, wrong, expired, used or another client's: 400 {proof: [message]}, and 5 wrong codes kill the code.";
const access =
  'Staff only: 401 without a session, 403 {detail} when the user is not staff of a company of this tenant or the role may not do this; anything of another company is 404.';

/**
 * The staff console. Every route goes through `staffHook` (session, then the
 * user's staff role on this tenant) and states its permission with
 * `staffOnly`; the services get the resolved StaffScope and never HTTP.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'staff');
  server.decorateRequest('staff', null);
  server.addHook('preValidation', staffHook);

  server.get(
    '/v5/staff/me/',
    {
      schema: {
        tags,
        summary:
          "The user's staff role: company, role, permissions, places they may act at, the company's programs",
        description: `${access} \`places\` lists every place of the company unless the role is limited to some (\`limited_to_places\`).`,
        response: { 200: staffMe, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const programs = await companyPrograms(staff);
      return {
        company: staff.company,
        role: staff.role,
        permissions: [...staffPermissions[staff.role]],
        places: staff.places,
        limited_to_places: staff.limitedToPlaces,
        programs: programs.map((program) => programToApi({ program, company: staff.company })),
      };
    },
  );

  server.get(
    '/v5/staff/clients/',
    {
      preValidation: staffOnly('lookup'),
      schema: {
        tags,
        summary: 'Finds a client of the company by document or mobile phone',
        description: `${access} \`?document_type=&document_number=\` or \`?mobile_phone=\` (with +country code: exact; nine digits: any dial code). Clients are users who belong to a program of the company or ordered from it. None: 404 {detail}; several phones: 400 {mobile_phone: ['More than one user was found with this phone number, enter the document number']}.`,
        querystring: staffClientQuery,
        response: { 200: staffClient, ...errors },
      },
    },
    async (request) => lookupClient(requireStaff(request), request.query),
  );

  server.post(
    '/v5/staff/clients/from-qr/',
    {
      preValidation: staffOnly('lookup'),
      schema: {
        tags,
        summary: 'Finds the client of a scanned member QR (GET v5/me/programs/{uid}/qr/)',
        description: `${access} Expired, forged, another tenant's or another company's QR: 400 {code: [message]}.`,
        body: staffQrInput,
        response: { 200: staffClient, ...errors },
      },
    },
    async (request) => clientFromQr(requireStaff(request), request.body.code),
  );

  server.post(
    '/v5/staff/clients/',
    {
      preValidation: staffOnly('create_clients'),
      schema: {
        tags,
        summary: 'Creates a user and enrols them in a program of the company',
        description: `${access} 201 with the new client (no password: they set one with password recovery). A document that already has an account: 200 with that user enrolled (data unchanged) only when they are already a client of the company (a member of one of its programs or a buyer); anyone else's: 400 {document_number}, so no other user's email or phone is ever answered. The client's consents are those of sign-up: accept_terms, accept_age (14 or over) and accept_data_processing must be true (400 on each field otherwise), accept_publicity is optional; a new account records them like POST v5/register/. A store with no benefits program: 400 {non_field_errors: ['La tienda no tiene un programa de beneficios asignado.']}. Email or phone of another user: 400 on that field.`,
        body: staffCreateClientInput,
        response: { 200: staffClient, 201: staffClient, ...errors },
      },
    },
    async (request, reply) => {
      const { created, client } = await createClient(requireStaff(request), request.body);
      return reply.status(created ? 201 : 200).send(client);
    },
  );

  server.get(
    '/v5/staff/clients/:uid/promotions/',
    {
      preValidation: staffOnly('lookup'),
      schema: {
        tags,
        summary: "The company's current promotions with the client's state in each",
        description: `${access} \`program_uid\` narrows to one program. Not paged (a program lists at most 100).`,
        params: uidParams,
        querystring: staffClientPromotionsQuery,
        response: { 200: z.array(promotion), ...errors },
      },
    },
    async (request) =>
      clientPromotions(
        requireStaff(request),
        request.params.uid,
        request.query.program_uid || undefined,
      ),
  );

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

  server.post(
    '/v5/staff/redemptions/',
    {
      preValidation: staffOnly('redeem'),
      schema: {
        tags,
        summary: 'Redeems a promotion for a client at a place',
        description: `${access} The member redemption rules and messages: a unit the client holds is used, else one is taken and used at once (stock, limit per member, coins, stamps), under row locks so the last unit goes once. \`amount\` (consumption) above the maximum: 400 {amount: ['The amount exceeds the maximum']}. A promotion not valid at the place: 400 {place_uid}. \`gift_card_amount\` is the credit a GIFT_CARD promotion gives (null for other kinds). A redemption that uses up something the client owns or is limited to (coins, stamps, a unit they hold, bought by card or not, or a use of a per-member limit) requires the client's proof of presence; a free promotion with no per-member limit does not: ${proofDoc}`,
        body: staffRedemptionInput,
        response: { 201: staffRedemptionResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await redeem(requireStaff(request), request.body)),
  );

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

  server.post(
    '/v5/staff/product-redemptions/',
    {
      preValidation: staffOnly('redeem'),
      schema: {
        tags,
        summary: 'Redeems a coin-priced product for a client at a place',
        description: `${access} The member coin-order rules without an order: the client's coins (the company's coins program they belong to) are spent through the ledger and the place's stock taken in one transaction, under the membership row lock, so concurrent redemptions of the last coins or the last unit give exactly one success. Not enough coins: 400 {non_field_errors: ['You do not have enough coins']}; stock gone: 400 {non_field_errors: ['Out of stock: {product}']}; a product not redeemable at the place (or of another company): 400 {product_uid}; a client in no coins program: 400 {non_field_errors}. Recorded in the records report as a redemption (status PRODUCT). Validators may do it, like promotion redemptions. The client's proof of presence is required: ${proofDoc}`,
        body: staffProductRedemptionInput,
        response: { 201: staffProductRedemptionResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await redeemProduct(requireStaff(request), request.body)),
  );

  server.post(
    '/v5/staff/stamps/',
    {
      preValidation: staffOnly('stamps'),
      schema: {
        tags,
        summary: 'Gives the client stamps for a purchase at a place',
        description: `${access} A program without stamps: 400 {non_field_errors: ['The benefits program does not have this functionality enabled']}. Staff cannot give stamps to themselves: 400 {client_uid}. Answers the ledger line and the new balances.`,
        body: staffStampsInput,
        response: { 201: staffLedgerResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await giveStamps(requireStaff(request), request.body)),
  );

  server.post(
    '/v5/staff/points/',
    {
      preValidation: staffOnly('points'),
      schema: {
        tags,
        summary: 'Adds points to the client by hand',
        description: `${access} Amount above 0 and a description (400 on those fields otherwise); only where the program has points and add_points enabled, else 400 {non_field_errors: ['The benefits program does not have this functionality enabled']}. Staff cannot add points to themselves: 400 {client_uid}. Not for validators.`,
        body: staffPointsInput,
        response: { 201: staffLedgerResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addPoints(requireStaff(request), request.body)),
  );

  server.get(
    '/v5/staff/orders/',
    {
      preValidation: staffOnly('orders'),
      schema: {
        tags,
        summary: "The orders board: the company's orders, newest first",
        description: `${access} Filters \`status\`, \`place_uid\`; paged. Each order carries every field of the member's order, billing data, the client and \`actions\` the store may take now. The web polls this list (no push channel yet).`,
        querystring: staffOrdersQuery,
        response: { 200: paged(staffOrder), ...errors },
      },
    },
    async (request) => {
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listOrders(
          requireStaff(request),
          { status: request.query.status, place_uid: request.query.place_uid || undefined },
          window,
        ),
      );
    },
  );

  server.get(
    '/v5/staff/orders/recent/',
    {
      preValidation: staffOnly('orders'),
      schema: {
        tags,
        summary: 'The orders that reached the board in the last minutes, to announce new ones',
        description: `${access} ${recentOrdersDoc}`,
        response: { 200: recentOrders, ...errors },
      },
    },
    async (request) => recentOrdersOf(requireStaff(request)),
  );

  server.get(
    '/v5/staff/orders/:uid/',
    {
      preValidation: staffOnly('orders'),
      schema: {
        tags,
        summary: 'One order of the company',
        description: access,
        params: uidParams,
        response: { 200: staffOrder, ...errors },
      },
    },
    async (request) => getOrder(requireStaff(request), request.params.uid),
  );

  server.post(
    '/v5/staff/orders/:uid/transition/',
    {
      preValidation: staffOnly('orders'),
      schema: {
        tags,
        summary: 'Accept, cancel, mark shipped, mark delivered, or mark a pickup order ready',
        description: `${access} ${transitionDoc}`,
        params: uidParams,
        body: staffTransitionInput,
        response: { 200: staffOrder, ...errors },
      },
    },
    async (request) =>
      moveOrder(requireStaff(request), request.params.uid, request.body, orderMail(request)),
  );

  server.post(
    '/v5/staff/orders/:uid/remove-line/',
    {
      preValidation: staffOnly('orders'),
      schema: {
        tags,
        summary: 'Removes a line (or some of its quantity) from an order not prepared yet',
        description: `${access} ${removeLineDoc}`,
        params: uidParams,
        body: removeLineInput,
        response: { 200: staffOrder, ...errors },
      },
    },
    async (request) =>
      removeLine(requireStaff(request), request.params.uid, request.body, orderMail(request)),
  );

  server.get(
    '/v5/staff/subscriptions/due/',
    {
      preValidation: staffOnly('orders'),
      schema: {
        tags,
        summary: "Active subscriptions due on a day at the company's places, by slot",
        description: `${access} Who may see the orders board may see these. \`date\`: the service day (YYYY-MM-DD, Lima; tomorrow on the store's clock when left out); \`place_uid\`; paged, by slot start, then place. Staff limited to some places see those places' subscriptions only. A subscription made after the day is not due on it. \`day_status\`: pending (the run, about two hours before the slot, has not made the order yet), ordered (\`order_uid\`) or skipped (see skipped-days).`,
        querystring: staffDueSubscriptionsQuery,
        response: { 200: paged(staffDueSubscription), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listDueSubscriptions(
          requireStaff(request),
          { date: request.query.date, place_uid: request.query.place_uid || undefined },
          window,
        ),
      ),
  );

  server.get(
    '/v5/staff/subscriptions/skipped-days/',
    {
      preValidation: staffOnly('orders'),
      schema: {
        tags,
        summary: "Subscription days that got no order, at the company's places, newest day first",
        description: `${access} Who may see the orders board may see these (the days are orders that were not made). Filters \`date_from\`/\`date_to\` (YYYY-MM-DD service days in Lima, both included), \`place_uid\`; paged. Staff limited to some places see those places' days only. \`reason\` sorts the recorded reason (\`reason_detail\`, the order rules' message) into out_of_stock, product_unavailable, place_closed, slot_unavailable, delivery_unavailable, payment_unavailable, member_gone, missed or other.`,
        querystring: staffSkippedDaysQuery,
        response: { 200: paged(staffSkippedDay), ...errors },
      },
    },
    async (request) => {
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listSkippedDays(
          requireStaff(request),
          {
            date_from: request.query.date_from,
            date_to: request.query.date_to,
            place_uid: request.query.place_uid || undefined,
          },
          window,
        ),
      );
    },
  );

  server.get(
    '/v5/staff/records/',
    {
      preValidation: staffOnly('records'),
      schema: {
        tags,
        summary: 'Records report: redemptions, stamps and points given at the counter, and orders',
        description: `${access} \`channel\`: COUNTER (staff at the counter), SELF (a redemption the member confirmed alone with POST v5/redemption-by-user/: no staff, the promotion's place when it runs at exactly one, else none) or ONLINE (an order). Filters \`kind\`, \`date_from\`/\`date_to\` (YYYY-MM-DD, Lima days, both included), \`place_uid\`; newest first, paged.`,
        querystring: staffRecordsQuery,
        response: { 200: paged(staffRecord), ...errors },
      },
    },
    async (request) => {
      const { page: _page, page_size: _size, ...filters } = request.query;
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listRecords(
          requireStaff(request),
          { ...filters, place_uid: filters.place_uid || undefined },
          window,
        ),
      );
    },
  );

  server.get(
    '/v5/staff/records.csv',
    {
      preValidation: staffOnly('records'),
      schema: {
        tags,
        summary: 'The records report as a CSV download (all pages)',
        description: `${access} Same filters as the JSON report (page is ignored). text/csv; charset=utf-8, UTF-8 with BOM, columns fecha, tipo, local, cliente, documento, descripcion, monto, cantidad, estado, personal, canal (Mostrador, Confirmado por el cliente, En línea); streamed in batches so a year of records never sits in memory.`,
        querystring: staffRecordsQuery,
        response: {
          200: {
            description: 'The CSV file (an attachment named registros-<date>.csv)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { page: _page, page_size: _size, ...filters } = request.query;
      const stream = recordsCsv(requireStaff(request), {
        ...filters,
        place_uid: filters.place_uid || undefined,
      });
      const today = storeDateOf(new Date());
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="registros-${today}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialized); the schema's string describes the file.
          .send(stream as unknown as string)
      );
    },
  );

  server.get(
    '/v5/staff/members/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: "The company's staff (owners only)",
        description: access,
        response: { 200: z.array(staffMember), ...errors },
      },
    },
    async (request) => listMembers(requireStaff(request)),
  );

  server.post(
    '/v5/staff/members/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: "Changes the role or places of someone on the company's staff (owners only)",
        description: `${access} 200 with the member. Someone new is invited instead (\`POST v5/staff/invitations/\`): any email not on the company's staff is 400 {email}, the same whether or not it has an account. Not oneself; places of the company only.`,
        body: staffMemberInput,
        response: { 200: staffMember, ...errors },
      },
    },
    async (request) => (await grantMember(requireStaff(request), request.body)).member,
  );

  server.get(
    '/v5/staff/invitations/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: "The company's pending staff invitations (owners only)",
        description: `${access} Not accepted nor revoked, newest first, at most 100; \`expired\` flags those past their 7 days.`,
        response: { 200: z.array(staffInvitation), ...errors },
      },
    },
    async (request) => listInvitations(requireStaff(request)),
  );

  server.post(
    '/v5/staff/invitations/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: 'Invites an email address to the staff with a role (owners only)',
        description: `${access} 201. Mails a single-use link (7 days) to the address; the role goes to the account that accepts it signed in with that address (\`POST v5/invitations/{uid}/{token}/accept/\`), never before, whether or not the address has an account. A new invitation to the same address replaces the pending one. Already on the company's staff: 400 {email}; places of the company only. ${INVITATION_QUOTA}`,
        body: staffInvitationInput,
        response: { 201: staffInvitation, ...errors, 429: detailErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createInvitation(requireStaff(request), request.body, invitationMail(request))),
  );

  server.delete(
    '/v5/staff/invitations/:uid/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: 'Revokes a pending staff invitation (owners only)',
        description: `${access} Its link stops working. Accepted, already revoked or unknown: 404.`,
        params: uidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeInvitation(requireStaff(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );

  server.delete(
    '/v5/staff/members/:uid/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: 'Removes a staff role (owners only; not oneself)',
        description: access,
        params: uidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(requireStaff(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );
};

/** The one place the staff area learns where mailed links point: the accounts mails' origin. */
function invitationMail(request: FastifyRequest) {
  return {
    mailer: request.server.mailer,
    origin: authScope(request).origin,
    quotas: request.server.accounts.mailQuotas,
  };
}
