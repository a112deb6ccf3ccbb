import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import {
  authMessages,
  messageText,
  changePasswordBody,
  detailBody,
  profileUpdateBody,
  user,
} from '@store/contract';
import { changePassword, updateProfile } from './service';
import { memberToApi } from '../auth/users';
import { requireFullSessionHook, requireUserHook } from '../../plugins/auth';
import { areaAccess } from '../../plugins/route-access';

const tags = ['profile'];

/** A body that changes nothing but the member's city (`area`). */
function onlyTheCity(request: FastifyRequest): boolean {
  const body = request.body;
  return !!body && typeof body === 'object' && Object.keys(body).every((field) => field === 'area');
}
const errors = errorResponses(400, 401, 403, 404);

export const profileRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');
  server.get(
    '/v5/me/',
    {
      config: { limitedSession: 'allowed' },
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'The signed-in member',
        response: { 200: user, ...errors },
      },
    },
    async (request) => memberToApi(request.memberScope(), request.requireUser()),
  );

  server.patch(
    '/v5/me/',
    {
      // A limited session may still pick its city, a store preference; the member's own data
      // changes only after a step-up.
      config: { limitedSession: onlyTheCity },
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'Update the signed-in member',
        description:
          "Only the fields sent change; null clears an optional field. mobile_number with country code (9 digits alone are read as +51); document_number follows the dni rule for NATIONAL_ID; birthdate YYYY-MM-DD and at least 18; area is the uid of one of the app's areas. `accept_terms: true` records the terms acceptance (kept from the first time); `skip_complete_info` remembers on the account that the member skipped /complete-info. Email cannot be changed here; other fields are ignored. `document_signin: false` stops the document number alone from signing in (and ends the member's other document-only sessions). A limited session (document number alone) may change only `area`: anything else is a 403 `auth.step_up_required`.",
        body: profileUpdateBody,
        response: { 200: user, ...errors },
      },
    },
    async (request) => updateProfile(request.memberScope(), request.sessionHash, request.body),
  );

  server.post(
    '/v5/me/change-password/',
    {
      preValidation: requireFullSessionHook,
      schema: {
        tags,
        summary: 'Change the password (our path)',
        description:
          'Needs the current password. A mismatch of password and password_confirmation is a non-field error. Other sessions of the member end.',
        body: changePasswordBody,
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      await changePassword(request.fullMemberScope(), request.sessionHash, request.body);
      return { detail: messageText(authMessages.passwordChanged) };
    },
  );
};
