import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  joinProgramInput,
  ledgerLine,
  ledgerQuery,
  memberProgram,
  memberQr,
  pageQuery,
  paged,
  program,
  programsQuery,
} from '@store/contract';
import { errorResponses } from '../../lib/route-errors';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { memberList, memberRecord } from '../../lib/member-lists';
import {
  getMemberProgram,
  joinProgram,
  listLedger,
  listPrograms,
  memberQr as makeMemberQr,
} from './service';
import { areaAccess } from '../../plugins/route-access';

const tags = ['programs'];
const uidParams = z.object({ uid: z.string() });

export const programsRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');
  server.get(
    '/v5/programs/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The tenant's benefit programs",
        description:
          '`company` filters by company uid. Only active programs of companies with benefit programs switched on.',
        querystring: pageQuery.extend(programsQuery.shape),
        response: { 200: paged(program), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listPrograms(request.scope(), { company: request.query.company || undefined }, window),
      );
    },
  );

  server.post(
    '/v5/me/programs/',
    {
      schema: {
        tags,
        summary: 'Joins a program',
        description:
          'Body `{program: uid}`. 201 when the member joins, 200 when already a member. Programs closed to online joining answer 400.',
        body: joinProgramInput,
        response: { 200: memberProgram, 201: memberProgram, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const result = await joinProgram(request.memberScope(), request.body.program);
      return reply.code(result.created ? 201 : 200).send(result.program);
    },
  );

  memberRecord(
    server,
    {
      path: '/v5/me/programs/:uid/',
      tags,
      summary: "A program with the member's balances and level",
      description:
        "Balances are sums of the member's ledger lines. Level: the highest level whose min_points the points balance reaches (null below the first), the next level and the points missing to reach it. 404 when the program does not exist here.",
      params: uidParams,
      answer: memberProgram,
    },
    (request, params) => getMemberProgram(request.memberScope(), params.uid),
  );

  server.post(
    '/v5/me/programs/:uid/qr/',
    {
      config: { limitedSession: 'allowed' },
      schema: {
        tags,
        summary: 'A signed, short-lived member QR',
        description:
          'Token `v1.<app>.<member>.<program>.<expiry unix s>.<nonce>.<HMAC-SHA256 base64url>` valid for 2 minutes; staff verify it with the server secret, and it proves presence once (its nonce is spent with the first spend it allows). Members only. A limited session (document number alone) gets an `l1.` token: it finds the member at the counter but is no proof of presence for spending coins or stamps.',
        params: uidParams,
        response: { 200: memberQr, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => makeMemberQr(request.memberScope(), request.params.uid),
  );

  memberList(
    server,
    {
      path: '/v5/me/programs/:uid/ledger/',
      tags,
      summary: "The member's ledger lines in a program, newest first",
      description:
        'Every earn, spend, expiry and reversal of points, coins and stamps; the balances are their sums. `currency` filters.',
      row: ledgerLine,
      query: pageQuery.extend(ledgerQuery.shape),
      limitedSession: true,
    },
    (request, uid, query, window) =>
      listLedger(request.memberScope(), uid, { currency: query.currency }, window),
  );
};
