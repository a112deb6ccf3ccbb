import { authMessages } from '@store/contract';
import { ValidationError } from '../../../lib/http-errors';
import { verifyIdToken } from './id-token';
import { settingString, type SocialVerifier } from './types';

/**
 * Sign in with Apple: Apple's ID token for the IOS method's `client_id` (the Services ID of the
 * web sign-in), checked against Apple's keys. Apple writes `email_verified` as a boolean or as
 * the string "true"; its private relay addresses are verified too (Apple forwards to the person).
 * The name is never in the token: the browser sends it on the first sign-in only.
 */
export const appleVerifier: SocialVerifier = {
  provider: 'apple',
  method: 'IOS',
  field: 'id_token',
  clientId: (settings) => settingString(settings, 'client_id'),
  async verify(ctx, idToken, clientId) {
    const claims = await verifyIdToken(ctx, idToken, {
      provider: 'Apple',
      jwksUrl: ctx.config.appleKeysUrl,
      issuer: ctx.config.appleIssuer,
      audience: clientId,
      field: 'id_token',
      invalid: authMessages.invalidAppleToken,
    });
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!claims.sub) throw new ValidationError({ id_token: [authMessages.invalidAppleToken] });
    if (!email || !verified)
      throw new ValidationError({ id_token: [authMessages.appleEmailUnverified] });
    return { subject: claims.sub, email, emailVerified: true, firstName: '', lastName: '' };
  },
};
