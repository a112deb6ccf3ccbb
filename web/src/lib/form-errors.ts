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

/** `{'option_groups.0.name': e}` as react-hook-form keeps errors: `{option_groups: [{name: e}]}`. */
export function nestFieldErrors(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  // Deeper paths first, so a list's own message lands on the list built for its rows.
  const entries = Object.entries(flat).sort(
    ([a], [b]) => b.split('.').length - a.split('.').length,
  );
  for (const [path, error] of entries) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    // A message on a whole list (an empty options list) sits at its `root`, as the field arrays read it.
    const last = keys.at(-1)!;
    if (node[last] && typeof node[last] === 'object')
      (node[last] as Record<string, unknown>).root = error;
    else node[last] = error;
  }
  return root;
}
