import { useCallback, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { conflictRecord } from './version-conflict';

/**
 * What an editor says about its last save: the form's messages (`useFormFeedback`), whether it
 * went through (`saved`), and a failed save or delete landing on the form. A lost race
 * (`conflictRecord`) shows the record as it is now (`reload`) with the editor's conflict words, so
 * the next save goes at its version; any other failure puts the server's errors on the fields.
 */
export function useEditorFeedback<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
) {
  const feedback = useFormFeedback(setError, fields, fallback);
  const [saved, setSaved] = useState(false);
  const { setGeneral, showError } = feedback;

  /** A save starts: the last one's outcome goes. */
  const starting = useCallback(() => {
    setSaved(false);
    setGeneral([]);
  }, [setGeneral]);

  const failed = useCallback(
    <R>(error: unknown, reload: (now: R) => void, conflictMessage: string) => {
      const now = conflictRecord<R>(error);
      if (!now) return void showError(error);
      reload(now);
      setGeneral([conflictMessage]);
    },
    [setGeneral, showError],
  );

  return { ...feedback, saved, setSaved, starting, failed };
}
