import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrder,
  adminOrdersPage,
  adminOrdersQuery,
  cancelOrderInput,
  orderNotificationSettings,
  orderNotificationSettingsInput,
  recentOrders,
  staffTransitionInput,
  versionConflictBody,
  removeLineDoc,
  removeLineInput,
  storeDateOf,
} from '@store/contract';
import { pageWindow, toPaged } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import {
  adminOrdersCsv,
  cancelAdminOrder,
  getAdminOrder,
  listAdminOrders,
  removeAdminOrderLine,
  transitionAdminOrder,
  type AdminOrderFilters,
} from './service';
import {
  orderNotificationSettings as readOrderNotifications,
  updateOrderNotificationSettings,
} from './notifications';
import { recentOrders as recentOrdersOf } from '../../staff/orders';
import { orderMail, recentOrdersDoc, transitionDoc } from '../../staff/order-docs';
import { errors, tags, uidParams } from '../route-docs';
import { sendCsvDownload } from '../../../lib/csv-download';

const access =
  'Back office: 401 without a session, 403 {code, detail} when the user is not OWNER or MANAGER of a company of this tenant; an order of another company is 404.';
const filtersDoc =
  "Filters: `status`, `payment_status`, `place` (a place of the company, else 400 {place}), `date_from`/`date_to` (store days, YYYY-MM-DD, both included), `q` (the order number, or part of the client's name, email, phone or document). An order still waiting for its card payment is not listed.";

function filtersOf(query: z.infer<typeof adminOrdersQuery>): AdminOrderFilters {
  const { page: _page, page_size: _size, sort: _sort, ...filters } = query;
  return filters;
}

/** The back office's orders: every place of the company (registered inside `adminRoutes`). */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/v5/admin/orders/',
    {
      preValidation: adminOnly('orders'),
      schema: {
        tags,
        summary: "The company's orders at every place, newest first unless sorted",
        description: `${access} ${filtersDoc} \`sort\`: -created_at (default) | created_at | -total | total. \`count\` is exact (\`count_exact\` true) except for a search whose text more than 1,000 clients hold: it is then counted up to 1,000 orders past the page (\`count_exact\` false: at least \`count\`).`,
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersPage, ...errors },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const page = await listAdminOrders(
        requireAdmin(request),
        filtersOf(request.query),
        window,
        request.query.sort,
      );
      return {
        ...toPaged(request, window, page.count, page.results),
        count_exact: page.countExact,
      };
    },
  );

  server.get(
    '/v5/admin/orders.csv',
    {
      preValidation: adminOnly('orders'),
      schema: {
        tags,
        summary: 'The filtered orders as a CSV download (all pages)',
        description: `${access} Same filters as the list (page and sort are ignored: newest first). text/csv; charset=utf-8, UTF-8 with BOM, columns numero, fecha (store time), local, estado, pago, estado_pago, entrega, cliente, email, telefono, subtotal, descuento, envio, impuestos, total, monedas, cupon; streamed in batches; cells starting with = + - @ are quoted so a spreadsheet never runs them.`,
        querystring: adminOrdersQuery,
        response: {
          200: {
            description: 'The CSV file (an attachment named pedidos-<date>.csv)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const stream = adminOrdersCsv(requireAdmin(request), filtersOf(request.query));
      return sendCsvDownload(reply, `pedidos-${storeDateOf(new Date())}.csv`, stream);
    },
  );

  server.get(
    '/v5/admin/orders/:uid/',
    {
      preValidation: adminOnly('orders'),
      schema: {
        tags,
        summary: 'One order: lines with options, totals, payment, client and refunds',
        description: access,
        params: uidParams,
        response: { 200: adminOrder, ...errors },
      },
    },
    async (request) => getAdminOrder(requireAdmin(request), request.params.uid),
  );

  server.post(
    '/v5/admin/orders/:uid/cancel/',
    {
      preValidation: adminOnly('orders'),
      schema: {
        tags,
        summary: 'Cancels an order; a card-paid one is refunded through the provider',
        description: `${access} Through the orders state machine (status CANCELED_BY_PLACE): stock, coupon use, points and coins go back in one transaction; a card-paid order becomes REFUND_PENDING with its refund, asked of the provider at once (REFUNDED when done; a failure stays pending and the reconciliation retries). An order already delivered or canceled: 400 {non_field_errors}. Optional body \`{reason, reason_note}\` as for the transition route (the customer is mailed either way). The cancellation is in the audit log.`,
        params: uidParams,
        body: cancelOrderInput,
        response: { 200: adminOrder, ...errors },
      },
    },
    async (request) =>
      cancelAdminOrder(requireAdmin(request), request.params.uid, request.body, orderMail(request)),
  );

  server.post(
    '/v5/admin/orders/:uid/transition/',
    {
      preValidation: adminOnly('orders'),
      schema: {
        tags,
        summary: 'Accept, cancel, mark shipped, mark delivered, or mark a pickup order ready',
        description: `${access} The staff console's own moves (one service, one state machine). ${transitionDoc} Each move is in the audit log.`,
        params: uidParams,
        body: staffTransitionInput,
        response: { 200: adminOrder, ...errors },
      },
    },
    async (request) =>
      transitionAdminOrder(
        requireAdmin(request),
        request.params.uid,
        request.body,
        orderMail(request),
      ),
  );

  server.get(
    '/v5/admin/orders/recent/',
    {
      preValidation: adminOnly('orders'),
      schema: {
        tags,
        summary: 'The orders placed in the last minutes, to announce new ones',
        description: `${access} ${recentOrdersDoc}`,
        response: { 200: recentOrders, ...errors },
      },
    },
    async (request) => recentOrdersOf(requireAdmin(request)),
  );

  server.get(
    '/v5/admin/order-notifications/',
    {
      preValidation: adminOnly('settings'),
      schema: {
        tags,
        summary: "Who hears about the company's orders",
        description: `${access} The owner's (area settings; a MANAGER gets 403 admin.owner_only). \`new_order_mail_to\`: the address that gets a mail per new order, or null; \`customer_status_mails\`: whether customers are mailed when their order is accepted, on its way or ready for pickup (a cancellation and a refund always are).`,
        response: { 200: orderNotificationSettings, ...errors },
      },
    },
    async (request) => readOrderNotifications(requireAdmin(request)),
  );

  server.put(
    '/v5/admin/order-notifications/',
    {
      preValidation: adminOnly('settings'),
      schema: {
        tags,
        summary: "Changes who hears about the company's orders",
        description: `${access} The owner's. Body \`{new_order_mail_to, customer_status_mails, version}\`: the address must be the verified email of someone on the company's staff (else 400 {new_order_mail_to}); empty or null turns the mail off. 409 admin.version_conflict with \`current\` when someone saved first. Audited (entity order_settings).`,
        body: orderNotificationSettingsInput,
        response: {
          200: orderNotificationSettings,
          409: versionConflictBody(orderNotificationSettings),
          ...errors,
        },
      },
    },
    async (request) => updateOrderNotificationSettings(requireAdmin(request), request.body),
  );

  server.post(
    '/v5/admin/orders/:uid/remove-line/',
    {
      preValidation: adminOnly('orders'),
      schema: {
        tags,
        summary: 'Removes a line (or some of its quantity) from an order not prepared yet',
        description: `${access} ${removeLineDoc}`,
        params: uidParams,
        body: removeLineInput,
        response: { 200: adminOrder, ...errors },
      },
    },
    async (request) =>
      removeAdminOrderLine(
        requireAdmin(request),
        request.params.uid,
        request.body,
        orderMail(request),
      ),
  );
};
