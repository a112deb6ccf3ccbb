import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery, paged } from '@store/contract';
import { errorResponses } from './route-errors';
import { pagedAnswer, pageWindow, type PageWindow } from './pagination';

type Server = Parameters<FastifyPluginAsyncZod>[0];
type Schema = z.ZodTypeAny;

const ownerParams = z.object({ uid: z.string() });

/** What the API document says of a member route: where it is and what it does. */
type MemberRouteDocs = { path: string; tags: string[]; summary: string; description: string };

/**
 * A member-side list of what one record holds (a program's raffles or ledger, a promotion's
 * places): GET on `path` with the record's `uid`, paged in the API's envelope (`pageSize` rows a
 * page unless the query asks), answering 400/401/404 as every member list does. `limitedSession`
 * says whether a session made with the document number alone may read it: each list decides.
 */
export function memberList<Row extends Schema, Query extends Schema = typeof pageQuery>(
  server: Server,
  route: MemberRouteDocs & {
    row: Row;
    query?: Query;
    pageSize?: number;
    limitedSession: boolean;
  },
  load: (
    request: FastifyRequest,
    uid: string,
    query: z.output<Query>,
    window: PageWindow,
  ) => Promise<{ count: number; results: z.output<Row>[] }>,
): void {
  // Registered on Fastify's untyped face, as the back office's resourceRoutes: the row and query
  // schemas are the caller's generics, which the zod type provider cannot check a handler against.
  const routes = server as unknown as FastifyInstance;
  routes.get(
    route.path,
    {
      ...(route.limitedSession ? { config: { limitedSession: 'allowed' as const } } : {}),
      schema: {
        tags: route.tags,
        summary: route.summary,
        description: route.description,
        params: ownerParams,
        querystring: route.query ?? pageQuery,
        response: { 200: paged(route.row), ...errorResponses(400, 401, 404) },
      },
    },
    async (request: FastifyRequest<{ Params: { uid: string } }>) => {
      const query = request.query as z.output<Query> & { page: number; page_size?: number };
      return pagedAnswer(request, pageWindow(query, route.pageSize), (window) =>
        load(request, request.params.uid, query, window),
      );
    },
  );
}

/**
 * A member-side read of one record (a program, a raffle, a poll, a promotion): GET on `path`,
 * readable by a session made with the document number alone (it shows, it changes nothing), and
 * answering 401/404 as every member read does.
 */
export function memberRecord<Params extends Schema, Answer extends Schema>(
  server: Server,
  route: MemberRouteDocs & {
    params: Params;
    answer: Answer;
  },
  load: (request: FastifyRequest, params: z.output<Params>) => Promise<z.output<Answer>>,
): void {
  const routes = server as unknown as FastifyInstance;
  routes.get(
    route.path,
    {
      config: { limitedSession: 'allowed' as const },
      schema: {
        tags: route.tags,
        summary: route.summary,
        description: route.description,
        params: route.params,
        response: { 200: route.answer, ...errorResponses(401, 404) },
      },
    },
    async (request: FastifyRequest) => load(request, request.params as z.output<Params>),
  );
}
