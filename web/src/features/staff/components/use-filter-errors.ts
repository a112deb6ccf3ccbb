import { serverFormErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

/**
 * A staff list's read refused for its filters (a 400): each field's message in the reader's words
 * beside its filter (`errorOf`), the others above the list (`general`), and whether any filter
 * was refused (`refused`: the list then shows only the fields' messages, no failure page).
 */
export function useFilterErrors(error: unknown, fields: readonly string[]) {
  const stm = useErrorText();
  const parsed = serverFormErrors(error, fields);
  return {
    errorOf: (field: string): string | undefined =>
      parsed.fields[field] ? stm(parsed.fields[field]) : undefined,
    general: parsed.general.map(stm),
    refused: Object.keys(parsed.fields).length > 0,
  };
}
