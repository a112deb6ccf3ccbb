import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketplaceStore, storeSignupInput, storeSignupOptions } from '@store/contract';
import { errorResponses } from '../../lib/route-errors';
import { requireFullSessionHook } from '../../plugins/auth';
import { areaAccess } from '../../plugins/route-access';
import { authScope } from '../auth/context';
import { createStore, resendVerification, signupOptions } from './signup';

const tags = ['marketplace'];
const errors = errorResponses(400, 401, 403, 404, 429);
const onlyHere =
  'Only on a marketplace app (404 elsewhere). A signed-in member with a full session (401 without one).';

/** `/api/v5/marketplace/...`: a merchant creates a store on a marketplace app (issue 18). */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');

  server.get(
    '/v5/marketplace/stores/options/',
    {
      preValidation: requireFullSessionHook,
      schema: {
        tags,
        summary: 'The categories and districts the store sign-up form offers',
        description: onlyHere,
        response: { 200: storeSignupOptions, ...errors },
      },
    },
    async (request) => signupOptions(authScope(request)),
  );

  server.post(
    '/v5/marketplace/stores/',
    {
      preValidation: requireFullSessionHook,
      schema: {
        tags,
        summary:
          "Creates the member's store: pending (public nowhere) until the marketplace approves it",
        description: `${onlyHere} The member's email must be confirmed (403 marketplace.email_unverified); a member already on a store's staff here: 403 marketplace.already_staff. \`captcha_token\` where the app has reCAPTCHA (400 {captcha_token}). Rate limited per address and per account (429). 201 with the store; the member becomes its OWNER and finds its checklist in /admin.`,
        body: storeSignupInput,
        response: { 201: marketplaceStore, ...errors },
      },
    },
    async (request, reply) => {
      const store = await createStore(
        { ...authScope(request), ...request.fullMemberScope() },
        request.body,
      );
      return reply.code(201).send(store);
    },
  );

  server.post(
    '/v5/marketplace/verification-mail/',
    {
      preValidation: requireFullSessionHook,
      schema: {
        tags,
        summary: 'Mails the email confirmation link again (before creating a store)',
        description: `${onlyHere} 204 (nothing sent when the email is already confirmed). Rate limited (429).`,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resendVerification({ ...authScope(request), ...request.fullMemberScope() });
      return reply.code(204).send(null);
    },
  );
};
