import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProgram,
  adminProgramCreate,
  adminProgramInput,
  adminProgramQuery,
  adminProgramSummary,
} from '@store/contract';
import { adminOnly } from '../guard';
import { resourceRoutes } from '../resource-routes';
import { createProgram, deleteProgram, getProgram, listPrograms, updateProgram } from './service';

const access =
  "Back office, programs: 401 without a session, 403 {code, detail} unless the user is the OWNER of a company of this tenant (a MANAGER never changes what members are owed). Another company's program is 404.";
const rules =
  '`name` required; at least one of points, coins, stamps (400 {points_enabled}); `levels` ascending by `min_points` with no two equal (400 {"levels.N.min_points"}), unique names, and only with points on (400 {levels}); `sections` and `ads` in the order the program page shows them, each with `uid` when it is one the program has (400 {"sections.N.uid"} otherwise), without one: new. A changed `order_points_per_sol` counts for orders delivered after the change; points already earned stay. The store shows the change on its next read. Audited.';

/** `/api/v5/admin/programs/...`: the company's benefit programs, their levels, sections and ads. */
export const adminProgramRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('loyalty'));
  const programs = resourceRoutes(server, {
    path: '/v5/admin/programs/',
    item: adminProgram,
    access,
  });

  programs.list(
    {
      summary: "The company's programs with their members count",
      description: `${access} \`q\`: part of the name; \`active\`: true | false. In the store's order.`,
      query: adminProgramQuery,
      row: adminProgramSummary,
    },
    listPrograms,
  );
  programs.get({ summary: 'One program with its levels, sections, ads and version' }, getProgram);
  programs.create(
    {
      summary: 'Creates a program',
      description: `${access} ${rules} 201 with the program.`,
      body: adminProgramCreate,
    },
    createProgram,
  );
  programs.save(
    'patch',
    {
      summary: 'Saves a program: rules, levels, sections and ads (optimistic concurrency)',
      description: `${access} ${rules} Send the \`version\` the program was read at; when someone else (or a tenant-file import) changed it since: 409 {code: 'admin.version_conflict', detail, current} and nothing written.`,
      body: adminProgramInput,
    },
    updateProgram,
  );
  programs.remove(
    {
      summary: 'Deletes a program nobody has joined',
      description: `${access} \`version\`: the one it was read at (409 admin.version_conflict with \`current\` otherwise). A program with members is never deleted (their balances, ledger and redemptions stay): 409 {code: 'admin.program_has_members'}; switch it off instead. 204.`,
      // The members' 409 has no current record to show.
      conflict: z.object({
        code: z.string(),
        detail: z.string(),
        current: adminProgram.optional(),
      }),
    },
    deleteProgram,
  );
};
