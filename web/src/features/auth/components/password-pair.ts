import { z } from 'zod';
import { authMessages } from '@store/contract/auth/messages';
import { newPasswordPair, passwordsMatch } from '@store/contract/auth/password';

/** The contract's password rule on both fields, and the passwords_must_match rule shown on the confirmation. */
export const passwordPairSchema = z.object(newPasswordPair).refine(passwordsMatch, {
  message: authMessages.passwordsMustMatch,
  path: ['password_confirmation'],
});
