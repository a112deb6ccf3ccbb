import { z } from 'zod';

/**
 * Error bodies, as Django REST framework answers them: a 400 maps each field
 * (dotted path for nested ones) to its messages, with `non_field_errors` for
 * what belongs to no field; every other error is `{detail}`.
 */
export const validationErrorBody = z
  .object({ non_field_errors: z.array(z.string()).optional() })
  .catchall(z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

export const detailErrorBody = z.object({ detail: z.string() });
export type DetailErrorBody = z.infer<typeof detailErrorBody>;

export const NON_FIELD_ERRORS = 'non_field_errors';
