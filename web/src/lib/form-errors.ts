import { ApiError } from '../api';

/**
 * Splits a failed call into messages per form field (the first message of each, as the forms
 * show one) and general messages (non_field_errors, fields the form does not have, or the
 * {detail} of other errors), as message refs (lib/error-text shows them).
 */
export function serverFormErrors(
  error: unknown,
  formFields: readonly string[],
): { fields: Record<string, string>; general: string[]; status: number } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  if (!(error instanceof ApiError)) return { fields, general, status: -1 };
  if (error.status === 400) {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      if (!messages.length) continue;
      if (formFields.includes(field)) fields[field] = messages[0];
      else general.push(...(field === 'non_field_errors' ? messages : [messages[0]]));
    }
  } else if (error.detailMessage !== undefined && error.status !== 0 && error.status < 500) {
    general.push(error.detailMessage);
  }
  return { fields, general, status: error.status };
}
