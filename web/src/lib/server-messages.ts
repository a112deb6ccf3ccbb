import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { authEs } from '../i18n/auth-es';

const keyByMessage = new Map<string, string>(
  Object.entries(authEs.serverMessages).map(([key, text]) => [text, key]),
);

/**
 * The server and the contract answer Spanish messages; in another language the ones we know
 * are translated by their contract key, the rest are shown as they came.
 */
export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = keyByMessage.get(message);
      return key ? t(`auth.serverMessages.${key}`, { defaultValue: message }) : message;
    },
    [t],
  );
}
