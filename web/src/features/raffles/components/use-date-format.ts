import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/format';

/** Dates and times of raffles as the store's clock shows them, in the chosen language. */
export function useDateFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      formatInstant(iso, i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    [i18n.language],
  );
}
