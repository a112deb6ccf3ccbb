import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readInfluencerUid } from '../../../lib/influencer';
import { FormAlert } from '../../../components/form-fields';
import { useFacebookLogin } from '../api/facebook-login';
import { loadFacebookSdk, type FacebookSdk } from '../lib/facebook-sdk';
import { useProviderSignIn } from './use-provider-sign-in';

/** Facebook's "f", white on the button's Facebook blue (Facebook's brand guidelines). */
function FacebookLogo() {
  return (
    <svg className="provider-button__logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07"
      />
    </svg>
  );
}

/**
 * "Continuar con Facebook" for an app with a FACEBOOK method. The SDK loads when the screen opens
 * so that the click opens Facebook's dialog at once (a popup opened later would be blocked);
 * the access token it gives is checked by the server. When the SDK cannot load, the area says
 * so and the rest of the screen keeps working.
 */
export function FacebookSignIn({ appId, wanted }: { appId: string; wanted?: string }) {
  const { t, i18n } = useTranslation();
  const sdk = useRef<FacebookSdk | null>(null);
  const [script, setScript] = useState<'loading' | 'ready' | 'failed'>('loading');
  const login = useFacebookLogin();
  const { signIn, errors } = useProviderSignIn(wanted);

  const language = i18n.language;
  useEffect(() => {
    let cancelled = false;
    setScript('loading');
    loadFacebookSdk(appId, language)
      .then((loaded) => {
        if (cancelled) return;
        sdk.current = loaded;
        setScript('ready');
      })
      .catch(() => {
        if (!cancelled) setScript('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [appId, language]);

  const open = () =>
    sdk.current?.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        // No token: the person closed the dialog or said no; nothing to report.
        if (!token) return;
        void signIn(() =>
          login.mutateAsync({ access_token: token, influencer_uid: readInfluencerUid() }),
        );
      },
      { scope: 'public_profile,email' },
    );

  return (
    <div className="social-signin__provider">
      {script === 'failed' ? (
        <p className="google-signin__unavailable" role="status">
          {t('auth.facebookUnavailable')}
        </p>
      ) : (
        <button
          type="button"
          className="provider-button provider-button--facebook"
          onClick={open}
          disabled={script !== 'ready' || login.isPending}
          aria-busy={script === 'loading' || login.isPending}
        >
          <FacebookLogo />
          <span>{t('auth.continueWithFacebook')}</span>
        </button>
      )}
      {login.isPending ? (
        <p className="google-signin__status" role="status">
          {t('auth.facebookSigningIn')}
        </p>
      ) : null}
      <FormAlert messages={errors} />
    </div>
  );
}
