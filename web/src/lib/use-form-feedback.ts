import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFormErrors } from './form-errors';
import { useErrorText } from './error-text';

/**
 * General messages of a form plus the way a failed call lands on it: each field error of a 400
 * on its field (first message), non_field_errors and others as general messages, and the
 * fallback when the answer says nothing usable.
 */
export function useFormFeedback<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
) {
  const [general, setGeneral] = useState<string[]>([]);
  const tm = useErrorText();
  const showError = useCallback(
    (error: unknown) => {
      const parsed = serverFormErrors(error, fields);
      // Kept as message refs (codes): the fields and FormAlert show them in the reader's
      // language, and a screen can tell one message from another by its code.
      for (const [field, message] of Object.entries(parsed.fields))
        setError(field as Path<T>, { type: 'server', message });
      const messages = [...parsed.general];
      if (!messages.length && !Object.keys(parsed.fields).length) messages.push(fallback);
      setGeneral(messages);
      return parsed;
    },
    [fields, setError, fallback],
  );
  return { general, setGeneral, showError, tm };
}
