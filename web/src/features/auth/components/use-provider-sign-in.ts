import { useState } from 'react';
import type { AuthResponse } from '@store/contract/auth/schemas';
import { authMessages } from '@store/contract/auth/messages';
import { storageKeys } from '@store/contract/constants';
import { ApiError } from '../../../api/client';
import { startSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { serverFormErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { afterSignInTarget } from '../lib/signin';

/**
 * A provider's credential signed in like the email login: the same session, cart merge and
 * destination. Refusals become the messages under the provider's button; a provider the server
 * could not reach says so (a 503) rather than a bare "could not sign in".
 */
export function useProviderSignIn(wanted: string | undefined) {
  const tm = useErrorText();
  const [errors, setErrors] = useState<string[]>([]);
  const signIn = async (call: () => Promise<AuthResponse>) => {
    setErrors([]);
    try {
      const response = await call();
      startSession(
        response.token,
        response.merge,
        afterSignInTarget(response.user, wanted, Boolean(storage.get(storageKeys.skipUpdate))),
      );
    } catch (error) {
      const { general } = serverFormErrors(error, []);
      if (error instanceof ApiError && error.status === 503 && error.detailMessage)
        general.push(error.detailMessage);
      setErrors(general.length ? general.map(tm) : [tm(authMessages.loginFailed)]);
    }
  };
  return { signIn, errors, setErrors };
}
