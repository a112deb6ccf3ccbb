import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCoupon,
  adminCouponCreate,
  adminCouponPatch,
  adminCouponQuery,
  adminDiscount,
  adminDiscountCreate,
  adminDiscountPatch,
  adminDiscountQuery,
  adminPaymentMethod,
  adminPaymentMethodInput,
  adminYapeInput,
  adminTaxRule,
  adminTaxRuleInput,
  adminUnsettledCharge,
  adminUnsettledChargeQuery,
  adminElectronicReceipt,
  adminElectronicReceiptQuery,
  adminReceiptAccount,
  adminReceiptAccountInput,
  paged,
  versionConflictBody,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import { createCoupon, listCoupons, updateCoupon } from './coupons';
import { createDiscount, listDiscounts, updateDiscount } from './discounts';
import { addYape, listPaymentMethods, updatePaymentMethod } from './payment-methods';
import { getTaxRule, putTaxRule } from './tax';
import { listUnsettledCharges } from './unsettled-charges';
import { listReceipts, retryReceipt } from './receipts';
import { getReceiptAccount, putReceiptAccount } from './receipt-account';
import { errors, tags, uidParams } from '../route-docs';

const access =
  "Back office, money settings: 401 without a session, 403 {code, detail} unless the user is the `OWNER` of a company of this tenant (a `MANAGER` gets 403 'admin.owner_only'; OWNER or MANAGER is checked first); anything of another company is 404.";
const versioned = `Send the \`version\` the record was read at; when someone else changed it since: 409 {code: 'admin.version_conflict', detail, current} and nothing written. Each change is in the audit log, secrets redacted.`;

/**
 * `/api/v5/admin/money/...`: payment methods and card credentials, the tax rule, coupons and the
 * unsettled card charges (owner only).
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('money'));

  server.get(
    '/v5/admin/money/payment-methods/',
    {
      schema: {
        tags,
        summary: "The company's payment methods; card secrets only as whether they are set",
        description: `${access} Secrets (access token, webhook secret) are write-only: answered as \`access_token_configured\` / \`webhook_secret_configured\`.`,
        response: { 200: z.array(adminPaymentMethod), ...errors },
      },
    },
    async (request) => listPaymentMethods(requireAdmin(request)),
  );

  server.patch(
    '/v5/admin/money/payment-methods/:uid/',
    {
      schema: {
        tags,
        summary:
          'Switches a payment method on or off, renames it, or replaces its card credentials',
        description: `${access} A secret sent replaces the stored one; none is ever answered back. A Mercado Pago method cannot be on without its public key and access token (400 {is_active}). ${versioned}`,
        params: uidParams,
        body: adminPaymentMethodInput,
        response: {
          200: adminPaymentMethod,
          ...errors,
          409: versionConflictBody(adminPaymentMethod),
        },
      },
    },
    async (request) => updatePaymentMethod(requireAdmin(request), request.params.uid, request.body),
  );

  server.post(
    '/v5/admin/money/payment-methods/yape/',
    {
      schema: {
        tags,
        summary: 'Adds Yape (through Mercado Pago) to the payment methods',
        description: `${access} Credentials not sent are copied from the company's Mercado Pago card method; the method is on when the public key and access token are known, else off until they are set with PATCH. One Yape per company: a second is 400 {non_field_errors: ['admin.yape_exists']}. Answered like the list's entries (201).`,
        body: adminYapeInput,
        response: { 201: adminPaymentMethod, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addYape(requireAdmin(request), request.body)),
  );

  server.get(
    '/v5/admin/money/tax/',
    {
      schema: {
        tags,
        summary: "The company's tax rule (prices include it)",
        description: `${access} \`version\` 0: none saved yet, the default IGV 18 % applies.`,
        response: { 200: adminTaxRule, ...errors },
      },
    },
    async (request) => getTaxRule(requireAdmin(request)),
  );

  server.put(
    '/v5/admin/money/tax/',
    {
      schema: {
        tags,
        summary: "Sets the company's tax rule: name and rate in percent",
        description: `${access} Catalogue prices include the tax; orders show the part of the total that is tax (docs/decisions.md "Checkout: tax model"). ${versioned}`,
        body: adminTaxRuleInput,
        response: { 200: adminTaxRule, ...errors, 409: versionConflictBody(adminTaxRule) },
      },
    },
    async (request) => putTaxRule(requireAdmin(request), request.body),
  );

  server.get(
    '/v5/admin/money/receipt-account/',
    {
      schema: {
        tags,
        summary:
          "The company's own account at the electronic-receipt provider (Nubefact); the token only as whether it is set",
        description: `${access} \`issuer\`: whose account issues the company's receipts now: COMPANY (this one), DEPLOYMENT (the server's NUBEFACT_URL / NUBEFACT_TOKEN) or NONE (receipts are numbered and wait). \`version\` 0: never saved.`,
        response: { 200: adminReceiptAccount, ...errors },
      },
    },
    async (request) => getReceiptAccount(requireAdmin(request), server.receiptAccountRules),
  );

  server.put(
    '/v5/admin/money/receipt-account/',
    {
      schema: {
        tags,
        summary: "Sets or forgets the company's own Nubefact account (route URL and token)",
        description: `${access} \`url\`: the account's route URL (RUTA), at one of the provider's origins (400 {url: ['admin.receipt_url_invalid']}); \`token\`: write-only, required unless one is kept (400 {token}). \`url: null\` forgets both: the deployment's account, if any, issues again. Receipts waiting are sent through the account in force when they go. ${versioned}`,
        body: adminReceiptAccountInput,
        response: {
          200: adminReceiptAccount,
          ...errors,
          409: versionConflictBody(adminReceiptAccount),
        },
      },
    },
    async (request) => {
      const answer = await putReceiptAccount(
        requireAdmin(request),
        server.receiptAccountRules,
        request.body,
      );
      // Receipts that waited for an account may go now.
      server.receiptIssuer?.soon();
      return answer;
    },
  );

  server.get(
    '/v5/admin/money/coupons/',
    {
      schema: {
        tags,
        summary: "The company's coupons with their uses so far",
        description: `${access} \`q\`: part of the code; \`active\`: true | false; \`sort\`: code | uses | valid_until, \`-\` for descending.`,
        querystring: adminCouponQuery,
        response: { 200: paged(adminCoupon), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listCoupons(requireAdmin(request), request.query, window),
      ),
  );

  server.post(
    '/v5/admin/money/coupons/',
    {
      schema: {
        tags,
        summary: 'Creates a coupon',
        description: `${access} Codes are stored upper case and unique per company (400 {code}). \`value\`: a percentage (0.01-100) for PERCENT, an amount for AMOUNT.`,
        body: adminCouponCreate,
        response: { 201: adminCoupon, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoupon(requireAdmin(request), request.body)),
  );

  server.patch(
    '/v5/admin/money/coupons/:uid/',
    {
      schema: {
        tags,
        summary:
          'Changes a coupon (switch off with is_active: false; used coupons are never deleted)',
        description: `${access} \`max_uses\` never below the uses so far (400 {max_uses}). ${versioned}`,
        params: uidParams,
        body: adminCouponPatch,
        response: { 200: adminCoupon, ...errors, 409: versionConflictBody(adminCoupon) },
      },
    },
    async (request) => updateCoupon(requireAdmin(request), request.params.uid, request.body),
  );

  server.get(
    '/v5/admin/money/discounts/',
    {
      schema: {
        tags,
        summary: "The company's automatic discounts, newest first",
        description: `${access} \`active\`: true | false. Rules the checkout applies without a code (docs/decisions.md "Automatic discounts").`,
        querystring: adminDiscountQuery,
        response: { 200: paged(adminDiscount), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listDiscounts(requireAdmin(request), request.query, window),
      ),
  );

  server.post(
    '/v5/admin/money/discounts/',
    {
      schema: {
        tags,
        summary: 'Creates an automatic discount',
        description: `${access} \`kind\`: PERCENT | AMOUNT | BUY_X_PAY_Y | COMBO_PRICE; \`target\`: ORDER | PRODUCTS | CATEGORIES (with \`product_uids\` / \`category_uids\` of the company: 400 otherwise). Conditions: \`min_subtotal\`, \`place_uids\`, \`weekdays\`, \`start_time\`/\`end_time\` (store time), \`valid_from\`/\`valid_until\`, \`member_levels\`; \`stackable_with_coupons\`; \`max_uses\` (first N orders).`,
        body: adminDiscountCreate,
        response: { 201: adminDiscount, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDiscount(requireAdmin(request), request.body)),
  );

  server.patch(
    '/v5/admin/money/discounts/:uid/',
    {
      schema: {
        tags,
        summary: 'Changes or pauses an automatic discount (is_active: false)',
        description: `${access} \`max_uses\` never below the uses so far (400 {max_uses}). ${versioned}`,
        params: uidParams,
        body: adminDiscountPatch,
        response: { 200: adminDiscount, ...errors, 409: versionConflictBody(adminDiscount) },
      },
    },
    async (request) => updateDiscount(requireAdmin(request), request.params.uid, request.body),
  );

  server.get(
    '/v5/admin/money/unsettled-charges/',
    {
      schema: {
        tags,
        summary:
          'Card charges that may have taken money with no order or unit to show for it, newest first',
        description: `${access} A charge whose answer was lost (and whose look-up failed too), or whose checkout was undone and could not be refunded at once. The reconciliation run looks each one up at the provider and refunds it (\`REFUNDED\`), or closes it when the provider never took the money (\`NOT_CHARGED\`); until then it is \`OPEN\` with the provider's last error. \`status\`: OPEN | REFUNDED | NOT_CHARGED.`,
        querystring: adminUnsettledChargeQuery,
        response: { 200: paged(adminUnsettledCharge), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listUnsettledCharges(requireAdmin(request), request.query, window),
      ),
  );

  server.get(
    '/v5/admin/money/receipts/',
    {
      schema: {
        tags,
        summary:
          "The electronic receipts (boletas, facturas, credit notes) of the company's places, newest first",
        description: `${access} \`status\`: PENDING (queued or retrying) | ISSUED | REJECTED (the provider's or SUNAT's reason in \`error\`) | FAILED (the provider unreachable after every attempt). \`order\`: one order's receipts (its boleta or factura and credit notes).`,
        querystring: adminElectronicReceiptQuery,
        response: { 200: paged(adminElectronicReceipt), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listReceipts(requireAdmin(request), request.query, window),
      ),
  );

  server.post(
    '/v5/admin/money/receipts/:uid/retry/',
    {
      schema: {
        tags,
        summary:
          'Sends a REJECTED or FAILED receipt to the provider again (same series and number)',
        description: `${access} Any other status is answered unchanged.`,
        params: uidParams,
        response: { 200: adminElectronicReceipt, ...errors },
      },
    },
    async (request) =>
      retryReceipt(requireAdmin(request), request.params.uid, () => server.receiptIssuer?.soon()),
  );
};
