import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import {
  ad,
  app,
  appList,
  companyCategory,
  companySummary,
  landing,
  pageQuery,
  paged,
  formMessages,
  formatMessage,
  errorMessages,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { ForbiddenError, NotFoundError } from '../../lib/http-errors';
import {
  describeApp,
  findAppRow,
  getLanding,
  listAllowedCompanies,
  listAppsByDomain,
  listCategories,
  listCompanyAds,
} from './service';
import type { FastifyRequest } from 'fastify';
import { areaAccess } from '../../plugins/route-access';
import type { Scope } from '../../scope/scope';

const tags = ['tenancy'];
const errors = errorResponses(400, 403, 404);
const searchText = z
  .string()
  .trim()
  .max(100, formatMessage('form.too_long', { max: 100 }))
  .optional();

/**
 * An app named in the path must be the request's own tenant: another app's
 * API-KEY is refused (403) and another host's app is not found (404).
 */
/** The scope of the app named in the path (these calls also answer on a host of no tenant). */
async function scopeFromPath(request: FastifyRequest, uid: string): Promise<Scope> {
  const row = await findAppRow(request.server.db, uid);
  if (!row) throw new NotFoundError();
  if (request.tenant && request.tenant.uid !== row.uid) {
    if (request.headers['api-key']) throw new ForbiddenError(errorMessages.invalidApiKey);
    throw new NotFoundError();
  }
  return {
    db: request.server.db,
    app: row,
    log: request.log,
    clock: request.server.clock,
    user: request.user,
    sessionMethod: request.sessionMethod,
    limitedSession: request.limitedSession,
  };
}

export const tenancyRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.get(
    '/v7/apps/',
    {
      schema: {
        tags,
        summary: 'Find the app of a host name',
        description:
          'A leading `www.` and any port are ignored. An unknown domain answers an empty list.',
        querystring: z.object({ domain: z.string().trim().min(1, formMessages.required).max(253) }),
        response: { 200: appList, ...errors },
      },
    },
    async (request) => listAppsByDomain(server.db, request.query.domain),
  );

  server.get(
    '/v7/apps/:uid',
    {
      schema: {
        tags,
        summary: 'App settings',
        params: z.object({ uid: z.string() }),
        response: { 200: app, ...errors },
      },
    },
    async (request) => describeApp(await scopeFromPath(request, request.params.uid)),
  );

  server.get(
    '/v7/apps/:uid/landing/',
    {
      schema: {
        tags,
        summary: 'Landing page sections',
        description: 'Only active sections, in order. 404 when the app has no landing page.',
        params: z.object({ uid: z.string() }),
        response: { 200: landing, ...errors },
      },
    },
    async (request) => getLanding(await scopeFromPath(request, request.params.uid)),
  );

  server.get(
    '/v7/categories/',
    {
      schema: {
        tags,
        summary: 'Company categories of a multisite app',
        description:
          'With `search`, categories whose name or one of whose companies matches (accents and case ignored).',
        querystring: pageQuery.extend({
          app: z.string().min(1, formMessages.required),
          with_companies: z.enum(['true', 'false']).optional(),
          search: searchText,
        }),
        response: { 200: paged(companyCategory), ...errors },
      },
    },
    async (request) => {
      const scope = await scopeFromPath(request, request.query.app);
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listCategories(
          scope,
          {
            withCompanies: request.query.with_companies === 'true',
            search: request.query.search || undefined,
          },
          window,
        ),
      );
    },
  );

  server.get(
    '/v7/apps/:uid/allowed-companies/',
    {
      schema: {
        tags,
        summary: 'Companies a multisite app lists',
        querystring: pageQuery.extend({ category: z.string().optional(), search: searchText }),
        params: z.object({ uid: z.string() }),
        response: { 200: paged(companySummary), ...errors },
      },
    },
    async (request) => {
      const scope = await scopeFromPath(request, request.params.uid);
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listAllowedCompanies(
          scope,
          {
            category: request.query.category || undefined,
            search: request.query.search || undefined,
          },
          window,
        ),
      );
    },
  );

  server.get(
    '/v5/companies/:uid/ads',
    {
      schema: {
        tags,
        summary: 'Active ads of a company',
        params: z.object({ uid: z.string() }),
        querystring: pageQuery,
        response: { 200: paged(ad), ...errors },
      },
    },
    async (request) => {
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listCompanyAds(request.scope(), request.params.uid, window),
      );
    },
  );
};
