import { authMessages } from '@store/contract';
import { ValidationError } from '../../lib/http-errors';
import type { AuthContext } from './context';

/**
 * reCAPTCHA: asked only when the app has a site key. The token is checked by
 * the configured verify URL (Google's siteverify in production; a local
 * server in tests). Any failure, including the verifier being unreachable,
 * refuses the request with the spec's message.
 */
export async function checkCaptcha(ctx: AuthContext, token: string | undefined): Promise<void> {
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
    const result = (await response.json()) as { success?: unknown };
    if (!response.ok || result.success !== true) throw refuse;
  } catch (err) {
    if (err !== refuse) ctx.log.warn({ err }, 'reCAPTCHA verification failed');
    throw refuse;
  }
}
