import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readInfluencerUid } from '../../../lib/influencer';
import { FormAlert } from '../../../components/form-fields';
import { useAppleLogin } from '../api/apple-login';
import { loadAppleId, type AppleId } from '../lib/apple-id';
import { useProviderSignIn } from './use-provider-sign-in';

/** Apple's logo, white on the black button (Apple's Human Interface Guidelines). */
function AppleLogo() {
  return (
    <svg className="provider-button__logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.37 12.74c-.02-2.34 1.91-3.47 2-3.52-1.09-1.6-2.79-1.82-3.4-1.84-1.45-.15-2.83.85-3.56.85-.74 0-1.87-.83-3.07-.81-1.58.02-3.04.92-3.85 2.34-1.64 2.85-.42 7.07 1.18 9.38.78 1.13 1.71 2.4 2.93 2.36 1.18-.05 1.62-.76 3.04-.76 1.42 0 1.82.76 3.06.74 1.27-.02 2.07-1.15 2.84-2.29.9-1.31 1.26-2.58 1.28-2.65-.03-.01-2.45-.94-2.47-3.73zM14.04 5.87c.65-.79 1.09-1.88.97-2.97-.94.04-2.07.62-2.74 1.41-.6.7-1.13 1.81-.99 2.88 1.05.08 2.11-.53 2.76-1.32z"
      />
    </svg>
  );
}

/** Apple's answer when the person closes its window or cancels: nothing to report. */
const CANCELLED = new Set(['popup_closed_by_user', 'user_cancelled_authorize']);

/**
 * "Continuar con Apple" for an app with an IOS method (Sign in with Apple JS, popup mode). Apple
 * gives the name only on the first sign-in, beside the ID token: it goes along so that a new
 * member is named. When Apple's script cannot load, the area says so.
 */
export function AppleSignIn({
  clientId,
  redirectUri,
  wanted,
}: {
  clientId: string;
  redirectUri: string;
  wanted?: string;
}) {
  const { t, i18n } = useTranslation();
  const apple = useRef<AppleId | null>(null);
  const [script, setScript] = useState<'loading' | 'ready' | 'failed'>('loading');
  const login = useAppleLogin();
  const { signIn, errors, setErrors } = useProviderSignIn(wanted);

  const language = i18n.language;
  useEffect(() => {
    let cancelled = false;
    setScript('loading');
    loadAppleId(clientId, redirectUri, language)
      .then((loaded) => {
        if (cancelled) return;
        apple.current = loaded;
        setScript('ready');
      })
      .catch(() => {
        if (!cancelled) setScript('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, redirectUri, language]);

  const open = async () => {
    if (!apple.current) return;
    let response;
    try {
      response = await apple.current.auth.signIn();
    } catch (error) {
      const reason = (error as { error?: unknown } | null)?.error;
      if (typeof reason === 'string' && CANCELLED.has(reason)) return;
      return setErrors([t('auth.appleUnavailable')]);
    }
    const idToken = response.authorization?.id_token;
    if (!idToken) return;
    const name = response.user?.name;
    await signIn(() =>
      login.mutateAsync({
        id_token: idToken,
        first_name: name?.firstName ?? null,
        last_name: name?.lastName ?? null,
        influencer_uid: readInfluencerUid(),
      }),
    );
  };

  return (
    <div className="social-signin__provider">
      {script === 'failed' ? (
        <p className="google-signin__unavailable" role="status">
          {t('auth.appleUnavailable')}
        </p>
      ) : (
        <button
          type="button"
          className="provider-button provider-button--apple"
          onClick={() => void open()}
          disabled={script !== 'ready' || login.isPending}
          aria-busy={script === 'loading' || login.isPending}
        >
          <AppleLogo />
          <span>{t('auth.continueWithApple')}</span>
        </button>
      )}
      {login.isPending ? (
        <p className="google-signin__status" role="status">
          {t('auth.appleSigningIn')}
        </p>
      ) : null}
      <FormAlert messages={errors} />
    </div>
  );
}
