import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';

/** The staff plugin's instance: each route group registers on it, inside its hook and access. */
export type StaffServer = Parameters<FastifyPluginAsyncZod>[0];

// What every staff route's documentation shares, written once for the route groups.
export const tags = ['staff'];
export const errors = errorResponses(400, 401, 403, 404);
export const uidParams = z.object({ uid: z.string() });
export const proofDoc =
  "`proof`: the client's member QR (`v1.…`, scanned), the promotion QR of their activation steps (`p1.…`, for that promotion only) or the 6-digit code their phone shows (`POST v5/me/counter-code/`). Each lives 2 minutes and proves presence once: it is spent in the transaction of the spend it allows. Missing, wrong, expired, used or another client's: 400 {proof: [message]}, and 5 wrong codes kill the code.";
export const access =
  'Staff only: 401 without a session, 403 {detail} when the user is not staff of a company of this tenant or the role may not do this; anything of another company is 404.';
