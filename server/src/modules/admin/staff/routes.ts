import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStaffMemberPatch,
  staffInvitation,
  staffInvitationInput,
  staffMember,
} from '@store/contract';
import { detailErrorBody } from '../../../lib/route-errors';
import { INVITATION_QUOTA } from '../../staff/invitations';
import { authScope } from '../../auth/context';
import { adminOnly, requireAdmin } from '../guard';
import {
  changeStaffMember,
  inviteStaff,
  listAdminInvitations,
  listAdminStaff,
  removeStaffMember,
  revokeStaffInvitation,
} from './service';
import { errors, tags, uidParams } from '../route-docs';

const access =
  "Back office, owners only (area `staff`): 401 without a session, 403 {code, detail} for anyone but an OWNER of a company of this tenant (a MANAGER included); another company's staff or invitation is 404. Each change is in the audit log, written in the change's transaction.";

/** The back office's staff screen, over the staff console's services (registered inside `adminRoutes`). */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/v5/admin/staff/members/',
    {
      preValidation: adminOnly('staff'),
      schema: {
        tags,
        summary: "The company's staff with their roles and places, by role then name",
        description: `${access} \`places\` empty: every place of the company.`,
        response: { 200: z.array(staffMember), ...errors },
      },
    },
    async (request) => listAdminStaff(requireAdmin(request)),
  );

  server.patch(
    '/v5/admin/staff/members/:uid/',
    {
      preValidation: adminOnly('staff'),
      schema: {
        tags,
        summary: 'Changes the role or places of someone on the staff',
        description: `${access} \`uid\` is the member's user uid. Oneself: 400 {role: ['admin.staff_self']}; the only owner made anything else: 400 {role: ['admin.last_owner']}; a place of another company: 400 {place_uids.N}. The company's owners are locked while it runs, so two owners demoting each other at once leave one owner.`,
        params: uidParams,
        body: adminStaffMemberPatch,
        response: { 200: staffMember, ...errors },
      },
    },
    async (request) => changeStaffMember(requireAdmin(request), request.params.uid, request.body),
  );

  server.delete(
    '/v5/admin/staff/members/:uid/',
    {
      preValidation: adminOnly('staff'),
      schema: {
        tags,
        summary: 'Takes someone off the staff (their account stays)',
        description: `${access} Oneself: 400 {non_field_errors: ['admin.staff_self']}; the last owner: 400 {non_field_errors: ['admin.last_owner']}. 204.`,
        params: uidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeStaffMember(requireAdmin(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );

  server.get(
    '/v5/admin/staff/invitations/',
    {
      preValidation: adminOnly('staff'),
      schema: {
        tags,
        summary: "The company's pending staff invitations, newest first",
        description: `${access} Not accepted nor revoked, at most 100; \`expired\` flags those past their 7 days (invite again to send a new link).`,
        response: { 200: z.array(staffInvitation), ...errors },
      },
    },
    async (request) => listAdminInvitations(requireAdmin(request)),
  );

  server.post(
    '/v5/admin/staff/invitations/',
    {
      preValidation: adminOnly('staff'),
      schema: {
        tags,
        summary: 'Invites an email address to the staff with a role and places',
        description: `${access} 201. Mails a single-use link (7 days) to the address, built from the tenant's configured origin; the role reaches the account that accepts it signed in with that address. Inviting the same address again replaces the pending invitation (a re-send). Already on the staff: 400 {email}; a place of another company: 400 {place_uids.N}. ${INVITATION_QUOTA}`,
        body: staffInvitationInput,
        response: { 201: staffInvitation, ...errors, 429: detailErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await inviteStaff(requireAdmin(request), request.body, {
          mailer: request.server.mailer,
          origin: authScope(request).origin,
          quotas: request.server.accounts.mailQuotas,
        }),
      ),
  );

  server.delete(
    '/v5/admin/staff/invitations/:uid/',
    {
      preValidation: adminOnly('staff'),
      schema: {
        tags,
        summary: 'Revokes a pending staff invitation',
        description: `${access} Its link stops working. Accepted, already revoked or unknown: 404. 204.`,
        params: uidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeStaffInvitation(requireAdmin(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );
};
