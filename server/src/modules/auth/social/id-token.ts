import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { formatMessage, type SigninMethodType } from '@store/contract';
import type { AccountsConfig } from '../../../config';
import type { SocialProvider } from '../../../db/schema';
import { ServiceUnavailableError, ValidationError } from '../../../lib/http-errors';
import type { AuthScope } from '../context';
import { settingString, type SocialIdentity, type SocialVerifier } from './types';

/** JWKS fetchers by URL: jose caches the keys and refetches on an unknown key id. */
const jwksByUrl = new Map<string, JWTVerifyGetKey>();

function jwksOf(url: string): JWTVerifyGetKey {
  let jwks = jwksByUrl.get(url);
  if (!jwks) jwksByUrl.set(url, (jwks = createRemoteJWKSet(new URL(url))));
  return jwks;
}

/**
 * What says the token itself is bad (signature, claims, shape, unknown key); anything else
 * (the key server down, slow, or answering garbage) is the provider's failure, not the user's.
 */
const TOKEN_ERRORS: ReadonlySet<string> = new Set([
  errors.JWTClaimValidationFailed.code,
  errors.JWTExpired.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWEInvalid.code,
]);

export function providerUnavailable(provider: string): ServiceUnavailableError {
  return new ServiceUnavailableError(formatMessage('auth.provider_unavailable', { provider }), 60);
}

/**
 * An OpenID Connect ID token (Google, Apple): RS256 signature by a key of the provider's JWKS
 * (by `kid`), issuer, audience = the app's client id, not expired.
 */
export async function verifyIdToken(
  ctx: AuthScope,
  token: string,
  options: {
    provider: string;
    jwksUrl: string;
    issuer: string | string[];
    audience: string;
    field: string;
    invalid: string;
  },
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, jwksOf(options.jwksUrl), {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['RS256'],
    });
    return payload;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && TOKEN_ERRORS.has(code)) {
      ctx.log.info({ err }, `${options.provider} ID token refused`);
      throw new ValidationError({ [options.field]: [options.invalid] });
    }
    ctx.log.warn({ err }, `${options.provider} keys unavailable`);
    throw providerUnavailable(options.provider);
  }
}

/**
 * A provider whose credential is an OpenID Connect ID token in the body's `id_token`, checked
 * (`verifyIdToken`) for the `client_id` of the tenant's sign-in method. `identity` says who signed
 * in from the token's claims and the email they carry (trimmed, lower-cased, empty when none),
 * and refuses a token the provider's rules do not accept.
 */
export function idTokenVerifier(options: {
  provider: SocialProvider;
  method: SigninMethodType;
  /** The provider's name in the logs and the 503. */
  name: string;
  keys: (config: AccountsConfig) => { jwksUrl: string; issuer: string | string[] };
  /** The field error of a token that is not good. */
  invalid: string;
  identity: (claims: JWTPayload, email: string) => SocialIdentity;
}): SocialVerifier {
  return {
    provider: options.provider,
    method: options.method,
    field: 'id_token',
    clientId: (settings) => settingString(settings, 'client_id'),
    async verify(ctx, idToken, clientId) {
      const claims = await verifyIdToken(ctx, idToken, {
        provider: options.name,
        ...options.keys(ctx.config),
        audience: clientId,
        field: 'id_token',
        invalid: options.invalid,
      });
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      return options.identity(claims, email);
    },
  };
}
