import { authMessages } from '@store/contract';
import { ValidationError } from '../../../lib/http-errors';
import { idTokenVerifier } from './id-token';

/**
 * Sign in with Apple: Apple's ID token for the IOS method's `client_id` (the Services ID of the
 * web sign-in), checked against Apple's keys. Apple writes `email_verified` as a boolean or as
 * the string "true"; its private relay addresses are verified too (Apple forwards to the person).
 * The name is never in the token: the browser sends it on the first sign-in only.
 */
export const appleVerifier = idTokenVerifier({
  provider: 'apple',
  method: 'IOS',
  name: 'Apple',
  keys: (config) => ({ jwksUrl: config.appleKeysUrl, issuer: config.appleIssuer }),
  invalid: authMessages.invalidAppleToken,
  identity(claims, email) {
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!claims.sub) throw new ValidationError({ id_token: [authMessages.invalidAppleToken] });
    if (!email || !verified)
      throw new ValidationError({ id_token: [authMessages.appleEmailUnverified] });
    return { subject: claims.sub, email, emailVerified: true, firstName: '', lastName: '' };
  },
});
