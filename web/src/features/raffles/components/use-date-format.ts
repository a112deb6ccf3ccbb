import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_TIME_ZONE } from '@store/contract/time/store-clock';

/** Dates and times of raffles as the store's clock shows them, in the chosen language. */
export function useDateFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Date(iso).toLocaleString(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: STORE_TIME_ZONE,
      }),
    [i18n.language],
  );
}
