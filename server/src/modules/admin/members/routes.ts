import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMember,
  adminMemberLedgerLine,
  adminMemberLedgerQuery,
  adminMemberOrder,
  adminMemberRedemption,
  adminMemberRow,
  adminMembersQuery,
  pageQuery,
  paged,
  storeDateOf,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import { memberLedger, memberOrders, memberRedemptions } from './history';
import { listMembers, membersCsv } from './list';
import { getMember } from './profile';
import { errors, tags, uidParams } from '../route-docs';
import { sendCsvDownload } from '../../../lib/csv-download';

const access =
  "Back office: 401 without a session, 403 {code, detail} when the user is not OWNER or MANAGER of a company of this tenant. A member of the company joined one of its programs or ordered at one of its places (for a user limited to places: at one of those); anyone else, another company's or another tenant's member included, is 404.";
const searchDoc =
  '`q`: part of the name (accents and case ignored), the email, the phone or the document number.';

/** `/api/v5/admin/members/...`: the company's members, their balances and history (registered inside `adminRoutes`). */
export const adminMemberRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('members'));

  server.get(
    '/v5/admin/members/',
    {
      schema: {
        tags,
        summary: "The company's members with their points and coins",
        description: `${access} ${searchDoc} \`ordering\`: -member_since (default, newest member first), name, -points. Points and coins are the sums over the company's programs.`,
        querystring: adminMembersQuery,
        response: { 200: paged(adminMemberRow), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listMembers(requireAdmin(request), request.query, window),
      ),
  );

  server.get(
    '/v5/admin/members.csv',
    {
      schema: {
        tags,
        summary: 'The filtered members as a CSV download (all pages); recorded in the audit log',
        description: `${access} Same \`q\` as the list (page and ordering ignored: newest member first). text/csv; charset=utf-8, UTF-8 with BOM, columns nombre, apellido, email, telefono, documento, cliente_desde (store time), puntos, monedas; streamed in batches; cells starting with = + - @ are quoted so a spreadsheet never runs them. Each export is an audit line (entity \`member_export\`: who, the filter, how many members).`,
        querystring: adminMembersQuery,
        response: {
          200: {
            description: 'The CSV file (an attachment named clientes-<date>.csv)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const stream = await membersCsv(requireAdmin(request), { q: request.query.q });
      return sendCsvDownload(reply, `clientes-${storeDateOf(new Date())}.csv`, stream);
    },
  );

  server.get(
    '/v5/admin/members/:uid/',
    {
      schema: {
        tags,
        summary: "One member: contact data, the company's programs with balances and level",
        description: `${access} No password, token or session data is answered. \`orders_count\` counts the orders at the places the user may see.`,
        params: uidParams,
        response: { 200: adminMember, ...errors },
      },
    },
    async (request) => getMember(requireAdmin(request), request.params.uid),
  );

  server.get(
    '/v5/admin/members/:uid/ledger/',
    {
      schema: {
        tags,
        summary: "The member's points, coins and stamps lines in the company's programs",
        description: `${access} Newest first. \`program\`: one program of the company (else 400 {program}); \`currency\`: POINTS | COINS | STAMPS.`,
        params: uidParams,
        querystring: adminMemberLedgerQuery,
        response: { 200: paged(adminMemberLedgerLine), ...errors },
      },
    },
    async (request) => {
      const { page: _page, page_size: _size, ...filters } = request.query;
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        memberLedger(requireAdmin(request), request.params.uid, filters, window),
      );
    },
  );

  server.get(
    '/v5/admin/members/:uid/orders/',
    {
      schema: {
        tags,
        summary: "The member's orders at the company's places, newest first",
        description: `${access} A summary per order (the order itself: \`GET v5/admin/orders/{uid}/\`); a user limited to places sees those places' orders; an order still waiting for its card payment is not listed.`,
        params: uidParams,
        querystring: pageQuery,
        response: { 200: paged(adminMemberOrder), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        memberOrders(requireAdmin(request), request.params.uid, window),
      ),
  );

  server.get(
    '/v5/admin/members/:uid/redemptions/',
    {
      schema: {
        tags,
        summary: "The units of the company's promotions the member took, newest first",
        description: `${access} Status ACTIVE (taken, not yet used), USED or CANCELLED, with the coins or stamps spent; the redemption code is not answered.`,
        params: uidParams,
        querystring: pageQuery,
        response: { 200: paged(adminMemberRedemption), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        memberRedemptions(requireAdmin(request), request.params.uid, window),
      ),
  );
};
