import type { z } from 'zod';
import {
  paged,
  recentOrders,
  removeLineDoc,
  removeLineInput,
  staffDueSubscription,
  staffDueSubscriptionsQuery,
  staffOrder,
  staffOrdersQuery,
  staffSkippedDay,
  staffSkippedDaysQuery,
  staffTransitionInput,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { requireStaff, staffOnly } from './guard';
import {
  getOrder,
  listOrders,
  moveOrder,
  recentOrders as recentOrdersOf,
  removeLine,
} from './orders';
import { orderMail, recentOrdersDoc, transitionDoc } from './order-docs';
import { listSkippedDays } from './skipped-days';
import { listDueSubscriptions } from './due-subscriptions';
import { access, errors, tags, uidParams, type StaffServer } from './route-docs';

/** The orders board: orders and their transitions, and the subscriptions due or skipped. */
export function orderRoutes(server: StaffServer): void {
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

  // An order's moves on the board: each answers the order as it now stands and may mail the customer.
  const orderAction = <Body extends z.ZodTypeAny>(
    action: string,
    texts: { summary: string; description: string; body: Body },
    run: (
      staff: ReturnType<typeof requireStaff>,
      uid: string,
      body: z.output<Body>,
      mail: ReturnType<typeof orderMail>,
    ) => Promise<z.output<typeof staffOrder>>,
  ) =>
    server.post(
      `/v5/staff/orders/:uid/${action}/`,
      {
        preValidation: staffOnly('orders'),
        schema: {
          tags,
          summary: texts.summary,
          description: texts.description,
          params: uidParams,
          body: texts.body,
          response: { 200: staffOrder, ...errors },
        },
      },
      async (request) =>
        run(
          requireStaff(request),
          request.params.uid,
          request.body as z.output<Body>,
          orderMail(request),
        ),
    );

  orderAction(
    'transition',
    {
      summary: 'Accept, cancel, mark shipped, mark delivered, or mark a pickup order ready',
      description: `${access} ${transitionDoc}`,
      body: staffTransitionInput,
    },
    moveOrder,
  );
  orderAction(
    'remove-line',
    {
      summary: 'Removes a line (or some of its quantity) from an order not prepared yet',
      description: `${access} ${removeLineDoc}`,
      body: removeLineInput,
    },
    removeLine,
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
}
