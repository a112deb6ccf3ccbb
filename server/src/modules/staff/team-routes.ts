import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  staffInvitation,
  staffInvitationInput,
  staffMember,
  staffMemberInput,
} from '@store/contract';
import { detailErrorBody } from '../../lib/route-errors';
import { requireStaff, staffOnly } from './guard';
import { grantMember, listMembers, removeMember } from './members';
import {
  createInvitation,
  INVITATION_QUOTA,
  listInvitations,
  revokeInvitation,
} from './invitations';
import { authScope } from '../auth/context';
import { access, errors, tags, uidParams, type StaffServer } from './route-docs';

/** The company's staff and their invitations (owners only). */
export function teamRoutes(server: StaffServer): void {
  server.get(
    '/v5/staff/members/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: "The company's staff (owners only)",
        description: access,
        response: { 200: z.array(staffMember), ...errors },
      },
    },
    async (request) => listMembers(requireStaff(request)),
  );

  server.post(
    '/v5/staff/members/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: "Changes the role or places of someone on the company's staff (owners only)",
        description: `${access} 200 with the member. Someone new is invited instead (\`POST v5/staff/invitations/\`): any email not on the company's staff is 400 {email}, the same whether or not it has an account. Not oneself; places of the company only.`,
        body: staffMemberInput,
        response: { 200: staffMember, ...errors },
      },
    },
    async (request) => (await grantMember(requireStaff(request), request.body)).member,
  );

  server.get(
    '/v5/staff/invitations/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: "The company's pending staff invitations (owners only)",
        description: `${access} Not accepted nor revoked, newest first, at most 100; \`expired\` flags those past their 7 days.`,
        response: { 200: z.array(staffInvitation), ...errors },
      },
    },
    async (request) => listInvitations(requireStaff(request)),
  );

  server.post(
    '/v5/staff/invitations/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: 'Invites an email address to the staff with a role (owners only)',
        description: `${access} 201. Mails a single-use link (7 days) to the address; the role goes to the account that accepts it signed in with that address (\`POST v5/invitations/{uid}/{token}/accept/\`), never before, whether or not the address has an account. A new invitation to the same address replaces the pending one. Already on the company's staff: 400 {email}; places of the company only. ${INVITATION_QUOTA}`,
        body: staffInvitationInput,
        response: { 201: staffInvitation, ...errors, 429: detailErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createInvitation(requireStaff(request), request.body, invitationMail(request))),
  );

  server.delete(
    '/v5/staff/invitations/:uid/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: 'Revokes a pending staff invitation (owners only)',
        description: `${access} Its link stops working. Accepted, already revoked or unknown: 404.`,
        params: uidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeInvitation(requireStaff(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );

  server.delete(
    '/v5/staff/members/:uid/',
    {
      preValidation: staffOnly('members'),
      schema: {
        tags,
        summary: 'Removes a staff role (owners only; not oneself)',
        description: access,
        params: uidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(requireStaff(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );
}

/** The one place the staff area learns where mailed links point: the accounts mails' origin. */
function invitationMail(request: FastifyRequest) {
  return {
    mailer: request.server.mailer,
    origin: authScope(request).origin,
    quotas: request.server.accounts.mailQuotas,
  };
}
