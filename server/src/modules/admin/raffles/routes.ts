import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRaffle,
  adminRaffleCreate,
  adminRaffleDraw,
  adminRaffleEntry,
  adminRaffleEntryQuery,
  adminRafflePatch,
  adminRaffleQuery,
  adminRaffleVerification,
  paged,
  versionConflictBody,
} from '@store/contract';
import { detailErrorBody } from '../../../lib/route-errors';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import { resourceRoutes } from '../resource-routes';
import { createRaffle, getRaffle, listRaffles, rafflePrograms, updateRaffle } from './service';
import { listEntries } from './entries';
import { drawRaffle, getDraw, verifyDraw } from './drawing';
import { requestMail } from '../request-mail';
import { errors, tags, uidParams } from '../route-docs';

const access =
  "Back office, raffles (area `engagement`): 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant. Raffles belong to the company's programs (not to places: every manager of the company sees them); a raffle of another company is 404.";
const drawn = "A drawn raffle is frozen: 409 {code: 'admin.raffle_already_drawn', detail}.";

/** `/api/v5/admin/raffles/...`: the company's raffles, their entrants, the draw and its check. */
export const adminRaffleRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('engagement'));

  const raffles = resourceRoutes(server, { path: '/v5/admin/raffles/', item: adminRaffle, access });

  raffles.list(
    {
      summary: "The company's raffles with their entrant counts, newest first",
      description: `${access} \`q\`: part of the name; \`program\`: a program uid.`,
      query: adminRaffleQuery,
    },
    listRaffles,
  );

  server.get(
    '/v5/admin/raffles/programs/',
    {
      schema: {
        tags,
        summary: "The company's programs a raffle may belong to",
        description: access,
        response: { 200: z.array(z.object({ uid: z.string(), name: z.string() })), ...errors },
      },
    },
    async (request) => rafflePrograms(requireAdmin(request)),
  );

  raffles.create(
    {
      summary: 'Creates a raffle in one of the company’s programs',
      description: `${access} 201. \`program\`: a program of the company (else 400 {program}); \`ends_at\` after \`starts_at\` (400 {ends_at}); \`winners_count\` 1 to 100. Audited.`,
      body: adminRaffleCreate,
    },
    createRaffle,
  );
  raffles.get({ summary: 'One raffle with its version' }, getRaffle);
  raffles.save(
    'patch',
    {
      summary: 'Changes a raffle (optimistic concurrency on `version`)',
      description: `${access} Send the fields to change and the \`version\` read; when someone else changed it since: 409 {code: 'admin.version_conflict', detail, current}. ${drawn} Audited.`,
      body: adminRafflePatch,
      conflict: z.union([versionConflictBody(adminRaffle), detailErrorBody]),
    },
    updateRaffle,
  );

  server.get(
    '/v5/admin/raffles/:uid/entries/',
    {
      schema: {
        tags,
        summary: "The raffle's entrants, first registered first, with each winner's rank",
        description: `${access} \`q\`: part of the name or email; \`winners=true\`: the winners only.`,
        params: uidParams,
        querystring: adminRaffleEntryQuery,
        response: { 200: paged(adminRaffleEntry), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listEntries(requireAdmin(request), request.params.uid, request.query, window),
      ),
  );

  server.post(
    '/v5/admin/raffles/:uid/draw/',
    {
      schema: {
        tags,
        summary: 'Draws the winners, once, with a recorded and re-runnable random draw',
        description: `${access} 201 with the draw record: the entrants frozen (sorted user uids) and their SHA-256, a fresh 32-byte seed, the algorithm (\`hmac-sha256-fisher-yates/v1\`, docs/decisions.md) and the winners in order. The raffle closes to new entries; each winner is mailed. Nobody entered: 400 {non_field_errors}. ${drawn} Concurrent requests: exactly one draws.`,
        params: uidParams,
        body: z.object({}).strict().nullish(),
        response: { 201: adminRaffleDraw, ...errors, 409: detailErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await drawRaffle(requireAdmin(request), request.params.uid, requestMail(request))),
  );

  server.get(
    '/v5/admin/raffles/:uid/draw/',
    {
      schema: {
        tags,
        summary: 'The draw record (download it and re-run it with tools/verify-raffle-draw.mjs)',
        description: `${access} Not drawn yet: 404 {code: 'admin.raffle_not_drawn'}.`,
        params: uidParams,
        response: { 200: adminRaffleDraw, ...errors },
      },
    },
    async (request) => getDraw(requireAdmin(request), request.params.uid),
  );

  server.get(
    '/v5/admin/raffles/:uid/draw/verify/',
    {
      schema: {
        tags,
        summary: 'Re-runs the draw from its record and checks the record against the entrants',
        description: `${access} \`ok\` when the kept entry list still hashes to the kept hash and equals today's entrants (\`entries_match\`) and the algorithm on the kept seed gives the kept winners (\`winners_match\`).`,
        params: uidParams,
        response: { 200: adminRaffleVerification, ...errors },
      },
    },
    async (request) => verifyDraw(requireAdmin(request), request.params.uid),
  );
};
