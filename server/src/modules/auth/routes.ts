import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorBody, errorResponses } from '../../lib/route-errors';
import {
  authMessages,
  messageText,
  authResponse,
  deletionLink,
  DELETION_LIST_PAGE_SIZE,
  detailBody,
  googleLoginBody,
  facebookLoginBody,
  appleLoginBody,
  loginBody,
  memberProgramsPage,
  pageQuery,
  passwordsMatch,
  recoveryBody,
  registerBody,
  resetPasswordBody,
  stepUpBody,
  stepUpCodeResponse,
  stepUpResponse,
  validateBody,
  validateResponse,
} from '@store/contract';
import type { FastifyRequest } from 'fastify';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { authScope } from './context';
import { requireFullSessionHook, requireUserHook } from '../../plugins/auth';
import {
  deleteAccount,
  openDeletionLink,
  requestDeletion,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from './links';
import { appleVerifier, facebookVerifier } from './social';
import { sendStepUpCode, stepUp } from './step-up';
import {
  googleLogin,
  socialLogin,
  login,
  logout,
  logoutEverywhere,
  register,
  validateDocument,
} from './service';
import { deletionPrograms } from '../programs/service';
import { areaAccess } from '../../plugins/route-access';

const tags = ['auth'];
const errors = {
  ...errorResponses(400, 401, 403, 404),
  429: detailErrorBody.describe('with a Retry-After header'),
};

const linkParams = z.object({ uid: z.string().max(64), token: z.string().max(200) });
const partnerLinkParams = linkParams.extend({
  prefix: z.string().max(64),
  uidApp: z.string().max(64),
});

/** The partner deletion path: its prefix is the app's setting, and the app in the path must be this host's app. */
function checkPartnerPath(request: FastifyRequest, params: { prefix: string; uidApp: string }) {
  const app = request.requireTenant();
  if (!app.partnerDeletionPrefix || params.prefix !== app.partnerDeletionPrefix)
    throw new NotFoundError();
  if (params.uidApp !== app.uid) throw new NotFoundError(authMessages.linkExpired);
}

export const authRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.post(
    '/v5/login/',
    {
      schema: {
        tags,
        summary: 'Log in',
        description:
          'Send one identity: `email` + `password`, `mobile_number` with country code + `password`, or `document_type` + `document_number` (+ `password` for the DOCUMENT method; none for ONLY_DOCUMENT). Only the sign-in methods of the app are accepted. `captcha_token` is required when the app has reCAPTCHA settings. `merge: true` tells the client to merge its local cart into the server cart.',
        body: loginBody,
        response: { 200: authResponse, ...errors },
      },
    },
    async (request) => login(authScope(request), request.body),
  );

  server.post(
    '/v5/login/mobile/google/',
    {
      schema: {
        tags,
        summary: 'Log in with a Google ID token',
        description:
          "The token must be signed by Google for the client id of the app's GOOGLE sign-in method, with a verified email. An unknown email registers a member when sign-up is allowed.",
        body: googleLoginBody,
        response: { 200: authResponse, ...errors },
      },
    },
    async (request) =>
      googleLogin(authScope(request), request.body.id_token, request.body.influencer_uid ?? null),
  );

  const socialErrors = {
    ...errors,
    503: detailErrorBody.describe('the provider could not be reached; with a Retry-After header'),
  };
  server.post(
    '/v5/login/mobile/facebook/',
    {
      schema: {
        tags,
        summary: 'Log in with a Facebook access token',
        description:
          "The user access token Facebook Login gave the app of the tenant's FACEBOOK method (`settings.app_id`); the server checks it with the Graph API's `debug_token`. A known Facebook account signs in; a new one registers a member when sign-up is allowed and its email is not taken (Facebook's email is not taken as proven: a verification mail is sent). 503 when Facebook cannot be reached.",
        body: facebookLoginBody,
        response: { 200: authResponse, ...socialErrors },
      },
    },
    async (request) =>
      socialLogin(authScope(request), facebookVerifier, request.body.access_token, {
        influencerUid: request.body.influencer_uid ?? null,
      }),
  );

  server.post(
    '/v5/login/mobile/apple/',
    {
      schema: {
        tags,
        summary: 'Log in with an Apple ID token',
        description:
          "The ID token Sign in with Apple gave for the client id (Services ID) of the tenant's IOS method, checked against Apple's keys. `first_name` and `last_name` (which Apple hands the browser on the first sign-in only) name a member this call registers. An unknown verified email registers a member when sign-up is allowed. 503 when Apple's keys cannot be fetched.",
        body: appleLoginBody,
        response: { 200: authResponse, ...socialErrors },
      },
    },
    async (request) =>
      socialLogin(authScope(request), appleVerifier, request.body.id_token, {
        influencerUid: request.body.influencer_uid ?? null,
        firstName: request.body.first_name,
        lastName: request.body.last_name,
      }),
  );

  server.post(
    '/v5/register/',
    {
      schema: {
        tags,
        summary: 'Register a member',
        description:
          'Required fields follow the app: first_name, last_name, email and password normally; only email and document when the app has ONLY_DOCUMENT and no password is sent; document_number when the app validates documents; mobile_number when it validates mobile numbers. Birthdate YYYY-MM-DD, at least 18 years. The four acceptances must be true. Sends a verification mail. 403 when the app does not allow sign-up.',
        body: registerBody,
        response: { 201: authResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await register(authScope(request), request.body)),
  );

  server.post(
    '/v5/validate/',
    {
      schema: {
        tags,
        summary: 'Is a document registered, and may it register?',
        body: validateBody,
        response: { 201: validateResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await validateDocument(authScope(request), request.body)),
  );

  server.post(
    '/v5/logout/',
    {
      config: { limitedSession: 'allowed' },
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'Log out (ends this session)',
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      await logout(request.memberScope(), request.sessionHash!);
      return { detail: messageText(authMessages.loggedOut) };
    },
  );

  server.post(
    '/v5/me/step-up/code/',
    {
      config: { limitedSession: 'allowed' },
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'Mail a one-time code that confirms who holds this session (step-up)',
        description:
          "Ours. For a session made with a document number alone: a 6-digit code goes to the account's verified email (400 when it has none), valid 10 minutes, once, for this session only; a new one replaces it. Rate-limited per address and per member (429).",
        response: { 200: stepUpCodeResponse, ...errors },
      },
    },
    async (request) =>
      sendStepUpCode({ ...authScope(request), ...request.memberScope() }, request.sessionHash!),
  );

  server.post(
    '/v5/me/step-up/',
    {
      config: { limitedSession: 'allowed' },
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'Confirm who holds this session with the password or the mailed code (step-up)',
        description:
          'Ours. Send `password` or `code` (of `POST v5/me/step-up/code/`). A session made with a document number alone then acts as a full one until `stepped_up_until` (1 hour); its 403 `auth.step_up_required` answers stop. 400 {password} or {code} when wrong; five wrong codes kill the code. Rate-limited per address and per member (429).',
        body: stepUpBody,
        response: { 200: stepUpResponse, ...errors },
      },
    },
    async (request) =>
      stepUp(
        { ...authScope(request), ...request.memberScope() },
        request.sessionHash!,
        request.body,
      ),
  );

  server.post(
    '/v5/logout/all/',
    {
      preValidation: requireFullSessionHook,
      schema: {
        tags,
        summary: 'Log out everywhere (ends every session of the member, this one too)',
        description:
          'Ours. For a lost phone or a shared computer. A limited session (document number alone): 403.',
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      await logoutEverywhere(request.fullMemberScope());
      return { detail: messageText(authMessages.loggedOutEverywhere) };
    },
  );

  server.post(
    '/v5/me/reset_password/',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link',
        description:
          'Answers the same 200 whether or not the email has an account. The link is /reset-password/{uidUser}/{token}, valid for 1 hour and once.',
        body: recoveryBody,
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(authScope(request), request.body.email);
      return { detail: messageText(authMessages.recoverySent) };
    },
  );

  server.post(
    '/v5/me/reset_password/:uidUser/:token/',
    {
      schema: {
        tags,
        summary: 'Set a new password from a mailed link',
        description:
          'Ends every session of the member. 404 "El link ha expirado" when the link is unknown, used or expired.',
        params: z.object({ uidUser: z.string().max(64), token: z.string().max(200) }),
        body: resetPasswordBody,
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      if (!passwordsMatch(request.body)) throw new ValidationError(authMessages.passwordsMustMatch);
      await resetPassword(authScope(request), request.params, request.body.password);
      return { detail: messageText(authMessages.passwordReset) };
    },
  );

  server.get(
    '/v5/verification-email/:uidApp/:uidUser/:token/',
    {
      schema: {
        tags,
        summary: 'Verify an email from the mailed link',
        params: z.object({
          uidApp: z.string().max(64),
          uidUser: z.string().max(64),
          token: z.string().max(200),
        }),
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      await verifyEmail(authScope(request), request.params);
      return { detail: messageText(authMessages.emailVerified) };
    },
  );

  server.post(
    '/v5/delete-account/',
    {
      preValidation: requireFullSessionHook,
      schema: {
        tags,
        summary: 'Mail the signed-in member a link that deletes the account',
        description:
          "The link is /me/delete/{uidApp}/{uidUser}/{token} (prefixed with the app's partner_deletion_prefix when set), valid for 24 hours and once. A limited session (document number alone): 403.",
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      await requestDeletion(authScope(request), request.requireUser());
      return { detail: messageText(authMessages.deletionSent) };
    },
  );

  // Deletion by link: the link token is the authority, no session needed.
  const openLink = async (request: FastifyRequest, uid: string, token: string) => {
    const user = await openDeletionLink(authScope(request), uid, token);
    return { uid: user.uid, first_name: user.firstName, email: user.email };
  };
  const listPrograms = async (
    request: FastifyRequest,
    uid: string,
    token: string,
    query: z.infer<typeof pageQuery>,
  ) => {
    const user = await openDeletionLink(authScope(request), uid, token);
    return pagedAnswer(
      request,
      pageWindow({ page: query.page, page_size: DELETION_LIST_PAGE_SIZE }),
      (window) => deletionPrograms(request.server.db, user.appId, user.uid, window),
    );
  };
  const remove = async (request: FastifyRequest, uid: string, token: string) => {
    await deleteAccount(authScope(request), uid, token);
    return { detail: messageText(authMessages.accountDeleted) };
  };
  const linkDoc =
    'uid is the member uid; the app is the host\'s. 404 "El link ha expirado" when the link is unknown, used or expired.';

  server.get(
    '/v5/me/delete/:uid/:token/',
    {
      schema: {
        tags,
        summary: 'Check an account deletion link',
        description: linkDoc,
        params: linkParams,
        response: { 200: deletionLink, ...errors },
      },
    },
    async (request) => openLink(request, request.params.uid, request.params.token),
  );
  server.get(
    '/v5/me/delete/:uid/:token/list-members-programs/',
    {
      schema: {
        tags,
        summary: 'Benefits lost on deletion (pages of 25)',
        description: linkDoc,
        params: linkParams,
        querystring: pageQuery.pick({ page: true }),
        response: { 200: memberProgramsPage, ...errors },
      },
    },
    async (request) =>
      listPrograms(request, request.params.uid, request.params.token, request.query),
  );
  server.delete(
    '/v5/me/delete/:uid/:token/',
    {
      schema: {
        tags,
        summary: 'Delete the account of a deletion link',
        description: linkDoc,
        params: linkParams,
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => remove(request, request.params.uid, request.params.token),
  );

  const partnerDoc =
    "Partner variant: {prefix} is the app setting features.partner_deletion_prefix (404 on any other), uidApp must be this host's app.";
  server.get(
    '/v5/:prefix/me/delete/:uidApp/:uid/:token/',
    {
      schema: {
        tags,
        summary: 'Check an account deletion link (partner path)',
        description: partnerDoc,
        params: partnerLinkParams,
        response: { 200: deletionLink, ...errors },
      },
    },
    async (request) => {
      checkPartnerPath(request, request.params);
      return openLink(request, request.params.uid, request.params.token);
    },
  );
  server.get(
    '/v5/:prefix/me/delete/:uidApp/:uid/:token/list-members-programs/',
    {
      schema: {
        tags,
        summary: 'Benefits lost on deletion (partner path)',
        description: partnerDoc,
        params: partnerLinkParams,
        querystring: pageQuery.pick({ page: true }),
        response: { 200: memberProgramsPage, ...errors },
      },
    },
    async (request) => {
      checkPartnerPath(request, request.params);
      return listPrograms(request, request.params.uid, request.params.token, request.query);
    },
  );
  server.delete(
    '/v5/:prefix/me/delete/:uidApp/:uid/:token/',
    {
      schema: {
        tags,
        summary: 'Delete the account of a deletion link (partner path)',
        description: partnerDoc,
        params: partnerLinkParams,
        response: { 200: detailBody, ...errors },
      },
    },
    async (request) => {
      checkPartnerPath(request, request.params);
      return remove(request, request.params.uid, request.params.token);
    },
  );
};
