import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffMe, staffPermissions } from '@store/contract';
import { programToApi } from '../programs/service';
import { requireStaff, staffHook } from './guard';
import { companyPrograms } from './programs';
import { areaAccess } from '../../plugins/route-access';
import { errors, tags, access } from './route-docs';
import { clientRoutes } from './client-routes';
import { counterRoutes } from './counter-routes';
import { orderRoutes } from './order-routes';
import { recordsRoutes } from './records-routes';
import { teamRoutes } from './team-routes';

/**
 * The staff console. Every route goes through `staffHook` (session, then the
 * user's staff role on this tenant) and states its permission with
 * `staffOnly`; the services get the resolved StaffScope and never HTTP.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'staff');
  server.decorateRequest('staff', null);
  server.addHook('preValidation', staffHook);

  server.get(
    '/v5/staff/me/',
    {
      schema: {
        tags,
        summary:
          "The user's staff role: company, role, permissions, places they may act at, the company's programs",
        description: `${access} \`places\` lists every place of the company unless the role is limited to some (\`limited_to_places\`).`,
        response: { 200: staffMe, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const programs = await companyPrograms(staff);
      return {
        company: staff.company,
        role: staff.role,
        permissions: [...staffPermissions[staff.role]],
        places: staff.places,
        limited_to_places: staff.limitedToPlaces,
        programs: programs.map((program) => programToApi({ program, company: staff.company })),
      };
    },
  );

  // Each group registers on this same instance, so staffHook and the area's access cover it.
  clientRoutes(server);
  counterRoutes(server);
  orderRoutes(server);
  recordsRoutes(server);
  teamRoutes(server);
};
