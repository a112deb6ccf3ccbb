import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { counterCode, staffInvitationOffer } from '@store/contract';
import { errorResponses } from '../../lib/route-errors';
import { issueCounterCode } from './presence';
import { acceptInvitation, openInvitation } from './invitations';
import { areaAccess } from '../../plugins/route-access';
import { emptyBody } from '../../plugins/empty-body';

const linkParams = z.object({ uid: z.string(), token: z.string() });

/**
 * The staff area's routes for people who are not (yet) staff: the member's
 * one-time counter code, and the invitee's side of a staff invitation. Kept
 * out of staffRoutes, whose every route requires a staff role.
 */
export const staffMemberRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');
  server.post(
    '/v5/me/counter-code/',
    {
      schema: {
        tags: ['programs'],
        summary: 'A one-time code to show at the counter',
        description:
          "6 digits, valid 2 minutes, single use; a new one replaces the previous one (so does the promotion QR's `counter_code`). Staff type it (field `proof`) to spend the member's coins or stamps: a wrong code counts a failed try and 5 wrong tries kill it. Members only (401 anonymous); a limited session (document number alone) is no proof of who holds the phone: 403.",
        response: { 200: counterCode, ...errorResponses(401, 403) },
      },
    },
    async (request) => issueCounterCode(request.fullMemberScope()),
  );

  server.get(
    '/v5/invitations/:uid/:token/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['staff'],
        summary: 'A staff invitation as its mailed link shows it',
        description:
          "Company, role, places and the invited email, so the invitee signs in with that address. Anonymous allowed (the link is the secret). Unknown, accepted, revoked or expired link, or another tenant's: 404 {detail}.",
        params: linkParams,
        response: { 200: staffInvitationOffer, ...errorResponses(404) },
      },
    },
    async (request) => openInvitation(request.scope(), request.params.uid, request.params.token),
  );

  server.post(
    '/v5/invitations/:uid/:token/accept/',
    {
      schema: {
        tags: ['staff'],
        summary: 'Accepts a staff invitation: the role goes to the signed-in account',
        description:
          "The account's email must be the invited one: 400 {non_field_errors} otherwise, and for a user already staff of another company. Accepting counts as verifying that email (the link came to its mailbox). Single use; a bad link: 404 {detail}; anonymous: 401; a limited session (document number alone): 403.",
        params: linkParams,
        body: emptyBody,
        response: { 200: staffInvitationOffer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // The session before the tenant, as before the scope: 401 rather than 404 on a host of no store.
      request.requireFullSession();
      return acceptInvitation(request.fullMemberScope(), request.params.uid, request.params.token);
    },
  );
};
