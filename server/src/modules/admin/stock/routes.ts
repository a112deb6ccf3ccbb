import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLowStock, adminLowStockQuery, adminStockMovement } from '@store/contract';
import { lowStock } from '../../stock/low-stock';
import { adminOnly, adminPlace, requireAdmin } from '../guard';
import { productMovements } from './service';
import { errors, tags } from '../route-docs';

const access =
  'Back office: 401 without a session, 403 {code, detail} when the user is not OWNER or MANAGER of a company of this tenant; anything of another company is 404.';

/** Stock that warns: the dashboard's low-stock list and a product's stock movements. */
export const adminStockRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/v5/admin/stock/low/',
    {
      preValidation: adminOnly('dashboard'),
      schema: {
        tags,
        summary: 'Low and sold-out products at the places the user may see',
        description: `${access} Low: a counted stock at or below the place's \`low_stock_threshold\`; sold out: at or below 0. Active products listed at the place only. Sold out first, then by stock; at most 50 rows, \`count\` says how many in all. \`place\`: one place of the company (else 400 {place}).`,
        querystring: adminLowStockQuery,
        response: { 200: adminLowStock, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const place = request.query.place ? adminPlace(admin, request.query.place) : null;
      return lowStock(admin, place?.uid);
    },
  );

  server.get(
    '/v5/admin/products/:uid/stock-movements/',
    {
      preValidation: adminOnly('catalogue'),
      schema: {
        tags,
        summary: "A product's latest 100 stock movements, newest first",
        description: `${access} Every change of a counted stock at the places the user may see: sale, cancellation, line_removal (staff took a line off an order), released (a card order not charged), redemption (coins at the counter), manual (the product screen), import (CSV), bulk (the stock grid); the change, the count after it, the order and who did it (null: the server's own runs).`,
        params: z.object({ uid: z.string() }),
        response: { 200: z.array(adminStockMovement), ...errors },
      },
    },
    async (request) => productMovements(requireAdmin(request), request.params.uid),
  );
};
