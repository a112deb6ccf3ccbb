import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPromotion,
  adminPromotionCreate,
  adminPromotionDeleteQuery,
  adminPromotionQuery,
  adminPromotionSwitch,
  adminPromotionUpdate,
} from '@store/contract';
import { adminOnly } from '../guard';
import { resourceRoutes } from '../resource-routes';
import { createPromotion, deletePromotion, switchPromotion, updatePromotion } from './service';
import { getPromotion, listPromotions } from './promotion-reads';

const access =
  'Back office, promotions: 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant. A MANAGER limited to some places sees and edits only promotions that run at their places alone (and must name at least one of them). A promotion of another company, or not visible to the user, is 404.';
const writes =
  "Send the `version` the promotion was read at; when someone else (a take of a unit does not count, an edit or a tenant-file import does) changed it since: 409 {code: 'admin.version_conflict', detail, current} and nothing written. Each change is in the audit log; members see it on their next request.";
const rules =
  'Body: a union on `kind`, each with its one value: DISCOUNT_RATE `rate_discount` (percent, 0.01-100), FIXED_DISCOUNT `fixed_discount`, SPECIAL_PRICE `special_price`, GIFT_CARD `gift_card_amount` ("12.50"), STAMPS `stamps_required`, GIFT none. Shared: program, name, description, image, coin_price (0 free), price (money by card; not with a coin price: 400 {price}), stock (total units, null unlimited), limit_per_member, max_amount (the consumption a redemption may declare), starts_at/ends_at (ISO instants; the forms send the store\'s day in America/Lima), places (none: every place), tags, featured, is_active.';

/** `/api/v5/admin/promotions/...`: the company's promotions of every kind, with their usage. */
export const adminPromotionRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('promotions'));
  const promotions = resourceRoutes(server, {
    path: '/v5/admin/promotions/',
    item: adminPromotion,
    access,
  });

  promotions.list(
    {
      summary: "The company's promotions with their stock and usage so far",
      description: `${access} Filters: \`program\`, \`kind\`, \`status\` (active | scheduled | ended | off, on the server clock), \`q\` (part of the name). Switched-on first, then in the program's order. \`usage\`: units used at the venue and units held by members; \`units_left\`: stock minus units taken.`,
      query: adminPromotionQuery,
    },
    listPromotions,
  );
  promotions.get({ summary: 'One promotion with its version' }, getPromotion);
  promotions.create(
    {
      summary: 'Creates a promotion in one of the company’s programs',
      description: `${access} ${rules} 201 with the promotion.`,
      body: adminPromotionCreate,
    },
    createPromotion,
  );
  promotions.save(
    'put',
    {
      summary: 'Changes a promotion (the whole form)',
      description: `${access} ${rules} The program cannot change (400 {program}). The stock cannot go below the units already taken (400 {stock}); the row is locked as a take locks it, so no unit is handed out past the new stock. ${writes}`,
      body: adminPromotionUpdate,
    },
    updatePromotion,
  );
  promotions.save(
    'patch',
    {
      summary: 'Switches a promotion off or on',
      description: `${access} Off: members no longer see it and units they hold cannot be used ('The promotion can no longer be used'). ${writes}`,
      body: adminPromotionSwitch,
    },
    switchPromotion,
  );
  promotions.remove(
    {
      summary: 'Deletes a promotion no member ever took',
      description: `${access} \`?version=\`. A promotion with any redemption (used, held or cancelled) is kept: 400 'admin.promotion_redeemed', switch it off instead. 204. ${writes}`,
      query: adminPromotionDeleteQuery,
    },
    deletePromotion,
  );
};
