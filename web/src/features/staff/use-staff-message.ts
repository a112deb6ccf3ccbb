import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { staffMessages } from '@store/contract/staff/messages';
import { useServerMessage } from '../../lib/server-messages';
import { parseTransitionRefused } from './logic';

const keyByMessage = new Map<string, string>(
  Object.entries(staffMessages).map(([key, text]) => [text, key]),
);

/**
 * The staff answers come as the contract writes them (the spec's quoted ones in English, ours
 * in Spanish); the ones we know are shown in the reader's language, the rest as the accounts
 * area translates them.
 */
export function useStaffMessage(): (message: string) => string {
  const { t } = useTranslation();
  const tm = useServerMessage();
  return useCallback(
    (message: string) => {
      // Says the same as the server in Spanish; in English it names the statuses in English.
      const refused = parseTransitionRefused(message);
      if (refused)
        return t('staff.transitionRefused', {
          from: t(`staff.status_${refused.from}`),
          to: t(`staff.status_${refused.to}`),
        });
      const key = keyByMessage.get(message);
      return key ? t(`staff.serverMessages.${key}`, { defaultValue: message }) : tm(message);
    },
    [t, tm],
  );
}
