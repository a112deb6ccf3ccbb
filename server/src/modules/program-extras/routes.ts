import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageQuery,
  poll,
  pollResponse,
  pollResponseInput,
  pollsQuery,
  programBlock,
  raffle,
} from '@store/contract';
import { errorResponses } from '../../lib/route-errors';
import { memberList, memberRecord } from '../../lib/member-lists';
import { dismissRaffle, getRaffle, listRaffles, registerRaffle } from './raffles';
import { answerPoll, getPoll, listPolls } from './polls';
import { listBlocks } from './blocks';
import { areaAccess } from '../../plugins/route-access';
import { emptyBody } from '../../plugins/empty-body';

const tags = ['programs'];
const programParams = z.object({ uid: z.string() });
const raffleParams = z.object({ program: z.string(), uid: z.string() });
const pollParams = z.object({ program: z.string(), poll: z.string() });

export const programExtrasRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');
  memberList(
    server,
    {
      path: '/v5/me/programs/:uid/raffles/',
      tags,
      summary: "A program's raffles with the member's state",
      description:
        'Active raffles that have started (ended ones too, with is_open false), by position; the ones the member dismissed leave the list. Each carries registered and dismissed.',
      row: raffle,
      limitedSession: true,
    },
    (request, uid, _query, window) => listRaffles(request.memberScope(), uid, window),
  );

  memberRecord(
    server,
    {
      path: '/v5/me/programs/:program/raffles/:uid/',
      tags,
      summary: "A raffle with the member's state",
      description:
        "404 (the not-found state) for unknown, not started, switched off or other programs' raffles. A dismissed raffle is still found here.",
      params: raffleParams,
      answer: raffle,
    },
    (request, params) => getRaffle(request.memberScope(), params.program, params.uid),
  );

  server.post(
    '/v5/me/programs/:program/raffles/:uid/register/',
    {
      schema: {
        tags,
        summary: 'Registers the member in a raffle',
        description:
          "Empty body. 201 when registered now, 200 when already registered (one participation per member, also under concurrent calls). Members of the program only ('Únete al programa para usar sus promociones.'); 'Este sorteo ya no admite inscripciones.' once it has ended. Registering undoes a dismissal.",
        params: raffleParams,
        body: emptyBody,
        response: { 200: raffle, 201: raffle, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const result = await registerRaffle(
        request.memberScope(),
        request.params.program,
        request.params.uid,
      );
      return reply.code(result.created ? 201 : 200).send(result.raffle);
    },
  );

  server.post(
    '/v5/me/programs/:program/raffles/:uid/dismiss/',
    {
      schema: {
        tags,
        summary: 'The member hides a raffle',
        description:
          "Empty body. The raffle leaves the member's list (its registration, if any, stays). Idempotent.",
        params: raffleParams,
        body: emptyBody,
        response: { 200: raffle, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      dismissRaffle(request.memberScope(), request.params.program, request.params.uid),
  );

  memberList(
    server,
    {
      path: '/v5/me/programs/:uid/polls/',
      tags,
      summary: "A program's polls for the member",
      description:
        "Without `is_resolved` (or false): the pending polls - open and not answered by the member. `is_resolved=true`: the ones the member answered, newest answer first, each with `my_answers` (the calling member's own chosen options or text per question; never another member's). `page=n`.",
      row: poll,
      query: pageQuery.extend(pollsQuery.shape),
      limitedSession: true,
    },
    (request, uid, query, window) =>
      listPolls(request.memberScope(), uid, { resolved: query.is_resolved }, window),
  );

  memberRecord(
    server,
    {
      path: '/v5/me/programs/:program/polls/:poll/',
      tags,
      summary: 'A poll with its questions and options',
      description:
        "Answered by the caller: `is_resolved` true, `answered_at` and `my_answers` - the caller's own answers ({question, options, text}) in question order; empty for anyone who has not answered.",
      params: pollParams,
      answer: poll,
    },
    (request, params) => getPoll(request.memberScope(), params.program, params.poll),
  );

  server.post(
    '/v5/me/polls/:uid/responses/',
    {
      schema: {
        tags,
        summary: 'The member answers a poll',
        description:
          'Body `{answers: [{question, options?: [option uid], text?}]}` with an answer for EVERY question: SINGLE_CHOICE exactly one option, MULTIPLE_CHOICE one or more, TEXT a non-empty text; options must belong to their question. Errors are keyed `answers.{n}`, n the question\'s position from 0 as the poll lists it, e.g. {"answers.2": ["Este campo es requerido"]}. Answering twice is a 400 (\'Ya respondió esta encuesta.\'). Members of the program only. Written in one transaction.',
        params: programParams,
        body: pollResponseInput,
        response: { 201: pollResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await answerPoll(request.memberScope(), request.params.uid, request.body)),
  );

  for (const which of ['sections', 'ads'] as const) {
    memberList(
      server,
      {
        path: `/v5/me/programs/:uid/${which}/`,
        tags,
        summary: which === 'sections' ? "A program page's sections" : "A program page's ads",
        description: 'Active ones in position order: title, image, link, position.',
        row: programBlock,
        limitedSession: true,
      },
      (request, uid, _query, window) => {
        request.requireUser();
        return listBlocks(request.scope(), uid, which, window);
      },
    );
  }
};
