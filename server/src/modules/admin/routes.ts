import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuditQuery,
  adminCategory,
  adminCategoryInput,
  adminDashboard,
  adminDashboardQuery,
  adminMe,
  auditEntry,
  paged,
  versionConflictBody,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { areaAccess } from '../../plugins/route-access';
import { listAudit } from './audit';
import { adminCatalogueRoutes } from './catalogue/routes';
import { listCategories, updateCategory } from './categories';
import { dashboard } from './dashboard';
import { adminAreasOf, adminHook, adminOnly, requireAdmin, worksForMainCompany } from './guard';
import { adminOrderRoutes } from './orders/routes';
import { adminMoneyRoutes } from './money/routes';
import { adminMediaRoutes } from './media/routes';
import { adminBrandingRoutes } from './branding/routes';
import { adminExportRoutes } from './export/routes';
import { adminCatalogueCsvRoutes } from './catalogue/routes';
import { adminPlaceRoutes } from './places/routes';
import { adminStaffRoutes } from './staff/routes';
import { adminMemberRoutes } from './members/routes';
import { adminMailRoutes } from './mail/routes';
import { adminPromotionRoutes } from './promotions/routes';
import { adminProgramRoutes } from './programs/routes';
import { adminAdRoutes } from './ads/routes';
import { adminRaffleRoutes } from './raffles/routes';
import { adminEventRoutes } from './events/routes';
import { adminPollRoutes } from './polls/routes';
import { adminLandingRoutes } from './landing/routes';
import { adminStoreRoutes } from './stores/routes';
import { adminStockRoutes } from './stock/routes';
import { adminReportRoutes } from './reports/routes';
import { errors, tags, uidParams } from './route-docs';

const access =
  'Back office: 401 without a session, 403 {code, detail} when the user is not OWNER or MANAGER of a company of this tenant (or is a MANAGER on an owner-only area); anything of another company is 404.';

/**
 * The back office (`/api/v5/admin/...`). Every route goes through `adminHook` (session,
 * then an OWNER or MANAGER role on this tenant) and names its area with `adminOnly`;
 * every write goes through one transaction with its version check and audit line.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'admin');
  server.decorateRequest('admin', null);
  server.addHook('preValidation', adminHook);
  await server.register(adminOrderRoutes);
  await server.register(adminMoneyRoutes);
  await server.register(adminMediaRoutes);
  await server.register(adminBrandingRoutes);
  await server.register(adminCatalogueRoutes);
  await server.register(adminExportRoutes);
  await server.register(adminCatalogueCsvRoutes);
  await server.register(adminPlaceRoutes);
  await server.register(adminStaffRoutes);
  await server.register(adminMemberRoutes);
  await server.register(adminMailRoutes);
  await server.register(adminPromotionRoutes);
  await server.register(adminProgramRoutes);
  await server.register(adminAdRoutes);
  await server.register(adminRaffleRoutes);
  await server.register(adminEventRoutes);
  await server.register(adminPollRoutes);
  await server.register(adminLandingRoutes);
  await server.register(adminStoreRoutes);
  await server.register(adminStockRoutes);
  await server.register(adminReportRoutes);

  server.get(
    '/v5/admin/me/',
    {
      schema: {
        tags,
        summary: "The user's back-office role: company, role, the areas they may open, places",
        description: access,
        response: { 200: adminMe, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return {
        company: admin.company,
        role: admin.role,
        areas: adminAreasOf(admin),
        places: admin.places,
        limited_to_places: admin.limitedToPlaces,
        main_company: worksForMainCompany(admin),
      };
    },
  );

  server.get(
    '/v5/admin/dashboard/',
    {
      preValidation: adminOnly('dashboard'),
      schema: {
        tags,
        summary: 'Sales, orders, members and loyalty figures of today, 7 or 30 store days',
        description: `${access} \`period\`: today | 7d (default) | 30d, store days in the store's time zone ending today. \`place\`: one place of the company (else a 400 {place}); none: every place the user may see. A sale is an order neither canceled nor refunded, at its total; loyalty figures are the company's programs' (no place).`,
        querystring: adminDashboardQuery,
        response: { 200: adminDashboard, ...errors },
      },
    },
    async (request) => dashboard(requireAdmin(request), request.query),
  );

  server.get(
    '/v5/admin/audit/',
    {
      preValidation: adminOnly('audit'),
      schema: {
        tags,
        summary: "The company's audit log, newest first",
        description: `${access} Who (user and role), when, which record, the action, and the record before and after (secrets redacted). Filters: \`entity\`, \`entity_uid\`, \`actor\` (a user uid).`,
        querystring: adminAuditQuery,
        response: { 200: paged(auditEntry), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listAudit(requireAdmin(request), request.query, window),
      ),
  );

  server.get(
    '/v5/admin/categories/',
    {
      preValidation: adminOnly('catalogue'),
      schema: {
        tags,
        summary: "The company's product categories with their versions",
        description: access,
        response: { 200: z.array(adminCategory), ...errors },
      },
    },
    async (request) => listCategories(requireAdmin(request)),
  );

  server.patch(
    '/v5/admin/categories/:uid/',
    {
      preValidation: adminOnly('catalogue'),
      schema: {
        tags,
        summary:
          'Renames, reorders, pictures or switches off a category (optimistic concurrency on `version`)',
        description: `${access} \`is_active\`: false takes the category off the store's chip bar (its products stay listed). Send the \`version\` the category was read at; when someone else changed it since: 409 {code: 'admin.version_conflict', detail, current} with the category as it is now, and nothing written. Each change is in the audit log.`,
        params: uidParams,
        body: adminCategoryInput,
        response: {
          200: adminCategory,
          ...errors,
          409: versionConflictBody(adminCategory),
        },
      },
    },
    async (request) => updateCategory(requireAdmin(request), request.params.uid, request.body),
  );
};
