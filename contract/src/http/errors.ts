import { z } from 'zod';

import { FIELD_CODES } from '../errors/refs';

export { FIELD_CODES };
export const NON_FIELD_ERRORS = 'non_field_errors';

/** A message as the API names it: a code of the catalogue and its parameters, if any. */
export const codedMessageBody = z.object({
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});

/**
 * Error bodies, as Django REST framework answers them: a 400 maps each field
 * (dotted path for nested ones) to its messages, with `non_field_errors` for
 * what belongs to no field, and `codes` maps the same fields to the codes of
 * those messages, in the same order. Every other error is
 * `{code, detail, params?}`: `detail` is the text (the spec's words), `code`
 * what clients branch on and translate.
 */
export const validationErrorBody = z
  .object({
    non_field_errors: z.array(z.string()).optional(),
    [FIELD_CODES]: z.record(z.string(), z.array(codedMessageBody)).optional(),
  })
  .catchall(z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

export const detailErrorBody = z.object({
  detail: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type DetailErrorBody = z.infer<typeof detailErrorBody>;
