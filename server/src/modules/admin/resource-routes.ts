import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminVersionQuery, paged, versionConflictBody } from '@store/contract';
import { pagedAnswer, pageWindow, type PageWindow } from '../../lib/pagination';
import { requireAdmin, type AdminScope } from './guard';
import { errors, tags, uidParams } from './route-docs';

type Server = Parameters<FastifyPluginAsyncZod>[0];
type Schema = z.ZodTypeAny;
/** What a route says of itself in the API document. */
type Texts = { summary: string; description?: string };

/**
 * The routes of one back-office resource (a company's ads, events, programs...), written once:
 * the list paged in the API's envelope, one record, create (201), save with its version (409 with
 * the current record when someone else saved first) and delete with the version read (204). Each
 * handler takes the admin scope the area's guard set (`adminOnly(area)` on the plugin), so the
 * routes speak HTTP and the area's service keeps the rules, the audit line and the version check.
 * An area adds its own routes beside these (a draw, a publish, a CSV) on the same server.
 */
export function resourceRoutes<Item extends Schema>(
  server: Server,
  resource: {
    /** The collection's path, with its trailing slash: `/v5/admin/ads/`. */
    path: string;
    /** The record as the API answers it. */
    item: Item;
    /** Who may call, written once and put first in every route's description. */
    access: string;
  },
) {
  const { path, item, access } = resource;
  // Registered on Fastify's untyped face: each record's schema is the caller's generic, which the
  // zod type provider cannot check a handler against; the signatures below carry the types, and
  // the schemas still validate each request and serialise each answer at run time.
  const routes = server as unknown as FastifyInstance;
  type WithUid = FastifyRequest<{ Params: { uid: string } }>;
  const one = `${path}:uid/`;
  const describe = (texts: Texts) => texts.description ?? access;
  return {
    /** The list, paged; `row` when a list row is shorter than the record (a summary). */
    list<Query extends Schema, Row extends Schema = Item>(
      texts: Texts & { query: Query; row?: Row },
      list: (
        admin: AdminScope,
        query: z.output<Query>,
        window: PageWindow,
      ) => Promise<{ count: number; results: z.output<Row>[] }>,
    ) {
      routes.get(
        path,
        {
          schema: {
            tags,
            summary: texts.summary,
            description: describe(texts),
            querystring: texts.query,
            response: { 200: paged(texts.row ?? item), ...errors },
          },
        },
        async (request) => {
          const query = request.query as z.output<Query> & { page: number; page_size?: number };
          return pagedAnswer(request, pageWindow(query), (window) =>
            list(requireAdmin(request), query, window),
          );
        },
      );
    },

    get(texts: Texts, get: (admin: AdminScope, uid: string) => Promise<z.output<Item>>) {
      routes.get(
        one,
        {
          schema: {
            tags,
            summary: texts.summary,
            description: describe(texts),
            params: uidParams,
            response: { 200: item, ...errors },
          },
        },
        async (request: WithUid) => get(requireAdmin(request), request.params.uid),
      );
    },

    create<Body extends Schema>(
      texts: Texts & { body: Body },
      create: (admin: AdminScope, body: z.output<Body>) => Promise<z.output<Item>>,
    ) {
      routes.post(
        path,
        {
          schema: {
            tags,
            summary: texts.summary,
            description: describe(texts),
            body: texts.body,
            response: { 201: item, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await create(requireAdmin(request), request.body as z.output<Body>)),
      );
    },

    /**
     * Saves a record read at `version` (PUT for the whole record, PATCH for a part); `conflict`
     * when its 409 says more than "someone saved first".
     */
    save<Body extends Schema>(
      method: 'put' | 'patch',
      texts: Texts & { body: Body; conflict?: Schema },
      save: (admin: AdminScope, uid: string, body: z.output<Body>) => Promise<z.output<Item>>,
    ) {
      routes[method](
        one,
        {
          schema: {
            tags,
            summary: texts.summary,
            description: describe(texts),
            params: uidParams,
            body: texts.body,
            response: { 200: item, ...errors, 409: texts.conflict ?? versionConflictBody(item) },
          },
        },
        async (request: WithUid) =>
          save(requireAdmin(request), request.params.uid, request.body as z.output<Body>),
      );
    },

    /**
     * Deletes a record read at `version`; `query` when the area's delete takes more than the
     * version, `conflict` when its 409 says more than "someone saved first".
     */
    remove(
      texts: Texts & { query?: Schema; conflict?: Schema },
      remove: (admin: AdminScope, uid: string, version: number) => Promise<unknown>,
    ) {
      routes.delete(
        one,
        {
          schema: {
            tags,
            summary: texts.summary,
            description: describe(texts),
            params: uidParams,
            querystring: texts.query ?? adminVersionQuery,
            response: {
              204: z.null(),
              ...errors,
              409: texts.conflict ?? versionConflictBody(item),
            },
          },
        },
        async (
          request: FastifyRequest<{ Params: { uid: string }; Querystring: { version: number } }>,
          reply,
        ) => {
          await remove(requireAdmin(request), request.params.uid, request.query.version);
          return reply.status(204).send(null);
        },
      );
    },
  };
}
