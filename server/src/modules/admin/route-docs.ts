import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';

// What the back office's routes share in the API document, written once for its route files.
export const tags = ['admin'];
/** The error answers of a back-office route on a record (the 404 of another company's). */
export const errors = errorResponses(400, 401, 403, 404);
export const uidParams = z.object({ uid: z.string() });
