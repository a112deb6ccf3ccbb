import { authMessages } from '@store/contract';
import { ValidationError } from '../../lib/http-errors';
import { normaliseDomain } from '../tenancy/service';
import type { AuthScope } from './context';

type SiteVerifyAnswer = { success?: unknown; hostname?: unknown; score?: unknown };

/**
 * reCAPTCHA: asked only when the app has a site key. The token is checked by
 * the configured verify URL (Google's siteverify in production; a local
 * server in tests), and the answer must be a success solved on this tenant's
 * own domain (a token solved on another site of the same key is no proof
 * here) and, for a v3 answer (one with a score), score at least
 * RECAPTCHA_MIN_SCORE. Any failure, including the verifier being
 * unreachable, refuses the request with the spec's message.
 */
export async function checkCaptcha(ctx: AuthScope, token: string | undefined): Promise<void> {
  if (!ctx.app.recaptchaSiteKey) return;
  const refuse = new ValidationError({ captcha_token: [authMessages.captcha] });
  if (!token?.trim()) throw refuse;
  try {
    const response = await fetch(ctx.config.recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: ctx.config.recaptchaSecret,
        response: token,
        remoteip: ctx.ip,
      }),
      signal: AbortSignal.timeout(5000),
    });
    const result = (await response.json()) as SiteVerifyAnswer;
    if (!response.ok || result.success !== true) throw refuse;
    if (
      typeof result.hostname !== 'string' ||
      normaliseDomain(result.hostname) !== ctx.app.domain
    ) {
      ctx.log.warn({ hostname: result.hostname }, 'reCAPTCHA solved on another host');
      throw refuse;
    }
    if (result.score !== undefined) {
      const score = Number(result.score);
      if (!Number.isFinite(score) || score < ctx.config.recaptchaMinScore) throw refuse;
    }
  } catch (err) {
    if (err !== refuse) ctx.log.warn({ err }, 'reCAPTCHA verification failed');
    throw refuse;
  }
}
