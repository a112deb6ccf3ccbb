import { authMessages } from '@store/contract';
import { ValidationError } from '../../../lib/http-errors';
import { verifyIdToken } from './id-token';
import { nameOf, settingString, type SocialVerifier } from './types';

/** Google: an ID token from Google Identity Services, for the GOOGLE method's `client_id`. */
export const googleVerifier: SocialVerifier = {
  provider: 'google',
  method: 'GOOGLE',
  field: 'id_token',
  clientId: (settings) => settingString(settings, 'client_id'),
  async verify(ctx, idToken, clientId) {
    const claims = await verifyIdToken(ctx, idToken, {
      provider: 'Google',
      jwksUrl: ctx.config.googleJwksUrl,
      issuer: ctx.config.googleIssuers,
      audience: clientId,
      field: 'id_token',
      invalid: authMessages.invalidGoogleToken,
    });
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
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
};
