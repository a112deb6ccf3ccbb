import { authMessages } from '@store/contract';
import { ValidationError } from '../../../lib/http-errors';
import { idTokenVerifier } from './id-token';
import { nameOf } from './types';

/** Google: an ID token from Google Identity Services, for the GOOGLE method's `client_id`. */
export const googleVerifier = idTokenVerifier({
  provider: 'google',
  method: 'GOOGLE',
  name: 'Google',
  keys: (config) => ({ jwksUrl: config.googleJwksUrl, issuer: config.googleIssuers }),
  invalid: authMessages.invalidGoogleToken,
  identity(claims, email) {
    // Google signs in only people whose address it vouches for: an unverified one is refused.
    if (!email || claims.email_verified !== true || !claims.sub)
      throw new ValidationError({ id_token: [authMessages.googleEmailUnverified] });
    return {
      subject: claims.sub,
      email,
      emailVerified: true,
      firstName: nameOf(claims.given_name),
      lastName: nameOf(claims.family_name),
    };
  },
});
