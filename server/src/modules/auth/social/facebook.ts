import { createHmac } from 'node:crypto';
import { authMessages } from '@store/contract';
import { ValidationError } from '../../../lib/http-errors';
import type { AuthScope } from '../context';
import { providerUnavailable } from './id-token';
import { nameOf, settingString, type SocialVerifier } from './types';

const TIMEOUT_MS = 5000;

type GraphAnswer = { status: number; body: Record<string, unknown> };

/** A GET on the Graph API; the network failing, timing out or answering no JSON is Facebook down. */
async function graphGet(ctx: AuthScope, path: string, query: Record<string, string>) {
  const url = new URL(`${ctx.config.facebookGraphUrl}/${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  let answer: GraphAnswer;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') throw new Error('Graph API answered no object');
    answer = { status: response.status, body: body as Record<string, unknown> };
  } catch (err) {
    // The URL carries tokens: log the path only.
    ctx.log.warn({ err, path }, 'Facebook Graph API unreachable');
    throw providerUnavailable('Facebook');
  }
  if (answer.status >= 500) {
    ctx.log.warn({ status: answer.status, path }, 'Facebook Graph API failed');
    throw providerUnavailable('Facebook');
  }
  return answer;
}

const invalid = () => new ValidationError({ access_token: [authMessages.invalidFacebookToken] });

/**
 * Facebook Login: the user access token the JS SDK gave. `debug_token`, asked with the app's
 * own access token (`appId|secret`, from FACEBOOK_APP_SECRETS), says whether it is valid and for
 * which app, so a token some other app obtained is refused; `/me` then gives the person.
 * Facebook does not say whether the address was confirmed, so its email never vouches.
 */
export const facebookVerifier: SocialVerifier = {
  provider: 'facebook',
  method: 'FACEBOOK',
  field: 'access_token',
  clientId: (settings) => settingString(settings, 'app_id'),
  async verify(ctx, accessToken, appId) {
    const secret = ctx.config.facebookAppSecrets[appId];
    if (!secret) {
      ctx.log.error({ appId }, 'FACEBOOK_APP_SECRETS has no secret for this app id');
      throw providerUnavailable('Facebook');
    }
    const debug = await graphGet(ctx, 'debug_token', {
      input_token: accessToken,
      access_token: `${appId}|${secret}`,
    });
    if (debug.status !== 200) {
      // A malformed token is the visitor's (code 100); anything else, e.g. our app token refused
      // (190), is the server's configuration or Facebook's failure.
      const error = debug.body.error as { code?: unknown } | undefined;
      if (error?.code === 100) {
        ctx.log.info({ status: debug.status, error }, 'Facebook token refused');
        throw invalid();
      }
      ctx.log.error({ status: debug.status, error }, 'Facebook debug_token failed');
      throw providerUnavailable('Facebook');
    }
    const data = (debug.body.data ?? {}) as Record<string, unknown>;
    if (data.is_valid !== true || String(data.app_id ?? '') !== appId || !data.user_id) {
      ctx.log.info(
        { is_valid: data.is_valid, app_id: data.app_id, error: data.error },
        'Facebook token refused',
      );
      throw invalid();
    }

    const me = await graphGet(ctx, 'me', {
      fields: 'id,first_name,last_name,email',
      access_token: accessToken,
      // Facebook's proof that the call comes from the app's server, not from a stolen token.
      appsecret_proof: createHmac('sha256', secret).update(accessToken).digest('hex'),
    });
    const person = me.body;
    if (me.status !== 200 || String(person.id ?? '') !== String(data.user_id)) {
      ctx.log.info({ status: me.status }, 'Facebook /me refused the token');
      throw invalid();
    }
    const email = typeof person.email === 'string' ? person.email.trim().toLowerCase() : '';
    return {
      subject: String(person.id),
      email,
      emailVerified: false,
      firstName: nameOf(person.first_name),
      lastName: nameOf(person.last_name),
    };
  },
};
