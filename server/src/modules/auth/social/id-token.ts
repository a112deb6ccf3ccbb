import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { formatMessage } from '@store/contract';
import { ServiceUnavailableError, ValidationError } from '../../../lib/http-errors';
import type { AuthScope } from '../context';

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
