import { z } from 'zod';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from './limits';

/** Longer texts than these are refused; shorter ones are cut to CLIENT_ERROR_LIMITS when stored. */
const text = (max: number) => z.string().max(max);

/**
 * POST v5/client-errors/: an error the web app met in the browser. The tenant is the host's, the
 * member the session's, the browser the User-Agent header's: the body names none of them.
 */
export const clientErrorReport = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS),
    message: text(CLIENT_ERROR_LIMITS.bodyBytes).trim().min(1),
    stack: text(CLIENT_ERROR_LIMITS.bodyBytes).nullish(),
    component_stack: text(CLIENT_ERROR_LIMITS.bodyBytes).nullish(),
    /** The page's path (no query, no fragment: they may carry tokens). */
    page: text(2048).regex(/^\/[^?#\s]*$/),
    /** The web build that ran (its id is baked in at build time). */
    build: text(CLIENT_ERROR_LIMITS.buildId).regex(/^[\w.+-]+$/),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorReport>;
